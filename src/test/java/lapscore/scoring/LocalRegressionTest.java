package lapscore.scoring;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import lapscore.testkit.DenseLkrReference;
import org.junit.jupiter.api.Test;

/**
 * {@link LocalRegression} against brute-force dense solves ({@link DenseLkrReference#solve}, Gaussian
 * elimination): the per-row coefficients of eq. 8, and the supervised leave-one-out residuals.
 */
class LocalRegressionTest {

    private static final double TOLERANCE = 1e-10;

    @Test
    void coefficientsMatchGaussianElimination() {
        Random random = new Random(8);
        for (int k : new int[]{1, 2, 5, 20}) {
            for (int dim : new int[]{1, 3, 10}) {
                for (double lambda : new double[]{0.01, 0.1, 1.0}) {
                    double h = 0.5 * dim;
                    double[] centre = gaussian(dim, random);
                    double[] neighbours = gaussian(k * dim, random);
                    double[] actual = LocalRegression.coefficients(centre, neighbours, h, lambda);
                    assertClose(bruteForceCoefficients(centre, neighbours, h, lambda), actual, "k = " + k + ", dim = " + dim + ", lambda = " + lambda);
                }
            }
        }
    }

    @Test
    void emptyNeighbourhoodHasNoCoefficients() {
        assertEquals(0, LocalRegression.coefficients(new double[]{1, 2}, new double[0], 1.0, 0.1).length);
    }

    /** Distances are differences, not ||a||^2 + ||b||^2 - 2 a.b, so a far translation changes nothing. */
    @Test
    void coefficientsAreTranslationInvariant() {
        Random random = new Random(3);
        int dim = 4;
        int k = 6;
        double[] centre = gaussian(dim, random);
        double[] neighbours = gaussian(k * dim, random);
        double[] expected = LocalRegression.coefficients(centre, neighbours, 2.0, 0.1);
        double[] far = centre.clone();
        double[] farNeighbours = neighbours.clone();
        for (int t = 0; t < far.length; t++) {
            far[t] += 1e7;
        }
        for (int t = 0; t < farNeighbours.length; t++) {
            farNeighbours[t] += 1e7;
        }
        assertArrayEquals(expected, LocalRegression.coefficients(far, farNeighbours, 2.0, 0.1), 1e-6);
    }

    @Test
    void leaveOneOutResidualsMatchSeparateSolves() {
        Random random = new Random(21);
        int dim = 3;
        int d = 4;
        for (int n : new int[]{1, 2, 7, 40}) {
            double[] points = gaussian(n * dim, random);
            double[] features = gaussian(n * d, random);
            double[] actual = LocalRegression.leaveOneOutResiduals(points, dim, features, d, 1.5, 0.1);
            assertClose(bruteForceResiduals(points, dim, features, d, 1.5, 0.1, 1.0), actual, "n = " + n);
            if (n == 1) {
                assertArrayEquals(features, actual, 0.0, "an empty neighbourhood leaves the feature value as residual");
            }
        }
    }

    /** The comparison above is sharp enough to catch a wrong identity, such as the opposite sign of beta. */
    @Test
    void leaveOneOutComparisonDetectsAWrongIdentity() {
        Random random = new Random(5);
        int n = 7;
        int dim = 2;
        int d = 3;
        double[] points = gaussian(n * dim, random);
        double[] features = gaussian(n * d, random);
        double[] actual = LocalRegression.leaveOneOutResiduals(points, dim, features, d, 1.0, 0.1);
        double[] wrongSign = bruteForceResiduals(points, dim, features, d, 1.0, 0.1, -1.0);
        assertTrue(relativeDifference(wrongSign, actual) > 1e-2, "the wrong sign must not pass");
        assertTrue(relativeDifference(features, actual) > 1e-2, "the regression must change the residuals");
    }

    @Test
    void rejectsNonPositiveParameters() {
        double[] centre = {0.0};
        double[] neighbours = {1.0};
        assertThrows(IllegalArgumentException.class, () -> LocalRegression.coefficients(centre, neighbours, 0.0, 0.1));
        assertThrows(IllegalArgumentException.class, () -> LocalRegression.coefficients(centre, neighbours, 1.0, 0.0));
        assertThrows(IllegalArgumentException.class, () -> LocalRegression.coefficients(centre, new double[]{1, 2, 3}, 1.0, Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> LocalRegression.leaveOneOutResiduals(neighbours, 1, new double[2], 1, 1.0, 0.1));
    }

    /** Two equal neighbours make K_N singular; a ridge lost to rounding leaves the factorisation nothing to stand on. */
    @Test
    void failedFactorisationIsReported() {
        IllegalStateException error = assertThrows(IllegalStateException.class,
                () -> LocalRegression.coefficients(new double[]{0.0}, new double[]{1.0, 1.0}, 1.0, 1e-300));
        assertTrue(error.getMessage().contains("dposv"), error.getMessage());
    }

    /** beta by Gaussian elimination on (K_N + lambda I) beta = k_N. */
    private static double[] bruteForceCoefficients(double[] centre, double[] neighbours, double h, double lambda) {
        int dim = centre.length;
        int k = neighbours.length / dim;
        double[][] system = new double[k][k];
        double[] target = new double[k];
        for (int p = 0; p < k; p++) {
            for (int q = 0; q < k; q++) {
                system[p][q] = kernel(neighbours, p * dim, neighbours, q * dim, dim, h) + (p == q ? lambda : 0.0);
            }
            target[p] = kernel(centre, 0, neighbours, p * dim, dim, h);
        }
        return DenseLkrReference.solve(system, target);
    }

    /** e_i = f_i - sign * sum_j beta_ij f_j with beta_i solved against the other n - 1 rows. */
    private static double[] bruteForceResiduals(double[] points, int dim, double[] features, int d, double h, double lambda, double sign) {
        int n = points.length / dim;
        double[] residuals = features.clone();
        for (int i = 0; i < n; i++) {
            double[] centre = new double[dim];
            System.arraycopy(points, i * dim, centre, 0, dim);
            double[] others = new double[(n - 1) * dim];
            int[] index = new int[n - 1];
            for (int j = 0, p = 0; j < n; j++) {
                if (j != i) {
                    System.arraycopy(points, j * dim, others, p * dim, dim);
                    index[p++] = j;
                }
            }
            double[] beta = bruteForceCoefficients(centre, others, h, lambda);
            for (int p = 0; p < beta.length; p++) {
                for (int r = 0; r < d; r++) {
                    residuals[i * d + r] -= sign * beta[p] * features[index[p] * d + r];
                }
            }
        }
        return residuals;
    }

    private static double kernel(double[] a, int aOffset, double[] b, int bOffset, int dim, double h) {
        double sum = 0;
        for (int t = 0; t < dim; t++) {
            sum += (a[aOffset + t] - b[bOffset + t]) * (a[aOffset + t] - b[bOffset + t]);
        }
        return Math.exp(-sum / h);
    }

    private static void assertClose(double[] expected, double[] actual, String message) {
        assertEquals(expected.length, actual.length, message);
        assertTrue(relativeDifference(expected, actual) <= TOLERANCE, message + ": relative difference " + relativeDifference(expected, actual));
    }

    /** max |expected - actual| / max |expected|. */
    private static double relativeDifference(double[] expected, double[] actual) {
        double difference = 0;
        double scale = 0;
        for (int t = 0; t < expected.length; t++) {
            difference = Math.max(difference, Math.abs(expected[t] - actual[t]));
            scale = Math.max(scale, Math.abs(expected[t]));
        }
        return difference / scale;
    }

    private static double[] gaussian(int length, Random random) {
        double[] values = new double[length];
        for (int t = 0; t < length; t++) {
            values[t] = random.nextGaussian();
        }
        return values;
    }
}
