package lapscore.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;

import lapscore.scoring.LocalRegression;
import org.junit.jupiter.api.Test;

/**
 * {@link DenseLkrReference} (eqs. 13-16 with dense matrices) against {@link LocalRegression} (per-row
 * solves, and the leave-one-out identity per class) combined into
 * {@code sum_i D_ii e_ri^2 / sum_i D_ii (f_ri - mu_r)^2}, and the score's basic behaviour.
 */
class DenseLkrReferenceTest {

    private static final double TOLERANCE = 1e-10;
    private static final double H = 3.0;
    private static final double LAMBDA = 0.1;

    @Test
    void unsupervisedMatchesPerRowSolves() {
        double[][] x = gaussian(40, 3, new Random(11));
        DenseLkrReference reference = DenseLkrReference.unsupervised(x, 6, H, LAMBDA);
        for (boolean centerFeatures : new boolean[]{false, true}) {
            double[][] g = regressed(x, reference.degrees, centerFeatures);
            double[][] residuals = new double[x.length][];
            for (int i = 0; i < x.length; i++) {
                int[] neighbourhood = reference.neighbourhoods[i];
                double[] beta = LocalRegression.coefficients(x[i], flatten(x, neighbourhood), H, LAMBDA);
                for (int p = 0; p < neighbourhood.length; p++) {
                    assertEquals(reference.coefficients[i][neighbourhood[p]], beta[p], TOLERANCE, "beta of row " + i);
                }
                residuals[i] = g[i].clone();
                for (int p = 0; p < neighbourhood.length; p++) {
                    for (int r = 0; r < residuals[i].length; r++) {
                        residuals[i][r] -= beta[p] * g[neighbourhood[p]][r];
                    }
                }
            }
            assertScores(reference.scores(x, centerFeatures), scores(x, residuals, reference.degrees), "centerFeatures = " + centerFeatures);
        }
    }

    /** Classes of 1, 2, 7 and 20 rows, interleaved; eq. 6 gives D = I. */
    @Test
    void supervisedMatchesClassIdentity() {
        Random random = new Random(12);
        int[] sizes = {1, 2, 7, 20};
        int[] labels = new int[30];
        int[] remaining = sizes.clone();
        for (int i = 0; i < labels.length; i++) {
            int label;
            do {
                label = random.nextInt(sizes.length);
            } while (remaining[label] == 0);
            remaining[label]--;
            labels[i] = label;
        }
        double[][] x = gaussian(labels.length, 4, random);
        DenseLkrReference reference = DenseLkrReference.supervised(x, labels, H, LAMBDA);
        for (double degree : reference.degrees) {
            assertEquals(1.0, degree, 1e-15);
        }
        for (boolean centerFeatures : new boolean[]{false, true}) {
            double[][] g = regressed(x, reference.degrees, centerFeatures);
            double[][] residuals = new double[x.length][];
            for (int label = 0; label < sizes.length; label++) {
                final int l = label;
                int[] members = IntStream.range(0, x.length).filter(i -> labels[i] == l).toArray();
                int d = x[0].length;
                double[] e = LocalRegression.leaveOneOutResiduals(flatten(x, members), x[0].length, flatten(g, members), d, H, LAMBDA);
                for (int p = 0; p < members.length; p++) {
                    int i = members[p];
                    residuals[i] = Arrays.copyOfRange(e, p * d, (p + 1) * d);
                    for (int r = 0; r < d; r++) {
                        double expected = g[i][r];
                        for (int j = 0; j < x.length; j++) {
                            expected -= reference.coefficients[i][j] * g[j][r];
                        }
                        assertEquals(expected, residuals[i][r], TOLERANCE, "residual of row " + i + ", feature " + r);
                    }
                }
            }
            assertScores(reference.scores(x, centerFeatures), scores(x, residuals, reference.degrees), "centerFeatures = " + centerFeatures);
        }
    }

    @Test
    void constantFeatureScoresNaN() {
        double[][] x = gaussian(20, 2, new Random(13));
        double[][] f = new double[x.length][];
        for (int i = 0; i < x.length; i++) {
            f[i] = new double[]{0.1, x[i][0]};
        }
        double[] scores = DenseLkrReference.unsupervised(x, 4, H, LAMBDA).scores(f, false);
        assertTrue(Double.isNaN(scores[0]));
        assertTrue(Double.isFinite(scores[1]));
    }

    /** On two clusters in the plane, x0 + x1 is estimated well from the neighbours; noise is not. */
    @Test
    void smoothFeatureScoresBelowNoise() {
        Random random = new Random(14);
        double[][] points = new double[60][2];
        double[][] f = new double[points.length][];
        for (int i = 0; i < points.length; i++) {
            double offset = i % 2 == 0 ? 0.0 : 4.0;
            points[i][0] = offset + 0.5 * random.nextGaussian();
            points[i][1] = offset + 0.5 * random.nextGaussian();
            f[i] = new double[]{points[i][0] + points[i][1], random.nextGaussian(), random.nextGaussian(), 10 + random.nextGaussian()};
        }
        for (DenseLkrReference reference : new DenseLkrReference[]{
                DenseLkrReference.unsupervised(points, 8, 1.0, LAMBDA),
                DenseLkrReference.supervised(points, IntStream.range(0, points.length).map(i -> i % 2).toArray(), 1.0, LAMBDA)}) {
            for (boolean centerFeatures : new boolean[]{false, true}) {
                double[] scores = reference.scores(f, centerFeatures);
                for (int r = 1; r < scores.length; r++) {
                    assertTrue(scores[0] < scores[r], "smooth " + scores[0] + " vs noise " + scores[r] + ", centerFeatures = " + centerFeatures);
                }
            }
        }
    }

    /** sum_j beta_ij != 1, so the raw numerator of eq. 13 moves with a shift of the feature; the centred one does not. */
    @Test
    void onlyCentredScoresAreShiftInvariant() {
        double[][] x = gaussian(30, 2, new Random(15));
        double[][] shifted = new double[x.length][];
        for (int i = 0; i < x.length; i++) {
            shifted[i] = new double[]{x[i][0] + 5.0, x[i][1] + 5.0};
        }
        DenseLkrReference reference = DenseLkrReference.unsupervised(x, 5, H, LAMBDA);
        double[] centred = reference.scores(x, true);
        double[] centredShifted = reference.scores(shifted, true);
        double[] raw = reference.scores(x, false);
        double[] rawShifted = reference.scores(shifted, false);
        for (int r = 0; r < 2; r++) {
            assertEquals(centred[r], centredShifted[r], 1e-9 * centred[r]);
            assertTrue(Math.abs(rawShifted[r] - raw[r]) > 1e-3 * raw[r], "raw scores " + raw[r] + " and " + rawShifted[r]);
        }
    }

    /** The feature values the regression sees: raw, or minus the weighted mean of eq. 15. */
    private static double[][] regressed(double[][] f, double[] degrees, boolean centerFeatures) {
        double[] mean = weightedMean(f, degrees);
        double[][] g = new double[f.length][f[0].length];
        for (int i = 0; i < f.length; i++) {
            for (int r = 0; r < mean.length; r++) {
                g[i][r] = centerFeatures ? f[i][r] - mean[r] : f[i][r];
            }
        }
        return g;
    }

    /** sum_i D_ii e_ri^2 / sum_i D_ii (f_ri - mu_r)^2. */
    private static double[] scores(double[][] f, double[][] residuals, double[] degrees) {
        double[] mean = weightedMean(f, degrees);
        double[] scores = new double[mean.length];
        for (int r = 0; r < mean.length; r++) {
            double numerator = 0;
            double denominator = 0;
            for (int i = 0; i < f.length; i++) {
                numerator += degrees[i] * residuals[i][r] * residuals[i][r];
                denominator += degrees[i] * (f[i][r] - mean[r]) * (f[i][r] - mean[r]);
            }
            scores[r] = numerator / denominator;
        }
        return scores;
    }

    private static double[] weightedMean(double[][] f, double[] degrees) {
        double[] mean = new double[f[0].length];
        double total = 0;
        for (int i = 0; i < f.length; i++) {
            total += degrees[i];
            for (int r = 0; r < mean.length; r++) {
                mean[r] += degrees[i] * f[i][r];
            }
        }
        for (int r = 0; r < mean.length; r++) {
            mean[r] /= total;
        }
        return mean;
    }

    private static void assertScores(double[] expected, double[] actual, String message) {
        for (int r = 0; r < expected.length; r++) {
            assertTrue(Double.isFinite(expected[r]), message);
            assertEquals(expected[r], actual[r], TOLERANCE * expected[r], message + ", feature " + r);
        }
    }

    private static double[] flatten(double[][] rows, int[] selected) {
        int dim = rows[0].length;
        double[] flat = new double[selected.length * dim];
        for (int p = 0; p < selected.length; p++) {
            System.arraycopy(rows[selected[p]], 0, flat, p * dim, dim);
        }
        return flat;
    }

    private static double[][] gaussian(int rows, int dim, Random random) {
        double[][] values = new double[rows][dim];
        for (int i = 0; i < rows; i++) {
            for (int t = 0; t < dim; t++) {
                values[i][t] = random.nextGaussian();
            }
        }
        return values;
    }
}
