package lapscore.testkit;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * The Local Kernel Regression score of Cheung and Zeng ("Local Kernel Regression Score for
 * Selecting Features of High-Dimensional Data", IEEE TKDE 21(12), 2009) computed the plain way,
 * for checking the library: the full m x m distance matrix, the neighbourhoods {@code N_i} by
 * sorting, the dense weights W of eq. 5 (unsupervised) or eq. 6 (supervised), the degrees D, the
 * coefficients of eqs. 8 and 10 by Gaussian elimination, and eqs. 13-16 evaluated literally with
 * explicit matrix-vector products. The kernel is {@code exp(-||a - b||^2 / h)}. O(m^2 d + m k^3),
 * for small m only.
 */
public final class DenseLkrReference {

    public final double bandwidth;
    public final double ridge;
    public final double[][] squaredDistances;
    /**
     * {@code N_i}: unsupervised, the k nearest other rows, nearest first (ties by index);
     * supervised, the other rows of row i's class, by index.
     */
    public final int[][] neighbourhoods;
    /** W: eq. 5 on the union of the kNN relations, or eq. 6 ({@code 1 / n_l} within a class, diagonal included). */
    public final double[][] weights;
    /** {@code D_ii}, the row sums of W. */
    public final double[] degrees;
    /** {@code beta_ij} of eq. 10: the coefficients of eq. 8 at the columns of {@code N_i}, 0 elsewhere. */
    public final double[][] coefficients;

    /** The unsupervised score: the k nearest neighbours of every row, weights of eq. 5. */
    public static DenseLkrReference unsupervised(double[][] x, int k, double h, double lambda) {
        return new DenseLkrReference(x, k, null, h, lambda);
    }

    /** The supervised score: every row's neighbours are the other rows of its class, weights of eq. 6. */
    public static DenseLkrReference supervised(double[][] x, int[] labels, double h, double lambda) {
        return new DenseLkrReference(x, 0, labels, h, lambda);
    }

    private DenseLkrReference(double[][] x, int k, int[] labels, double h, double lambda) {
        int m = x.length;
        bandwidth = h;
        ridge = lambda;
        squaredDistances = DenseDistances.squared(x);
        neighbourhoods = new int[m][];
        weights = new double[m][m];
        for (int i = 0; i < m; i++) {
            final int row = i;
            if (labels == null) {
                neighbourhoods[i] = DenseDistances.nearestOthers(squaredDistances, i, k);
                for (int j : neighbourhoods[i]) {
                    weights[i][j] = kernel(i, j);
                    weights[j][i] = kernel(i, j);
                }
            } else {
                neighbourhoods[i] = IntStream.range(0, m).filter(j -> j != row && labels[j] == labels[row]).toArray();
                for (int j = 0; j < m; j++) {
                    weights[i][j] = labels[j] == labels[i] ? 1.0 / (neighbourhoods[i].length + 1) : 0.0;
                }
            }
        }
        degrees = new double[m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                degrees[i] += weights[i][j];
            }
        }
        coefficients = new double[m][m];
        for (int i = 0; i < m; i++) {
            int[] n = neighbourhoods[i];
            double[][] system = new double[n.length][n.length];
            double[] target = new double[n.length];
            for (int p = 0; p < n.length; p++) {
                for (int q = 0; q < n.length; q++) {
                    system[p][q] = kernel(n[p], n[q]) + (p == q ? lambda : 0.0);
                }
                target[p] = kernel(i, n[p]);
            }
            double[] beta = solve(system, target);
            for (int p = 0; p < n.length; p++) {
                coefficients[i][n[p]] = beta[p];
            }
        }
    }

    /**
     * Scores of every column of {@code f} (m x d, one row per row of the geometry) by eq. 16: the
     * numerator {@code ||(I - B) D^1/2 g||^2} of eq. 13 with {@code B_ij = beta_ij sqrt(D_ii / D_jj)},
     * over the denominator {@code f^_T D f^} of eq. 14 with the weighted mean of eq. 15. {@code g}
     * is the raw feature as in the paper, or {@code f^ = f - mu} when {@code centerFeatures}. A
     * feature constant over the rows with {@code D_ii > 0} scores NaN.
     */
    public double[] scores(double[][] f, boolean centerFeatures) {
        int m = f.length;
        int d = f[0].length;
        double[][] b = new double[m][m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                b[i][j] = coefficients[i][j] * Math.sqrt(degrees[i] / degrees[j]);
            }
        }
        double[] scores = new double[d];
        for (int r = 0; r < d; r++) {
            double fD1 = 0;
            double oneD1 = 0;
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < m; i++) {
                fD1 += f[i][r] * degrees[i];
                oneD1 += degrees[i];
                if (degrees[i] > 0) {
                    min = Math.min(min, f[i][r]);
                    max = Math.max(max, f[i][r]);
                }
            }
            double mean = fD1 / oneD1;
            double[] scaled = new double[m];
            double denominator = 0;
            for (int i = 0; i < m; i++) {
                double centred = f[i][r] - mean;
                scaled[i] = Math.sqrt(degrees[i]) * (centerFeatures ? centred : f[i][r]);
                denominator += centred * degrees[i] * centred;
            }
            double numerator = 0;
            for (int i = 0; i < m; i++) {
                double residual = scaled[i];
                for (int j = 0; j < m; j++) {
                    residual -= b[i][j] * scaled[j];
                }
                numerator += residual * residual;
            }
            scores[r] = min == max ? Double.NaN : numerator / denominator;
        }
        return scores;
    }

    /** Solves {@code a x = b} by Gaussian elimination with partial pivoting; the arguments are left unchanged. */
    public static double[] solve(double[][] a, double[] b) {
        int n = b.length;
        double[][] m = new double[n][];
        for (int i = 0; i < n; i++) {
            m[i] = Arrays.copyOf(a[i], n + 1);
            m[i][n] = b[i];
        }
        for (int c = 0; c < n; c++) {
            int pivot = c;
            for (int i = c + 1; i < n; i++) {
                if (Math.abs(m[i][c]) > Math.abs(m[pivot][c])) {
                    pivot = i;
                }
            }
            double[] swap = m[c];
            m[c] = m[pivot];
            m[pivot] = swap;
            for (int i = c + 1; i < n; i++) {
                double factor = m[i][c] / m[c][c];
                for (int j = c; j <= n; j++) {
                    m[i][j] -= factor * m[c][j];
                }
            }
        }
        double[] x = new double[n];
        for (int i = n - 1; i >= 0; i--) {
            double sum = m[i][n];
            for (int j = i + 1; j < n; j++) {
                sum -= m[i][j] * x[j];
            }
            x[i] = sum / m[i][i];
        }
        return x;
    }

    private double kernel(int i, int j) {
        return Math.exp(-squaredDistances[i][j] / bandwidth);
    }
}
