package lapscore.scoring;

import java.io.Serializable;

/**
 * Per-feature sums from which the numerator of the Local Kernel Regression score,
 * {@code E_r = sum_i D_ii (f_ri - sum_j beta_ij f_rj)^2} (Cheung and Zeng 2009, eq. 13), follows
 * for the raw or the centred feature, in one pass over the rows.
 *
 * <p>With c the feature's plain mean (the shift every pass uses), each row i adds its shifted
 * residual {@code a'_ri = (f_ri - c_r) - sum_j beta_ij (f_rj - c_r)} and
 * {@code c_i = 1 - sum_j beta_ij}, weighted by {@code w_i = D_ii}:
 * <pre>
 *   A2_r = sum_i w_i a'_ri^2     A1_r = sum_i w_i c_i a'_ri     C2 = sum_i w_i c_i^2
 * </pre>
 * Then, since the residual of {@code f - s} is {@code a'_ri + (c_r - s) c_i}, the error of the
 * feature shifted by any s is {@code A2_r + 2 (c_r - s) A1_r + (c_r - s)^2 C2}: s = 0 gives the
 * paper's raw numerator, s = mu_r (eq. 15) the centred one. Shifting by c first keeps the sums
 * free of cancellation for features like {@code 1e9 + x}.
 *
 * <p>Sparse rows cost O(nnz) over the stored entries of a row and its neighbours (its support):
 * outside it, {@code a'_ri = -c_r c_i}, added in closed form from {@code C2} and the part of it
 * that came from rows whose support holds r.
 */
public final class RegressionErrors implements Serializable {

    private final double[] shift;
    private final double[] storedSquares;
    private final double[] storedCross;
    private final double[] supportWeight;
    private double weightedOffsets;

    /** Empty sums for features shifted by {@code shift} (their plain means). */
    public RegressionErrors(double[] shift) {
        this.shift = shift;
        this.storedSquares = new double[shift.length];
        this.storedCross = new double[shift.length];
        this.supportWeight = new double[shift.length];
    }

    /**
     * Adds row i of weight {@code weight} whose coefficients sum to {@code 1 - offset}: its shifted
     * residuals {@code residuals[r]} at the features {@code support[0 .. size - 1]} (every feature
     * outside the support has shifted residual {@code -c_r offset}).
     */
    public void addRow(double weight, double offset, int[] support, int size, double[] residuals) {
        double offsetWeight = weight * offset * offset;
        weightedOffsets += offsetWeight;
        for (int p = 0; p < size; p++) {
            int r = support[p];
            double residual = residuals[r];
            storedSquares[r] += weight * residual * residual;
            storedCross[r] += weight * offset * residual;
            supportWeight[r] += offsetWeight;
        }
    }

    /** Adds {@code other}'s sums to these. */
    public RegressionErrors merge(RegressionErrors other) {
        weightedOffsets += other.weightedOffsets;
        for (int r = 0; r < shift.length; r++) {
            storedSquares[r] += other.storedSquares[r];
            storedCross[r] += other.storedCross[r];
            supportWeight[r] += other.supportWeight[r];
        }
        return this;
    }

    /** {@code sum_i w_i (residual of f_r - s at i)^2}, with {@code s = c_r - shiftOffset}. */
    double error(int r, double shiftOffset) {
        double outside = weightedOffsets - supportWeight[r];
        double squares = storedSquares[r] + shift[r] * shift[r] * outside;
        double cross = storedCross[r] - shift[r] * outside;
        return Math.max(0.0, squares + 2.0 * shiftOffset * cross + shiftOffset * shiftOffset * weightedOffsets);
    }
}
