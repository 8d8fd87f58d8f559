package lapscore.testkit;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

import dev.ludovic.netlib.lapack.JavaLAPACK;
import org.netlib.util.intW;

/**
 * Every eigenpair of a dense graph's normalised Laplacian {@code I - D^-1/2 W D^-1/2}, ascending,
 * from LAPACK's {@code dsyevd} on the full m x m matrix: the plain reference for the spectral
 * embedding and the scores read from it. O(m^3), for small m only. For a graph of several
 * components, LAPACK's vectors of eigenvalue 0 are any basis of that eigenspace;
 * {@link #zeroEigenspaceBasis()} builds the library's documented one plainly.
 */
public final class DenseSpectrum {

    /** The weights W. */
    public final double[][] weights;
    /** The normalised Laplacian, row-major. */
    public final double[][] laplacian;
    /** The degrees {@code D_ii = sum_j W_ij}. */
    public final double[] degrees;
    /** Eigenvalues, ascending. */
    public final double[] values;
    /** Column-major m x m: eigenvector p in entries p*m to p*m+m-1. */
    private final double[] vectors;
    private final int m;

    private DenseSpectrum(double[][] weights, double[][] laplacian, double[] degrees, double[] values, double[] vectors) {
        this.weights = weights;
        this.laplacian = laplacian;
        this.degrees = degrees;
        this.values = values;
        this.vectors = vectors;
        this.m = degrees.length;
    }

    /** The spectrum of {@code I - D^-1/2 W D^-1/2} for the symmetric weights {@code weights}. */
    public static DenseSpectrum of(double[][] weights) {
        int m = weights.length;
        double[] degrees = new double[m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                degrees[i] += weights[i][j];
            }
        }
        double[][] laplacian = new double[m][m];
        double[] packed = new double[m * m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                laplacian[i][j] = (i == j ? 1.0 : 0.0) - weights[i][j] / Math.sqrt(degrees[i] * degrees[j]);
                packed[j * m + i] = laplacian[i][j];
            }
        }
        double[] values = new double[m];
        double[] work = new double[1];
        int[] iwork = new int[1];
        intW info = new intW(0);
        JavaLAPACK lapack = (JavaLAPACK) JavaLAPACK.getInstance();
        lapack.dsyevd("V", "U", m, packed, m, values, work, -1, iwork, -1, info);
        work = new double[(int) work[0]];
        iwork = new int[iwork[0]];
        lapack.dsyevd("V", "U", m, packed, m, values, work, work.length, iwork, iwork.length, info);
        if (info.val != 0) {
            throw new IllegalStateException("dsyevd failed: info = " + info.val);
        }
        return new DenseSpectrum(weights, laplacian, degrees, values, packed);
    }

    /** Eigenvector p (unit length, sign as LAPACK returns it). */
    public double[] vector(int p) {
        double[] vector = new double[m];
        System.arraycopy(vectors, p * m, vector, 0, m);
        return vector;
    }

    /** {@code L~ x - lambda x}. */
    public double[] residual(double[] x, double lambda) {
        double[] residual = new double[m];
        for (int i = 0; i < m; i++) {
            double sum = -lambda * x[i];
            for (int j = 0; j < m; j++) {
                sum += laplacian[i][j] * x[j];
            }
            residual[i] = sum;
        }
        return residual;
    }

    /** The orthogonal projector onto eigenvectors {@code from} (inclusive) to {@code to} (exclusive). */
    public double[][] projector(int from, int to) {
        double[][] projector = new double[m][m];
        for (int p = from; p < to; p++) {
            for (int a = 0; a < m; a++) {
                for (int b = 0; b < m; b++) {
                    projector[a][b] += vectors[p * m + a] * vectors[p * m + b];
                }
            }
        }
        return projector;
    }

    /** {@code xi_0 = D^1/2 1 / ||D^1/2 1||}. */
    public double[] trivialVector() {
        double[] xi = new double[m];
        for (int i = 0; i < m; i++) {
            xi[i] = Math.sqrt(degrees[i]);
        }
        return normalised(xi);
    }

    /**
     * The connected components of the edges of positive weight, by breadth-first search, each as
     * its rows ascending, the components in the order of their smallest row.
     */
    public List<List<Integer>> components() {
        boolean[] seen = new boolean[m];
        List<List<Integer>> components = new ArrayList<>();
        for (int start = 0; start < m; start++) {
            if (seen[start]) {
                continue;
            }
            List<Integer> component = new ArrayList<>();
            ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(start));
            seen[start] = true;
            while (!queue.isEmpty()) {
                int row = queue.poll();
                component.add(row);
                for (int other = 0; other < m; other++) {
                    if (weights[row][other] > 0 && !seen[other]) {
                        seen[other] = true;
                        queue.add(other);
                    }
                }
            }
            component.sort(null);
            components.add(component);
        }
        return components;
    }

    /**
     * The documented basis of the eigenvalue 0's non-trivial directions: every component's
     * {@code u_C = D^1/2 1_C / ||D^1/2 1_C||}, in the order of {@link #components()}, orthogonalised
     * (twice) against {@code xi_0} and the vectors before it and normalised; the last, which then
     * vanishes, dropped. c - 1 vectors of m entries.
     */
    public double[][] zeroEigenspaceBasis() {
        List<List<Integer>> components = components();
        List<double[]> basis = new ArrayList<>(List.of(trivialVector()));
        for (List<Integer> component : components.subList(0, components.size() - 1)) {
            double[] u = new double[m];
            for (int row : component) {
                u[row] = Math.sqrt(degrees[row]);
            }
            u = normalised(u);
            for (int pass = 0; pass < 2; pass++) {
                for (double[] q : basis) {
                    double coefficient = dot(q, u);
                    for (int i = 0; i < m; i++) {
                        u[i] -= coefficient * q[i];
                    }
                }
            }
            basis.add(normalised(u));
        }
        return basis.subList(1, basis.size()).toArray(new double[0][]);
    }

    private static double[] normalised(double[] x) {
        double norm = Math.sqrt(dot(x, x));
        double[] unit = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            unit[i] = x[i] / norm;
        }
        return unit;
    }

    /** The dot product {@code a . b}, summed in index order. */
    public static double dot(double[] a, double[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i] * b[i];
        }
        return sum;
    }
}
