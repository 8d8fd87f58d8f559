package lapscore.selection;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import lapscore.progress.FitWarnings;
import lapscore.testkit.DenseLkrReference;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Local Kernel Regression score against {@link DenseLkrReference}, which evaluates eqs. 5-16 of
 * Cheung and Zeng (2009) with dense matrices and a plain Gaussian elimination: unsupervised and
 * supervised, raw and centred, on several block layouts.
 */
class LocalKernelRegressionSelectorTest {

    private static final double H = 4.0;
    private static final double LAMBDA = 0.1;

    @ParameterizedTest(name = "centerFeatures={0}")
    @ValueSource(booleans = {false, true})
    void unsupervisedMatchesDenseReference(boolean center) {
        double[][] data = SparkTestSession.clusteredData(90, 6, 7);
        for (int blockSize : new int[]{0, 25}) {
            LocalKernelRegressionSelectorModel model = new LocalKernelRegressionSelector().setNumNeighbors(6).setBandwidth(H)
                    .setLkrLambda(LAMBDA).setCenterFeatures(center).setBlockSize(blockSize)
                    .fit(SparkTestSession.denseFrame(data, 3));
            double[] expected = DenseLkrReference.unsupervised(data, 6, H, LAMBDA).scores(data, center);
            assertClose(expected, model.scores(), 1e-8);
            assertEquals(H, model.summary().bandwidth());
        }
    }

    @ParameterizedTest(name = "centerFeatures={0}")
    @ValueSource(booleans = {false, true})
    void supervisedMatchesDenseReference(boolean center) {
        double[][] data = SparkTestSession.clusteredData(70, 5, 11);
        int[] labels = labels(data.length, new int[]{1, 2, 7, 20, 40});
        LocalKernelRegressionSelectorModel model = new LocalKernelRegressionSelector().setGraphType("class").setLabelCol("label")
                .setBandwidth(H).setLkrLambda(LAMBDA).setCenterFeatures(center)
                .fit(labelledFrame(data, labels, 4));
        double[] expected = DenseLkrReference.supervised(data, labels, H, LAMBDA).scores(data, center);
        assertClose(expected, model.scores(), 1e-8);
        assertEquals(0, model.summary().largeClasses());
        assertEquals(5, model.summary().numClasses());
    }

    /**
     * Classes above maxClassSize regress every row on its k nearest rows of the class (D = I): the
     * reference is the unsupervised dense regression run within each class.
     */
    @Test
    void classesAboveTheBoundUseTheirNearestRows() {
        double[][] data = SparkTestSession.clusteredData(80, 4, 13);
        int[] labels = labels(data.length, new int[]{30, 6, 44});
        int k = 4;
        LocalKernelRegressionSelectorModel model = new LocalKernelRegressionSelector().setGraphType("class").setLabelCol("label")
                .setBandwidth(H).setLkrLambda(LAMBDA).setNumNeighbors(k).setMaxClassSize(10).setCenterFeatures(true)
                .fit(labelledFrame(data, labels, 2));
        assertEquals(2, model.summary().largeClasses());

        int m = data.length;
        int d = data[0].length;
        double[][] beta = new double[m][m];
        for (int label = 0; label < 3; label++) {
            List<Integer> members = new ArrayList<>();
            for (int i = 0; i < m; i++) {
                if (labels[i] == label) {
                    members.add(i);
                }
            }
            double[][] rows = members.stream().map(i -> data[i]).toArray(double[][]::new);
            double[][] classBeta = members.size() > 10
                    ? DenseLkrReference.unsupervised(rows, k, H, LAMBDA).coefficients
                    : DenseLkrReference.supervised(rows, new int[rows.length], H, LAMBDA).coefficients;
            for (int a = 0; a < members.size(); a++) {
                for (int b = 0; b < members.size(); b++) {
                    beta[members.get(a)][members.get(b)] = classBeta[a][b];
                }
            }
        }
        double[] expected = new double[d];
        for (int r = 0; r < d; r++) {
            double mean = 0;
            for (double[] row : data) {
                mean += row[r] / m;
            }
            double error = 0;
            double variance = 0;
            for (int i = 0; i < m; i++) {
                double estimate = 0;
                double coefficientSum = 0;
                for (int j = 0; j < m; j++) {
                    estimate += beta[i][j] * (data[j][r] - mean);
                    coefficientSum += beta[i][j];
                }
                double residual = data[i][r] - mean - estimate;
                error += residual * residual;
                variance += (data[i][r] - mean) * (data[i][r] - mean);
                assertTrue(coefficientSum != 0.0);
            }
            expected[r] = error / variance;
        }
        assertClose(expected, model.scores(), 1e-8);
    }

    /** A feature that is a smooth function of the geometry ranks above noise of the same spread. */
    @Test
    void smoothFeatureRanksAboveNoise() {
        Random random = new Random(5);
        double[][] data = new double[120][4];
        for (double[] row : data) {
            double centre = random.nextBoolean() ? 3.0 : -3.0;
            row[0] = centre + 0.5 * random.nextGaussian();
            row[1] = centre + 0.5 * random.nextGaussian();
            row[2] = row[0] + row[1];
            row[3] = 3.0 * random.nextGaussian();
        }
        LocalKernelRegressionSelectorModel model = new LocalKernelRegressionSelector().setNumNeighbors(8).setNumTopFeatures(1)
                .fit(SparkTestSession.denseFrame(data, 2));
        assertNotEquals(3, model.featureRanking()[0]);
        assertEquals(3, model.featureRanking()[3]);
        assertTrue(model.scores()[2] < model.scores()[3]);
    }

    /**
     * A feature shifted far from 0 against its spread gets a raw score made mostly of its mean and
     * drops in the ranking: the fit warns, naming it with its raw and centred scores, which are the
     * scores of the fits without and with {@code centerFeatures}. Centred, or with the feature as it
     * was (each centred on its plain mean), no warning.
     */
    @Test
    void aRankingMovedByAFeaturesMeanIsWarnedOf() {
        double[][] data = SparkTestSession.clusteredData(60, 4, 17);
        for (int r = 0; r < 4; r++) {
            double mean = 0;
            for (double[] row : data) {
                mean += row[r] / data.length;
            }
            for (double[] row : data) {
                row[r] -= mean;
            }
        }
        double[][] shifted = new double[data.length][];
        for (int i = 0; i < data.length; i++) {
            shifted[i] = data[i].clone();
            shifted[i][1] += 1e3;
        }
        LocalKernelRegressionSelector raw = new LocalKernelRegressionSelector().setNumNeighbors(5).setBandwidth(H);
        LocalKernelRegressionSelector centred = raw.copy(new ParamMap()).setCenterFeatures(true);
        List<String> warnings = new ArrayList<>();
        FitWarnings.setListener(warnings::add);
        try {
            double[] rawScores = raw.fit(SparkTestSession.denseFrame(shifted, 2)).scores();
            assertEquals(1, warnings.size(), warnings.toString());
            double[] centredScores = centred.fit(SparkTestSession.denseFrame(shifted, 2)).scores();
            assertEquals(1, warnings.size(), "no warning when centred: " + warnings);
            assertTrue(rawScores[1] > 2 * centredScores[1], rawScores[1] + " vs " + centredScores[1]);
            int moved = 0;
            for (int r = 0; r < rawScores.length; r++) {
                moved += rawScores[r] > 2 * centredScores[r] && rankOf(rawScores, r) != rankOf(centredScores, r) ? 1 : 0;
            }
            assertEquals(String.format(Locale.ROOT, "Without centerFeatures the LKR score is that of the paper, of each feature as"
                    + " it is (eq. 13), and the means of %d of 4 features make up most of their scores and move them in the"
                    + " ranking, most of all at feature 1 (score %.4g, rank %d; centred %.4g, rank %d). Set centerFeatures = true"
                    + " to score the variation of each feature only", moved, rawScores[1], rankOf(rawScores, 1), centredScores[1],
                    rankOf(centredScores, 1)), warnings.get(0));
            raw.fit(SparkTestSession.denseFrame(data, 2));
            assertEquals(1, warnings.size(), "no warning for the features as they were: " + warnings);
        } finally {
            FitWarnings.removeListener();
        }
    }

    /** 1 + the number of features of a smaller score. */
    private static int rankOf(double[] scores, int feature) {
        int rank = 1;
        for (double score : scores) {
            rank += score < scores[feature] ? 1 : 0;
        }
        return rank;
    }

    /** The raw numerator changes when a constant is added to a feature; the centred one does not. */
    @Test
    void centringMakesTheScoreShiftInvariant() {
        double[][] data = SparkTestSession.clusteredData(60, 3, 17);
        double[][] shifted = new double[data.length][];
        for (int i = 0; i < data.length; i++) {
            shifted[i] = data[i].clone();
            shifted[i][1] += 1e6;
        }
        for (boolean center : new boolean[]{false, true}) {
            LocalKernelRegressionSelector selector = new LocalKernelRegressionSelector().setNumNeighbors(5).setBandwidth(H)
                    .setCenterFeatures(center);
            double plain = selector.fit(SparkTestSession.denseFrame(data, 2)).scores()[1];
            double moved = selector.fit(SparkTestSession.denseFrame(shifted, 2)).scores()[1];
            if (center) {
                assertEquals(plain, moved, 1e-6 * plain);
            } else {
                assertTrue(Math.abs(moved - plain) > 1e-3 * plain, plain + " vs " + moved);
            }
        }
    }

    @Test
    void sparseInputGivesTheDenseScores() {
        double[][] data = SparkTestSession.clusteredData(50, 6, 19);
        for (double[] row : data) {
            row[2] = 0.0;
            row[4] = row[4] > 0 ? row[4] : 0.0;
        }
        List<org.apache.spark.ml.linalg.Vector> sparse = new ArrayList<>();
        for (double[] row : data) {
            sparse.add(Vectors.dense(row).toSparse());
        }
        for (boolean center : new boolean[]{false, true}) {
            LocalKernelRegressionSelector selector = new LocalKernelRegressionSelector().setNumNeighbors(5).setBandwidth(H)
                    .setCenterFeatures(center);
            double[] dense = selector.fit(SparkTestSession.denseFrame(data, 2)).scores();
            double[] fromSparse = selector.fit(SparkTestSession.frame(sparse, 3)).scores();
            assertTrue(Double.isNaN(dense[2]));
            assertClose(dense, fromSparse, 1e-9);
        }
    }

    @Test
    void otherGraphTypesAreRefused() {
        Dataset<Row> frame = SparkTestSession.denseFrame(SparkTestSession.clusteredData(20, 3, 1), 1);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> new LocalKernelRegressionSelector().setGraphType("epsilon").setRadius(1.0).fit(frame));
        assertTrue(refused.getMessage().contains("knn"), refused.getMessage());
    }

    /** Every sum is merged in block order, so the scores are the same to the last bit. */
    @Test
    void sameScoresFromAnyPartitioning() {
        double[][] data = SparkTestSession.clusteredData(100, 5, 23);
        LocalKernelRegressionSelector selector = new LocalKernelRegressionSelector().setNumNeighbors(7).setBlockSize(30);
        double[] one = selector.fit(SparkTestSession.denseFrame(data, 1)).scores();
        double[] seven = selector.fit(SparkTestSession.denseFrame(data, 7)).scores();
        assertArrayEquals(one, seven, 0.0);
    }

    /** A graph that is not eq. 5's (another kernel, self-loops, no neighbour lists) is refused by fitGraph. */
    @Test
    void fitGraphRefusesAGraphBuiltForTheLaplacianScore() {
        Dataset<Row> frame = SparkTestSession.denseFrame(SparkTestSession.clusteredData(40, 3, 3), 2);
        try (lapscore.graph.WeightedGraph laplacianGraph = new LaplacianScoreSelector().setNumNeighbors(5).buildGraph(frame)) {
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                    () -> new LocalKernelRegressionSelector().setNumNeighbors(5).fitGraph(laplacianGraph));
            assertTrue(refused.getMessage().contains("LocalKernelRegressionSelector.buildGraph"), refused.getMessage());
        }
        LocalKernelRegressionSelector selector = new LocalKernelRegressionSelector().setNumNeighbors(5);
        try (lapscore.graph.WeightedGraph own = selector.buildGraph(frame)) {
            assertArrayEquals(selector.fit(frame).scores(), selector.fitGraph(own).scores(), 0.0);
        }
    }

    /** Labels 0, 1, ... in runs of the given sizes, interleaved so that no class is one block of rows. */
    static int[] labels(int rows, int[] sizes) {
        int[] labels = new int[rows];
        int[] left = sizes.clone();
        int label = 0;
        for (int i = 0; i < rows; i++) {
            while (left[label % sizes.length] == 0) {
                label++;
            }
            labels[i] = label % sizes.length;
            left[label % sizes.length]--;
            label++;
        }
        return labels;
    }

    /** A frame with {@code features} and a double {@code label} column. */
    static Dataset<Row> labelledFrame(double[][] data, int[] labels, int partitions) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < data.length; i++) {
            rows.add(RowFactory.create(Vectors.dense(data[i]), (double) labels[i]));
        }
        StructType schema = new StructType().add("features", SQLDataTypes.VectorType(), true)
                .add("label", DataTypes.DoubleType, true);
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(SparkTestSession.spark().sparkContext());
        return SparkTestSession.spark().createDataFrame(jsc.parallelize(rows, partitions), schema);
    }

    private static void assertClose(double[] expected, double[] actual, double relative) {
        assertEquals(expected.length, actual.length);
        for (int r = 0; r < expected.length; r++) {
            if (Double.isNaN(expected[r])) {
                assertTrue(Double.isNaN(actual[r]), "feature " + r + " should have no score, got " + actual[r]);
            } else {
                assertEquals(expected[r], actual[r], relative * Math.abs(expected[r]), "feature " + r);
            }
        }
    }
}
