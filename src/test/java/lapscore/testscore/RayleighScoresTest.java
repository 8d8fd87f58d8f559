package lapscore.testscore;

import static org.junit.jupiter.api.Assertions.assertEquals;

import lapscore.testkit.DenseLaplacianReference;
import lapscore.testkit.SparkTestSession;
import org.junit.jupiter.api.Test;

/** The test-only score against a plain dense computation. */
class RayleighScoresTest {

    @Test
    void scoresAreTheRayleighQuotientOfTheDenseLaplacian() {
        double[][] x = SparkTestSession.clusteredData(60, 5, 11L);
        double[] scores = new RayleighSelector().setNumNeighbors(6).setKnnMethod("exact").setBlockSize(16)
                .fit(SparkTestSession.denseFrame(x, 3)).scores();
        double[][] w = new DenseLaplacianReference(x, 6, "euclidean", "heat", Double.NaN, false).weights;
        for (int r = 0; r < x[0].length; r++) {
            double laplacian = 0;
            double degree = 0;
            for (int i = 0; i < x.length; i++) {
                for (int j = 0; j < x.length; j++) {
                    laplacian += w[i][j] * x[i][r] * (x[i][r] - x[j][r]);
                    degree += w[i][j] * x[i][r] * x[i][r];
                }
            }
            assertEquals(laplacian / degree, scores[r], 1e-10 * Math.abs(laplacian / degree), "feature " + r);
        }
    }
}
