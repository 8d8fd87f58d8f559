package lapscore.selection;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import lapscore.testkit.SparkTestSession;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * He, Cai and Niyogi (NIPS 2005), section 4.1: on iris, "Laplacian score (with k >= 15) sorts these four features as F3,
 * F4, F1, F2" and "(with 3 <= k < 15) as F4, F3, F1, F2". The bundled iris (data/iris.csv) gives
 * those orderings with the cosine graph; with the Euclidean graph F3 ranks first for every k.
 */
class IrisRankingTest {

    private static Dataset<Row> iris;

    @BeforeAll
    static void loadIris() {
        Dataset<Row> raw = SparkTestSession.spark().read().option("header", true).option("inferSchema", true)
                .csv("data/iris.csv");
        iris = new VectorAssembler()
                .setInputCols(new String[]{"sepal_length", "sepal_width", "petal_length", "petal_width"})
                .setOutputCol("features").transform(raw).cache();
    }

    /** The session is shared with the other test classes: leave its cache as it was found. */
    @AfterAll
    static void releaseIris() {
        iris.unpersist(true);
    }

    private static int[] ranking(int k, String measure) {
        LaplacianScoreSelectorModel model = new LaplacianScoreSelector()
                .setNumNeighbors(k).setDistanceMeasure(measure).setNumTopFeatures(2).fit(iris);
        assertEquals(150, model.summary().numRows());
        return model.featureRanking();
    }

    @ParameterizedTest(name = "cosine graph, k = {0}: {1}")
    @CsvSource({"5, 'F4 F3 F1 F2'", "20, 'F3 F4 F1 F2'"})
    void cosineGraphGivesThePapersOrderings(int k, String expected) {
        assertArrayEquals(features(expected), ranking(k, "cosine"));
    }

    @ParameterizedTest(name = "euclidean graph, k = {0}: F3 first")
    @ValueSource(ints = {3, 5, 10, 15, 20})
    void euclideanGraphRanksPetalLengthFirst(int k) {
        assertEquals(2, ranking(k, "euclidean")[0]);
    }

    /** "F4 F3 F1 F2" to zero-based indices {3, 2, 0, 1}. */
    private static int[] features(String names) {
        return java.util.Arrays.stream(names.split(" ")).mapToInt(name -> Integer.parseInt(name.substring(1)) - 1).toArray();
    }
}
