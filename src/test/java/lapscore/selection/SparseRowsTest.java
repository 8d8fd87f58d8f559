package lapscore.selection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;

import lapscore.data.CacheScope;
import lapscore.data.blocks.PreparedRows;
import lapscore.graph.GraphBuilder;
import lapscore.progress.StageTimer;
import lapscore.testkit.DenseLaplacianReference;
import lapscore.testkit.LabeledFrames;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Rows that hold few non-zero values (about 1.5 % here, as term weights do) are measured as sparse
 * points by the exact graphs, and score as {@link DenseLaplacianReference} (He, Cai and Niyogi, NIPS
 * 2005, eq. 1 with dense matrices) and a dense epsilon graph written here say, whether the vectors
 * are stored sparsely or densely; the Fisher score, laid out by the same rule, as its plain formula;
 * the approximate search keeps dense points.
 */
class SparseRowsTest {

    private static final int ROWS = 240;
    private static final int DIMS = 1500;

    /** Three topics of 12 features each, which a row of the topic holds with probability 0.7, and a few features drawn anywhere. */
    private static double[][] topicRows(long seed) {
        Random random = new Random(seed);
        double[][] rows = new double[ROWS][DIMS];
        for (int i = 0; i < ROWS; i++) {
            int topic = i % 3;
            for (int t = 0; t < 12; t++) {
                if (random.nextDouble() < 0.7) {
                    rows[i][12 * topic + t] = 1.0 + random.nextDouble() * 2;
                }
            }
            for (int s = 0; s < 12; s++) {
                rows[i][random.nextInt(DIMS)] = 0.2 + random.nextDouble();
            }
        }
        return rows;
    }

    private static Dataset<Row> frame(double[][] rows, boolean sparse) {
        List<Vector> vectors = new ArrayList<>();
        for (double[] row : rows) {
            vectors.add(sparse ? Vectors.dense(row).toSparse() : Vectors.dense(row));
        }
        return SparkTestSession.frame(vectors, 3);
    }

    @ParameterizedTest(name = "{0} {1} block {2}")
    @CsvSource({"euclidean, heat, 0", "cosine, heat, 50", "cosine, cosine, 0", "euclidean, binary, 30"})
    void knnScoresMatchTheDenseReference(String measure, String kernel, int blockSize) {
        double[][] rows = topicRows(7L);
        DenseLaplacianReference reference = new DenseLaplacianReference(rows, 5, measure, kernel, Double.NaN, false);
        double[] expected = reference.scores(rows, false);
        for (boolean storedSparsely : new boolean[]{true, false}) {
            LaplacianScoreSelectorModel model = new LaplacianScoreSelector().setNumNeighbors(5).setDistanceMeasure(measure)
                    .setWeightKernel(kernel).setBlockSize(blockSize).fit(frame(rows, storedSparsely));
            double[] actual = model.scores();
            for (int r = 0; r < DIMS; r++) {
                if (Double.isNaN(expected[r])) {
                    assertTrue(Double.isNaN(actual[r]), "feature " + r + " is constant: NaN");
                } else {
                    assertEquals(expected[r], actual[r], 1e-9 * Math.abs(expected[r]), "feature " + r + ", stored sparsely " + storedSparsely);
                }
            }
            if (kernel.equals("heat")) {
                assertEquals(reference.bandwidth, model.summary().bandwidth(), 1e-12 * reference.bandwidth);
            }
        }
    }

    @Test
    void epsilonScoresMatchADenseEpsilonGraph() {
        double[][] rows = topicRows(8L);
        DenseLaplacianReference distances = new DenseLaplacianReference(rows, 1, "euclidean", "binary", Double.NaN, false);
        double[] pairs = IntStream.range(0, ROWS).boxed()
                .flatMapToDouble(i -> IntStream.range(i + 1, ROWS).mapToDouble(j -> distances.squaredDistances[i][j])).sorted().toArray();
        double radius = Math.sqrt(pairs[pairs.length / 50]);
        double[][] weights = new double[ROWS][ROWS];
        int edges = 0;
        for (int i = 0; i < ROWS; i++) {
            for (int j = 0; j < ROWS; j++) {
                if (i != j && Math.sqrt(distances.squaredDistances[i][j]) <= radius) {
                    weights[i][j] = 1.0;
                    edges += i < j ? 1 : 0;
                }
            }
        }
        assertTrue(edges > ROWS && edges < ROWS * (ROWS - 1) / 4, "the radius joins some pairs, not all: " + edges);
        double[] expected = DenseLaplacianReference.scoresOf(weights, rows, false);
        LaplacianScoreSelectorModel model = new LaplacianScoreSelector().setGraphType("epsilon").setRadius(radius)
                .setWeightKernel("binary").setBlockSize(70).fit(frame(rows, true));
        assertEquals(edges, model.summary().numEdges());
        double[] actual = model.scores();
        for (int r = 0; r < DIMS; r++) {
            if (!Double.isNaN(expected[r])) {
                assertEquals(expected[r], actual[r], 1e-9 * Math.abs(expected[r]), "feature " + r);
            }
        }
    }

    @Test
    void fisherScoresMatchThePlainFormula() {
        double[][] rows = topicRows(10L);
        int[] classes = IntStream.range(0, ROWS).map(i -> i % 3).toArray();
        List<Vector> vectors = new ArrayList<>();
        for (double[] row : rows) {
            vectors.add(Vectors.dense(row).toSparse());
        }
        double[] actual = new FisherScoreSelector().setLabelCol(LabeledFrames.LABEL)
                .fit(LabeledFrames.frame(vectors, LabeledFrames.doubles(classes), DataTypes.DoubleType, 3)).scores();
        for (int r = 0; r < DIMS; r++) {
            double mean = 0.0;
            double[] classMeans = new double[3];
            int[] sizes = new int[3];
            for (int i = 0; i < ROWS; i++) {
                mean += rows[i][r] / ROWS;
                classMeans[classes[i]] += rows[i][r];
                sizes[classes[i]]++;
            }
            double between = 0.0;
            for (int c = 0; c < 3; c++) {
                classMeans[c] /= sizes[c];
                between += sizes[c] * (classMeans[c] - mean) * (classMeans[c] - mean);
            }
            double within = 0.0;
            for (int i = 0; i < ROWS; i++) {
                within += (rows[i][r] - classMeans[classes[i]]) * (rows[i][r] - classMeans[classes[i]]);
            }
            if (within > 0.0) {
                assertEquals(between / within, actual[r], 1e-9 * between / within + 1e-15, "feature " + r);
            }
        }
    }

    @Test
    void onlyTheExactSearchesMeasureSparsePoints() {
        Dataset<Row> frame = frame(topicRows(9L), true);
        StageTimer timer = new StageTimer(frame.sparkSession().sparkContext(), "SparseRowsTest: ");
        try (CacheScope caches = new CacheScope()) {
            PreparedRows exact = GraphBuilder.prepare(frame, "features", null,
                    new LaplacianScoreSelector().setNumNeighbors(5).graphSpec(), caches, timer);
            assertTrue(exact.sparse(), "exact kNN on rows of 1.5 % non-zero values");
            PreparedRows approximate = GraphBuilder.prepare(frame, "features", null,
                    new LaplacianScoreSelector().setNumNeighbors(5).setKnnMethod("approximate").graphSpec(), caches, timer);
            assertFalse(approximate.sparse(), "the trees need dense points");
            PreparedRows dense = GraphBuilder.prepare(SparkTestSession.denseFrame(SparkTestSession.clusteredData(50, 4, 1L), 2),
                    "features", null, new LaplacianScoreSelector().setNumNeighbors(5).graphSpec(), caches, timer);
            assertFalse(dense.sparse(), "dense rows");
        }
    }
}
