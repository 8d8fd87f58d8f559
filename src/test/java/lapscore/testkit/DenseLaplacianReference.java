package lapscore.testkit;

import static lapscore.testkit.DenseSpectrum.dot;

import java.util.Arrays;

/**
 * The Laplacian Score computed the plain way, for checking the library: the full m x m distance
 * matrix, k nearest neighbours by sorting, the symmetric adjacency, dense S, D and L, and He, Cai and Niyogi (NIPS 2005)
 * eq. 1 evaluated with explicit matrix-vector products. O(m^2 d), for small m only.
 */
public final class DenseLaplacianReference {

    public final double[][] squaredDistances;
    public final boolean[][] adjacency;
    public final double[][] weights;
    public final double bandwidth;

    /**
     * @param kernel    "heat", "binary" or "cosine"
     * @param measure   "euclidean" or "cosine"
     * @param bandwidth t, or NaN for the mean squared distance over all pairs of distinct rows
     */
    public DenseLaplacianReference(double[][] x, int k, String measure, String kernel, double bandwidth, boolean selfLoops) {
        int m = x.length;
        double[][] points = new double[m][];
        for (int i = 0; i < m; i++) {
            points[i] = measure.equals("cosine") ? scaled(x[i], 1.0 / norm(x[i])) : x[i].clone();
        }
        squaredDistances = DenseDistances.squared(points);
        adjacency = new boolean[m][m];
        for (int i = 0; i < m; i++) {
            for (int j : DenseDistances.nearestOthers(squaredDistances, i, k)) {
                adjacency[i][j] = true;
                adjacency[j][i] = true;
            }
        }
        double sum = 0;
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                sum += squaredDistances[i][j];
            }
        }
        this.bandwidth = Double.isNaN(bandwidth) ? sum / ((double) m * (m - 1)) : bandwidth;
        weights = new double[m][m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                if (adjacency[i][j]) {
                    weights[i][j] = switch (kernel) {
                        case "heat" -> Math.exp(-squaredDistances[i][j] / this.bandwidth);
                        case "binary" -> 1.0;
                        case "cosine" -> Math.max(0.0, dot(x[i], x[j]) / (norm(x[i]) * norm(x[j])));
                        default -> throw new IllegalArgumentException(kernel);
                    };
                }
            }
            if (selfLoops) {
                weights[i][i] = 1.0;
            }
        }
    }

    /** Scores of every feature: f~^T L f~ / f~^T D f~, or with D replaced by I in the denominator when {@code uniform}. */
    public double[] scores(double[][] x, boolean uniform) {
        return scoresOf(weights, x, uniform);
    }

    /**
     * Eq. 1 with dense matrices for any weight matrix {@code weights}: D = diag(W 1), L = D - W,
     * f~ = f - (f^T D 1 / 1^T D 1) 1, L_r = f~^T L f~ / f~^T D f~ (D replaced by I in the denominator
     * when {@code uniform}). Rows with D_ii = 0 drop out by themselves.
     */
    public static double[] scoresOf(double[][] weights, double[][] x, boolean uniform) {
        int m = x.length;
        int d = x[0].length;
        double[] degree = new double[m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                degree[i] += weights[i][j];
            }
        }
        double[][] laplacian = new double[m][m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                laplacian[i][j] = (i == j ? degree[i] : 0.0) - weights[i][j];
            }
        }
        double[] ones = new double[m];
        Arrays.fill(ones, 1.0);
        double[] denominatorDiagonal = uniform ? ones : degree;
        double[] scores = new double[d];
        for (int r = 0; r < d; r++) {
            double[] f = new double[m];
            for (int i = 0; i < m; i++) {
                f[i] = x[i][r];
            }
            double fD1 = 0;
            double oneD1 = 0;
            for (int i = 0; i < m; i++) {
                fD1 += f[i] * denominatorDiagonal[i];
                oneD1 += denominatorDiagonal[i];
            }
            double[] centred = new double[m];
            for (int i = 0; i < m; i++) {
                centred[i] = f[i] - fD1 / oneD1;
            }
            double numerator = 0;
            double denominator = 0;
            for (int i = 0; i < m; i++) {
                double lf = 0;
                for (int j = 0; j < m; j++) {
                    lf += laplacian[i][j] * centred[j];
                }
                numerator += centred[i] * lf;
                denominator += centred[i] * denominatorDiagonal[i] * centred[i];
            }
            scores[r] = numerator / denominator;
        }
        return scores;
    }

    private static double norm(double[] a) {
        return Math.sqrt(dot(a, a));
    }

    private static double[] scaled(double[] a, double factor) {
        double[] result = new double[a.length];
        for (int t = 0; t < a.length; t++) {
            result[t] = a[t] * factor;
        }
        return result;
    }
}
