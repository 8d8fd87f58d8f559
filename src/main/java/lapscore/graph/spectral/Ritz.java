package lapscore.graph.spectral;

import java.util.List;

import lapscore.LinearAlgebra;
import org.netlib.util.intW;

/**
 * The eigenpairs of the Lanczos tridiagonal {@code T_j} (LAPACK's {@code dstev}), ascending,
 * with each pair's residual estimate {@code |beta_j s_ji|} (Golub and Van Loan, "Matrix
 * Computations", 4th ed., section 10.1.4).
 */
final class Ritz {
    final double[] values;
    /** Column-major j x j: the eigenvector of pair p in entries p*j to p*j+j-1. */
    final double[] vectors;
    final double[] estimates;

    private Ritz(double[] values, double[] vectors, double[] estimates) {
        this.values = values;
        this.vectors = vectors;
        this.estimates = estimates;
    }

    /** The pairs of the tridiagonal matrix of diagonal {@code alphas} and off-diagonal {@code betas}, {@code lastBeta} the next. */
    static Ritz of(List<Double> alphas, List<Double> betas, double lastBeta) {
        int j = alphas.size();
        double[] diagonal = new double[j];
        double[] offDiagonal = new double[Math.max(1, j - 1)];
        for (int i = 0; i < j; i++) {
            diagonal[i] = alphas.get(i);
        }
        for (int i = 0; i < j - 1; i++) {
            offDiagonal[i] = betas.get(i);
        }
        double[] vectors = new double[j * j];
        intW info = new intW(0);
        LinearAlgebra.lapack().dstev("V", j, diagonal, offDiagonal, vectors, j, new double[Math.max(1, 2 * j - 2)], info);
        if (info.val != 0) {
            throw new IllegalStateException("LAPACK dstev failed with info = " + info.val);
        }
        double[] estimates = new double[j];
        for (int p = 0; p < j; p++) {
            estimates[p] = Math.abs(lastBeta * vectors[p * j + j - 1]);
        }
        return new Ritz(diagonal, vectors, estimates);
    }

    /** No pairs: the iteration did not run. */
    static Ritz none() {
        return new Ritz(new double[0], new double[0], new double[0]);
    }

    int size() {
        return values.length;
    }

    /** Whether the {@code count} largest pairs' estimates are all within {@code tolerance}. */
    boolean converged(int count, double tolerance) {
        return largestEstimate(count) <= tolerance;
    }

    double largestEstimate(int count) {
        double largest = 0;
        for (int k = 0; k < count; k++) {
            largest = Math.max(largest, estimates[size() - 1 - k]);
        }
        return largest;
    }
}
