package lapscore.selection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import lapscore.progress.FitWarnings;
import lapscore.testkit.DenseLaplacianReference;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Rows repeated more than k times: each has only its copies among its k nearest, edges between
 * copies add {@code (f_i - f_j)^2 = 0} to every {@code f^T L f} (He, Cai and Niyogi, NIPS 2005,
 * eq. 1), so on a table of such rows every score is 0. The fit says how many rows are joined to
 * copies only; with {@code dropDuplicates} it scores the distinct rows, as the dense reference on
 * those rows does, whatever the copies' storage, order or partitioning.
 */
class DuplicateRowsTest {

    private static final int K = 5;
    private final List<String> warnings = new ArrayList<>();

    @BeforeEach
    void listen() {
        FitWarnings.setListener(warnings::add);
    }

    @AfterEach
    void stopListening() {
        FitWarnings.removeListener();
    }

    /** Each of {@code rows} {@code times} times in a row, every other copy stored sparsely. */
    private static List<Vector> repeated(double[][] rows, int times) {
        List<Vector> vectors = new ArrayList<>();
        for (double[] row : rows) {
            for (int copy = 0; copy < times; copy++) {
                vectors.add(copy % 2 == 0 ? Vectors.dense(row) : Vectors.dense(row).toSparse());
            }
        }
        return vectors;
    }

    private String warningAbout(String words) {
        return warnings.stream().filter(warning -> warning.contains(words)).findFirst()
                .orElseThrow(() -> new AssertionError("no warning about '" + words + "' in " + warnings));
    }

    @Test
    void everyRowRepeatedMoreThanKTimesScoresZeroAndIsSaidSo() {
        double[][] distinct = SparkTestSession.clusteredData(40, 4, 3L);
        double[] scores = new LaplacianScoreSelector().setNumNeighbors(K)
                .fit(SparkTestSession.frame(repeated(distinct, K + 2), 3)).scores();
        for (double score : scores) {
            assertEquals(0.0, score, "every edge joins two copies");
        }
        String warning = warningAbout("only exact copies");
        assertTrue(warning.startsWith("280 of 280 rows"), warning);
        assertTrue(warning.contains("the ranking says nothing") && warning.contains("dropDuplicates = true"), warning);

        warnings.clear();
        new LocalKernelRegressionSelector().setNumNeighbors(K).fit(SparkTestSession.frame(repeated(distinct, K + 2), 3));
        assertTrue(warningAbout("only exact copies").startsWith("280 of 280 rows"), warnings.toString());
    }

    @Test
    void dropDuplicatesScoresTheDistinctRows() {
        double[][] distinct = SparkTestSession.clusteredData(40, 4, 4L);
        double[] expected = new DenseLaplacianReference(distinct, K, "euclidean", "heat", Double.NaN, false).scores(distinct, false);
        List<Vector> copies = repeated(distinct, 3);
        List<Vector> reversed = new ArrayList<>(copies);
        Collections.reverse(reversed);
        for (Dataset<Row> frame : List.of(SparkTestSession.frame(copies, 3), SparkTestSession.frame(reversed, 7))) {
            warnings.clear();
            double[] actual = new LaplacianScoreSelector().setNumNeighbors(K).setDropDuplicates(true).fit(frame).scores();
            for (int r = 0; r < expected.length; r++) {
                assertEquals(expected[r], actual[r], 1e-9 * Math.abs(expected[r]), "feature " + r);
            }
            String said = warningAbout("repeat an earlier row");
            assertTrue(said.contains("80 of 120 rows") && said.contains("40 distinct rows"), said);
            assertTrue(warnings.stream().noneMatch(warning -> warning.contains("only exact copies")), warnings.toString());
        }
    }

    @Test
    void onlyTheRowsJoinedToCopiesAloneAreCounted() {
        double[][] distinct = SparkTestSession.clusteredData(40, 4, 5L);
        double[][] far = {{100.0, 100.0, 100.0, 100.0}, {-100.0, 100.0, -100.0, 100.0}, {100.0, -100.0, 100.0, -100.0}};
        List<Vector> rows = repeated(distinct, 1);
        rows.addAll(repeated(far, K + 2));
        new LaplacianScoreSelector().setNumNeighbors(K).fit(SparkTestSession.frame(rows, 2));
        String warning = warningAbout("only exact copies");
        assertTrue(warning.startsWith("21 of 61 rows"), warning);
        assertTrue(warning.contains("the scores describe the other rows only"), warning);

        warnings.clear();
        new LaplacianScoreSelector().setGraphType("epsilon").setRadius(1.0).fit(SparkTestSession.frame(rows, 2));
        assertTrue(warningAbout("only exact copies").contains("every row within radius 1.0 of such a row is a copy of it"),
                warnings.toString());
    }
}
