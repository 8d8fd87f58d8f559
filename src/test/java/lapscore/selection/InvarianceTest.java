package lapscore.selection;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import lapscore.testkit.DenseLaplacianReference;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/**
 * Scores depend on the data only: not on ties between duplicate rows, offsets, scale or storage.
 * Partitioning, re-runs and row order are checked for every estimator in
 * {@link SelectorContractTest#resultsDoNotDependOnPartitioningReRunsOrRowOrder}.
 */
class InvarianceTest {

    private static final double[][] DATA = SparkTestSession.clusteredData(300, 6, 7L);

    private static LaplacianScoreSelector selector() {
        return new LaplacianScoreSelector().setNumNeighbors(6).setBlockSize(64);
    }

    private static void assertSameScores(double[] expected, double[] actual, double relative) {
        assertEquals(expected.length, actual.length);
        for (int r = 0; r < expected.length; r++) {
            assertEquals(expected[r], actual[r], relative * Math.abs(expected[r]), "feature " + r);
        }
    }

    @Test
    void tiesBetweenDuplicateRowsDoNotDependOnPartitioning() {
        List<Row> iris = SparkTestSession.spark().read().option("header", true).option("inferSchema", true)
                .csv("data/iris.csv").collectAsList();
        double[][] data = new double[iris.size()][4];
        for (int i = 0; i < data.length; i++) {
            for (int j = 0; j < 4; j++) {
                data[i][j] = iris.get(i).getDouble(j);
            }
        }
        double[] onePartition = selector().setNumNeighbors(7).fit(SparkTestSession.denseFrame(data, 1)).scores();
        for (int partitions : new int[]{3, 8}) {
            assertSameScores(onePartition, selector().setNumNeighbors(7).fit(SparkTestSession.denseFrame(data, partitions)).scores(), 0.0);
        }
    }

    @Test
    void largeOffsetScoresLikeTheFeatureItself() {
        Random random = new Random(11);
        double[][] plain = new double[200][3];
        double[][] offset = new double[200][3];
        for (int i = 0; i < plain.length; i++) {
            for (int j = 0; j < 3; j++) {
                // multiples of 2^-10 below 2^10 in magnitude, so 1e9 + x is exact in double precision
                plain[i][j] = Math.rint(random.nextGaussian() * (j + 1) * 1024) / 1024;
                offset[i][j] = plain[i][j];
            }
            offset[i][1] = 1e9 + plain[i][1];
        }
        double[] expected = selector().fit(SparkTestSession.denseFrame(plain, 2)).scores();
        double[] actual = selector().fit(SparkTestSession.denseFrame(offset, 2)).scores();
        assertSameScores(expected, actual, 1e-9);
    }

    @Test
    void tinyScaleFeatureIsScoredNotDiscarded() {
        double[][] data = new double[150][];
        for (int i = 0; i < data.length; i++) {
            data[i] = DATA[i].clone();
            data[i][2] *= 1e-8;
        }
        double[] actual = selector().fit(SparkTestSession.denseFrame(data, 2)).scores();
        double[] expected = new DenseLaplacianReference(data, 6, "euclidean", "heat", Double.NaN, false).scores(data, false);
        assertTrue(Double.isFinite(actual[2]));
        assertSameScores(expected, actual, 1e-9);
    }

    @Test
    void constantFeatureScoresNaNAndIsNeverSelected() {
        double[][] data = new double[120][];
        for (int i = 0; i < data.length; i++) {
            data[i] = Arrays.copyOf(DATA[i], 4);
            data[i][1] = 7.25;
        }
        for (String variance : new String[]{"degree", "uniform"}) {
            LaplacianScoreSelectorModel model = selector().setVarianceWeighting(variance).setNumTopFeatures(4)
                    .fit(SparkTestSession.denseFrame(data, 2));
            assertTrue(Double.isNaN(model.scores()[1]), variance);
            assertArrayEquals(new int[]{0, 2, 3}, model.selectedFeatures(), variance);
            assertEquals(1, model.featureRanking()[3], "constant feature ranks last");
        }
    }

    @Test
    void sparseDenseAndMixedStorageGiveTheSameScores() {
        Random random = new Random(5);
        int dims = 40;
        List<Vector> dense = new ArrayList<>();
        List<Vector> sparse = new ArrayList<>();
        List<Vector> mixed = new ArrayList<>();
        for (int i = 0; i < 250; i++) {
            double[] row = new double[dims];
            for (int j = 0; j < dims; j++) {
                if (random.nextDouble() < 0.15 + 0.3 * (j % 2)) {
                    row[j] = (i % 3 == 0 && j < 10 ? 5.0 : 0.0) + random.nextGaussian();
                }
            }
            row[0] = 1.0 + i % 3;
            dense.add(Vectors.dense(row));
            sparse.add(Vectors.dense(row).toSparse());
            mixed.add(i % 2 == 0 ? Vectors.dense(row) : Vectors.dense(row).toSparse());
        }
        for (String variance : new String[]{"degree", "uniform"}) {
            double[] expected = selector().setVarianceWeighting(variance).fit(SparkTestSession.frame(dense, 2)).scores();
            assertSameScores(expected, selector().setVarianceWeighting(variance).fit(SparkTestSession.frame(sparse, 2)).scores(), 1e-12);
            assertSameScores(expected, selector().setVarianceWeighting(variance).fit(SparkTestSession.frame(mixed, 3)).scores(), 1e-12);
        }
    }

    @Test
    void duplicateRowsAndDistanceTiesFollowTheReferenceTieBreak() {
        Random random = new Random(2);
        double[][] distinct = new double[60][4];
        for (double[] row : distinct) {
            for (int j = 0; j < row.length; j++) {
                row[j] = random.nextInt(5);
            }
        }
        List<double[]> rows = new ArrayList<>();
        for (double[] row : distinct) {
            for (int copy = 0; copy < 3; copy++) {
                rows.add(row.clone());
            }
        }
        Collections.shuffle(rows, random);
        double[][] data = rows.toArray(double[][]::new);
        double[] expected = new DenseLaplacianReference(data, 5, "euclidean", "binary", Double.NaN, false).scores(data, false);
        for (int partitions : new int[]{1, 4}) {
            double[] actual = selector().setNumNeighbors(5).setWeightKernel("binary").setBlockSize(50)
                    .fit(SparkTestSession.denseFrame(data, partitions)).scores();
            assertSameScores(expected, actual, 1e-9);
            assertFalse(Arrays.stream(actual).anyMatch(score -> score < 0.01), "neighbours reach beyond the duplicates");
        }
    }
}
