package lapscore.graph.spectral;

/**
 * The deterministic basis of the non-trivial eigenvectors of eigenvalue 0 of a graph's normalised
 * Laplacian {@code L~ = I - D^-1/2 S D^-1/2} when the graph has c &gt; 1 connected components.
 *
 * <p>The eigenvalue 0 has multiplicity c, and its eigenspace is spanned by the components'
 * indicators weighted by {@code D^1/2} (von Luxburg, "A tutorial on spectral clustering", 2007,
 * propositions 2 and 4): {@code u_C = D^1/2 1_C / ||D^1/2 1_C||}, orthonormal, since the components
 * share no row. Any orthonormal basis of that space is as much an eigenbasis as another, so one is
 * fixed here: components ordered by their smallest row id, {@code u_1 ... u_c}, and the vectors
 * {@code z_1 ... z_c-1} are the Gram-Schmidt orthonormalisation of {@code u_1, u_2, ...} (in that
 * order) against {@code xi_0 = D^1/2 1 / ||D^1/2 1||} and each other. Like Cai's {@code Eigenmap.m}
 * for MCFS (Cai, Zhang and He, KDD 2010), which Gram-Schmidts the repeated eigenvalue's block
 * against {@code D^1/2 1}, they come first among the embedding's vectors: the cluster indicators
 * of a graph that separates its clusters.
 *
 * <p>The arithmetic is on coordinates: {@code xi_0 = sum_C sqrt(vol_C / vol) u_C}, with
 * {@code vol_C = 1_C^T D 1_C}. For the first m vectors only {@code u_1 ... u_m} and the rest,
 * {@code r = D^1/2 1_R / ||D^1/2 1_R||} for R the union of the other components, are needed:
 * {@code z_i} lies in the span of {@code xi_0, u_1 ... u_i}, in which every component after the
 * m-th has the coordinate of {@code xi_0} scaled alike. Gram-Schmidt is applied twice ("twice is
 * enough"; Giraud, Langou and Rozloznik, 2005) on these m + 1 coordinates.
 */
final class ZeroEigenspace {

    private ZeroEigenspace() {
    }

    /**
     * The coordinates of {@code z_1 ... z_m} in {@code [u_1 ... u_m, r]}, m + 1 rows by m columns
     * (column i - 1 holding {@code z_i}), for the groups' volumes {@code vol_1 ... vol_m, vol_R}.
     */
    static double[][] basis(double[] volumes) {
        int m = volumes.length - 1;
        double total = 0;
        for (double volume : volumes) {
            total += volume;
        }
        double[] trivial = new double[m + 1];
        for (int g = 0; g <= m; g++) {
            trivial[g] = Math.sqrt(volumes[g] / total);
        }
        double[][] z = new double[m][];
        for (int i = 0; i < m; i++) {
            double[] vector = new double[m + 1];
            vector[i] = 1.0;
            for (int pass = 0; pass < 2; pass++) {
                subtractProjection(vector, trivial);
                for (int l = 0; l < i; l++) {
                    subtractProjection(vector, z[l]);
                }
            }
            double norm = Math.sqrt(dot(vector, vector));
            for (int g = 0; g <= m; g++) {
                vector[g] /= norm;
            }
            z[i] = vector;
        }
        double[][] coefficients = new double[m + 1][m];
        for (int i = 0; i < m; i++) {
            for (int g = 0; g <= m; g++) {
                coefficients[g][i] = z[i][g];
            }
        }
        return coefficients;
    }

    /** {@code x - (q^T x) q} for a unit q, in place. */
    private static void subtractProjection(double[] x, double[] q) {
        double coefficient = dot(q, x);
        for (int g = 0; g < x.length; g++) {
            x[g] -= coefficient * q[g];
        }
    }

    private static double dot(double[] a, double[] b) {
        double sum = 0;
        for (int g = 0; g < a.length; g++) {
            sum += a[g] * b[g];
        }
        return sum;
    }
}
