package lapscore.testkit;

import dev.ludovic.netlib.lapack.JavaLAPACK;
import org.netlib.util.intW;

/**
 * Every eigenpair of a dense graph's normalised Laplacian {@code I - D^-1/2 W D^-1/2}, ascending,
 * from LAPACK's {@code dsyevd} on the full m x m matrix: the plain reference for the spectral
 * embedding and the scores read from it. O(m^3), for small m only.
 */
public final class DenseSpectrum {

    /** The normalised Laplacian, row-major. */
    public final double[][] laplacian;
    /** The degrees {@code D_ii = sum_j W_ij}. */
    public final double[] degrees;
    /** Eigenvalues, ascending. */
    public final double[] values;
    /** Column-major m x m: eigenvector p in entries p*m to p*m+m-1. */
    private final double[] vectors;
    private final int m;

    private DenseSpectrum(double[][] laplacian, double[] degrees, double[] values, double[] vectors) {
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
        return new DenseSpectrum(laplacian, degrees, values, packed);
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
}
