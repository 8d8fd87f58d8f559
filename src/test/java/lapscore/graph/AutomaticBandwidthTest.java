package lapscore.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;

import lapscore.selection.LaplacianScoreSelector;
import lapscore.selection.LocalKernelRegressionSelector;
import lapscore.selection.base.FeatureSelector;
import lapscore.testkit.SparkTestSession;
import org.junit.jupiter.api.Test;

/**
 * The automatic heat-kernel bandwidth is 1 exactly when all rows coincide, also far from the origin,
 * where the rounded mean leaves the sum of squared deviations a little above 0, and for rows of one
 * non-zero value, measured as sparse points; otherwise it is the
 * mean squared distance over all pairs of distinct rows (checked against the pairs themselves).
 */
class AutomaticBandwidthTest {

    private static double bandwidth(FeatureSelector<?, ?> selector, double[][] rows) {
        return selector.fit(SparkTestSession.denseFrame(rows, 3)).summary().bandwidth();
    }

    private static double[][] copies(double[] row, int count) {
        double[][] rows = new double[count][];
        Arrays.fill(rows, row);
        return rows;
    }

    @Test
    void identicalRowsGiveOneExactly() {
        double[] sparse = new double[40];
        sparse[7] = 2.5;
        for (double[] row : new double[][]{{0.1, 0.7, 1.3}, {1e9 + 0.1, -7e8 + 0.3, 12345.678}, sparse}) {
            double[][] rows = copies(row, 23);
            assertEquals(1.0, bandwidth(new LaplacianScoreSelector().setNumNeighbors(3), rows), Arrays.toString(row));
            assertEquals(1.0, bandwidth(new LocalKernelRegressionSelector().setNumNeighbors(3), rows), Arrays.toString(row));
        }
    }

    @Test
    void otherwiseTheMeanSquaredDistanceOfAllPairs() {
        double[][] rows = SparkTestSession.clusteredData(30, 3, 9L);
        double[][] shifted = new double[rows.length][];
        for (int i = 0; i < rows.length; i++) {
            shifted[i] = new double[]{rows[i][0] + 1e6, rows[i][1], rows[i][2]};
        }
        double sum = 0.0;
        for (int i = 0; i < rows.length; i++) {
            for (int j = i + 1; j < rows.length; j++) {
                for (int t = 0; t < 3; t++) {
                    sum += (rows[i][t] - rows[j][t]) * (rows[i][t] - rows[j][t]);
                }
            }
        }
        double meanOverPairs = sum / (rows.length * (rows.length - 1) / 2.0);
        assertEquals(meanOverPairs, bandwidth(new LaplacianScoreSelector().setNumNeighbors(3), rows), 1e-12 * meanOverPairs);
        assertEquals(meanOverPairs, bandwidth(new LaplacianScoreSelector().setNumNeighbors(3), shifted), 1e-9 * meanOverPairs);
    }
}
