package lapscore.scoring;

import dev.ludovic.netlib.lapack.LAPACK;
import lapscore.LinearAlgebra;
import lapscore.graph.distance.SquaredDistance;
import org.netlib.util.intW;

/**
 * The local kernel ridge regression behind the Local Kernel Regression (LKR) score of Y.-M. Cheung
 * and H. Zeng, "Local Kernel Regression Score for Selecting Features of High-Dimensional Data",
 * IEEE Transactions on Knowledge and Data Engineering 21(12), 2009, doi:10.1109/TKDE.2009.23,
 * section 3.
 *
 * <p>Each row {@code x_i} is estimated from its neighbour set {@code N_i} by kernel ridge
 * regression with the Gaussian kernel {@code K(a, b) = exp(-||a - b||^2 / h)}. The coefficients
 * <pre>
 *   beta_i = (K_Ni + lambda I)^-1 k_Ni                                   (eq. 8)
 * </pre>
 * depend only on the geometry ({@code K_Ni} is the kernel matrix over {@code N_i}, {@code k_Ni}
 * the kernels between {@code x_i} and its neighbours), so one solve per row serves every feature:
 * the residual of feature {@code r} at row {@code i} is
 * {@code e_ri = f_ri - sum_{j in N_i} beta_ij f_rj} (eqs. 9-12), and the score is
 * {@code Phi_r = sum_i D_ii e_ri^2 / sum_i D_ii (f_ri - mu_r)^2} (eqs. 13-16).
 *
 * <p>Squared distances are summed as squared differences, never as
 * {@code ||a||^2 + ||b||^2 - 2 a.b}, so close points keep their small distances exactly. The
 * matrices are symmetric, so LAPACK's column-major layout and Java's row-major one coincide.
 */
public final class LocalRegression {

    private LocalRegression() {
    }

    /**
     * The coefficients {@code beta_i} of eq. 8 for one row: solves
     * {@code (K_N + lambda I) beta = k_N} with LAPACK {@code dposv} (Cholesky; the matrix is
     * symmetric positive definite for {@code lambda > 0}). O(k^2 dim + k^3).
     *
     * @param centre     the row {@code x_i}, of length {@code dim}
     * @param neighbours its {@code k} neighbours, row-major {@code k x dim}; {@code k = 0} gives an
     *                   empty {@code beta}, so the estimate is 0 and the residual the feature value
     * @param h          the Gaussian kernel's bandwidth, {@code > 0}
     * @param lambda     the ridge, {@code > 0}
     * @return {@code beta_i}, one coefficient per neighbour, in the neighbours' order
     */
    public static double[] coefficients(double[] centre, double[] neighbours, double h, double lambda) {
        checkParameters(h, lambda);
        int dim = centre.length;
        if (dim == 0 || neighbours.length % dim != 0) {
            throw new IllegalArgumentException("neighbours must be k x " + dim + " row-major, got " + neighbours.length + " values");
        }
        int k = neighbours.length / dim;
        double[] beta = new double[k];
        if (k == 0) {
            return beta;
        }
        double[] system = regularisedKernel(neighbours, k, dim, h, lambda);
        for (int p = 0; p < k; p++) {
            beta[p] = Math.exp(-SquaredDistance.of(centre, 0, neighbours, p * dim, dim) / h);
        }
        intW info = new intW(0);
        LinearAlgebra.lapack().dposv("U", k, 1, system, k, beta, k, info);
        check("dposv", info);
        return beta;
    }

    /**
     * Residuals of eq. 12 for every row of one class in the supervised score (eq. 6), where
     * {@code N_i} is the other rows of {@code x_i}'s class, with one factorisation for the class.
     *
     * <p>Leave-one-out identity: let {@code A = K_C + lambda I} over the class's {@code n} rows and
     * {@code G = A^-1}. The {@code i}-th column of {@code A G = I}, without its {@code i}-th row,
     * reads {@code A_{-i,-i} G_{-i,i} + A_{-i,i} G_ii = 0}; since {@code A_{-i,-i} = K_{C\i} + lambda I}
     * and {@code A_{-i,i} = k_{C\i}}, the coefficients of eq. 8 are {@code beta_ij = -G_ji / G_ii}
     * ({@code j != i}). Hence, with {@code G} symmetric,
     * <pre>
     *   e_i = f_i - sum_{j != i} beta_ij f_j = (G_ii f_i + sum_{j != i} G_ij f_j) / G_ii = (G f)_i / G_ii.
     * </pre>
     * {@code G} comes from {@code dpotrf} and {@code dpotri} (upper triangle), and {@code G F}
     * for all features from one {@code dsymm}: O(n^2 dim + n^3 + n^2 d) for the class, against
     * O(n^4) for {@code n} separate solves of size {@code n - 1}. A class of one row has an empty
     * {@code N_i}, and the identity gives {@code e = f}, the same as an empty {@code beta}.
     *
     * @param points   the class's {@code n} rows, row-major {@code n x dim}
     * @param dim      the length of a row
     * @param features the class's feature values, row-major dense {@code n x d}
     * @param d        the number of features
     * @param h        the Gaussian kernel's bandwidth, {@code > 0}
     * @param lambda   the ridge, {@code > 0}
     * @return the residuals {@code e_ri}, row-major {@code n x d}
     */
    public static double[] leaveOneOutResiduals(double[] points, int dim, double[] features, int d, double h, double lambda) {
        checkParameters(h, lambda);
        if (dim <= 0 || d < 0 || points.length % dim != 0 || features.length != points.length / dim * d) {
            throw new IllegalArgumentException("points must be n x " + dim + " and features n x " + d + " row-major, got "
                    + points.length + " and " + features.length + " values");
        }
        int n = points.length / dim;
        double[] residuals = new double[n * d];
        if (n == 0 || d == 0) {
            return residuals;
        }
        double[] inverse = regularisedKernel(points, n, dim, h, lambda);
        intW info = new intW(0);
        LAPACK lapack = LinearAlgebra.lapack();
        lapack.dpotrf("U", n, inverse, n, info);
        check("dpotrf", info);
        lapack.dpotri("U", n, inverse, n, info);
        check("dpotri", info);
        // Row-major n x d is column-major d x n: E^T = F^T G, with G read from its upper triangle.
        LinearAlgebra.blas().dsymm("R", "U", d, n, 1.0, inverse, n, features, d, 0.0, residuals, d);
        for (int i = 0; i < n; i++) {
            double diagonal = inverse[i * n + i];
            for (int r = 0; r < d; r++) {
                residuals[i * d + r] /= diagonal;
            }
        }
        return residuals;
    }

    /** {@code K + lambda I} over the {@code count} rows of {@code points}, both triangles filled. */
    private static double[] regularisedKernel(double[] points, int count, int dim, double h, double lambda) {
        double[] matrix = new double[count * count];
        for (int p = 0; p < count; p++) {
            matrix[p * count + p] = 1.0 + lambda;
            for (int q = p + 1; q < count; q++) {
                double kernel = Math.exp(-SquaredDistance.of(points, p * dim, points, q * dim, dim) / h);
                matrix[p * count + q] = kernel;
                matrix[q * count + p] = kernel;
            }
        }
        return matrix;
    }

    private static void checkParameters(double h, double lambda) {
        if (!(h > 0) || !(lambda > 0)) {
            throw new IllegalArgumentException("the bandwidth h and the ridge lambda must be positive, got h = " + h + ", lambda = " + lambda);
        }
    }

    private static void check(String routine, intW info) {
        if (info.val != 0) {
            throw new IllegalStateException(routine + " failed with info = " + info.val
                    + ": K + lambda I is not numerically positive definite (is lambda too small, or is a value not finite?)");
        }
    }
}
