package io.github.lapscore.selection;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.github.lapscore.SparkTestSession;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/** Bad input fails on the driver with a message naming the column and the problem. */
class InputValidationTest {

    private static List<Vector> rows(int count, int dims) {
        List<Vector> rows = new ArrayList<>();
        double[][] data = SparkTestSession.clusteredData(count, dims, 1L);
        for (double[] row : data) {
            rows.add(Vectors.dense(row));
        }
        return rows;
    }

    private static void assertFitFails(LaplacianScoreSelector selector, Dataset<Row> data, String... fragments) {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> selector.fit(data));
        for (String fragment : fragments) {
            assertTrue(error.getMessage().contains(fragment), () -> "'" + error.getMessage() + "' should mention '" + fragment + "'");
        }
    }

    @Test
    void missingColumn() {
        assertFitFails(new LaplacianScoreSelector().setFeaturesCol("vec"), SparkTestSession.frame(rows(10, 2), 1),
                "'vec'", "does not exist", "features");
    }

    @Test
    void columnThatIsNotAVector() {
        StructType schema = new StructType().add("features", DataTypes.StringType);
        Dataset<Row> data = SparkTestSession.spark().createDataFrame(List.of(RowFactory.create("a"), RowFactory.create("b")), schema);
        assertFitFails(new LaplacianScoreSelector(), data, "'features'", "Vector", "string");
    }

    @Test
    void nanAndInfiniteValues() {
        List<Vector> withNaN = rows(20, 3);
        withNaN.set(7, Vectors.dense(1.0, Double.NaN, 2.0));
        assertFitFails(new LaplacianScoreSelector(), SparkTestSession.frame(withNaN, 3), "'features'", "row 7", "NaN", "feature 1");
        List<Vector> withInfinity = rows(20, 3);
        withInfinity.set(12, Vectors.sparse(3, new int[]{2}, new double[]{Double.NEGATIVE_INFINITY}));
        assertFitFails(new LaplacianScoreSelector(), SparkTestSession.frame(withInfinity, 3), "row 12", "-Infinity", "feature 2");
    }

    @Test
    void vectorsOfDifferentSizes() {
        List<Vector> mixed = rows(20, 3);
        mixed.set(9, Vectors.dense(1.0, 2.0));
        assertFitFails(new LaplacianScoreSelector(), SparkTestSession.frame(mixed, 2), "'features'", "different sizes", "row 9 has 2", "row 0 has 3");
    }

    @Test
    void nullVector() {
        List<Vector> withNull = rows(20, 3);
        withNull.set(4, null);
        assertFitFails(new LaplacianScoreSelector(), SparkTestSession.frame(withNull, 2), "'features'", "row 4 is null");
    }

    @Test
    void tooFewRows() {
        assertFitFails(new LaplacianScoreSelector(), SparkTestSession.frame(rows(1, 3), 1), "'features'", "1 row", "at least 2");
        assertFitFails(new LaplacianScoreSelector(), SparkTestSession.frame(rows(0, 3), 1), "'features'", "0 rows");
    }

    @Test
    void tooManyNeighbours() {
        assertFitFails(new LaplacianScoreSelector().setNumNeighbors(8), SparkTestSession.frame(rows(8, 3), 1),
                "'features'", "8 rows", "numNeighbors must be at most 7", "got 8");
    }

    @Test
    void zeroRowWithCosines() {
        List<Vector> withZero = rows(20, 3);
        withZero.set(5, Vectors.sparse(3, new int[0], new double[0]));
        assertFitFails(new LaplacianScoreSelector().setDistanceMeasure("cosine"), SparkTestSession.frame(withZero, 2),
                "'features'", "row 5", "zero vector");
    }

    @Test
    void thresholdModeNeedsAThreshold() {
        assertFitFails(new LaplacianScoreSelector().setSelectionMode("threshold"), SparkTestSession.frame(rows(20, 3), 1),
                "scoreThreshold");
    }

    @Test
    void invalidParamValuesAreExplained() {
        for (Runnable bad : Arrays.<Runnable>asList(
                () -> new LaplacianScoreSelector().setNumNeighbors(0),
                () -> new LaplacianScoreSelector().setWeightKernel("gaussian"),
                () -> new LaplacianScoreSelector().setKnnMethod("hnsw"),
                () -> new LaplacianScoreSelector().setPercentile(1.5),
                () -> new LaplacianScoreSelector().setBandwidth(-1.0))) {
            IllegalArgumentException error = assertThrows(IllegalArgumentException.class, bad::run);
            assertTrue(error.getMessage().matches("(numNeighbors|weightKernel|knnMethod|percentile|bandwidth) must .*"), error.getMessage());
        }
    }

    @Test
    void outputColumnThatExists() {
        assertFitFails(new LaplacianScoreSelector().setOutputCol("features"), SparkTestSession.frame(rows(20, 3), 1),
                "'features'", "already exists");
    }
}
