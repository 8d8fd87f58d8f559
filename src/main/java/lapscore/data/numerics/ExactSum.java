package lapscore.data.numerics;

import java.io.Serializable;
import java.math.BigDecimal;
import java.util.Arrays;

/**
 * The exact sum of doubles, whatever the order they are added in: the running sum is kept as a
 * list of non-overlapping partial doubles whose exact total is the exact sum of every value added
 * (Shewchuk, "Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric Predicates",
 * Discrete and Computational Geometry 18, 1997, the grow-expansion step with two-sum, as in Python's
 * {@code math.fsum}). The partials themselves depend on the order, their exact total does not, so a
 * sum accumulated over Spark partitions and merged in any order is the same number
 * ({@link #exact()}) for any partitioning and any retried task. Each addition costs O(p) flops for
 * p partials (a handful for real data).
 *
 * <p>Values whose running total leaves the range of a double (beyond about 1.8e308) are not
 * summed exactly: {@link #overflowed()} then says so.
 */
public final class ExactSum implements Serializable {

    private double[] partials = new double[4];
    private int size;
    private boolean overflowed;

    /** Adds {@code value}, exactly; a value or a running total that is not finite marks the sum {@link #overflowed()}. */
    public void add(double value) {
        if (!Double.isFinite(value)) {
            overflowed = true;
            return;
        }
        double x = value;
        int kept = 0;
        for (int j = 0; j < size; j++) {
            double y = partials[j];
            if (Math.abs(x) < Math.abs(y)) {
                double swap = x;
                x = y;
                y = swap;
            }
            double high = x + y;
            double low = y - (high - x);
            if (low != 0.0) {
                partials[kept++] = low;
            }
            x = high;
        }
        if (!Double.isFinite(x)) {
            overflowed = true;
            return;
        }
        if (kept == partials.length) {
            partials = Arrays.copyOf(partials, 2 * kept);
        }
        partials[kept++] = x;
        size = kept;
    }

    /** Adds every value {@code other} holds, exactly. */
    public void addAll(ExactSum other) {
        overflowed |= other.overflowed;
        for (int j = 0; j < other.size; j++) {
            add(other.partials[j]);
        }
    }

    /** Whether a value or a running total was not finite, so that {@link #exact()} is not the sum. */
    public boolean overflowed() {
        return overflowed;
    }

    /** The exact sum of the values added. */
    public BigDecimal exact() {
        BigDecimal total = BigDecimal.ZERO;
        for (int j = 0; j < size; j++) {
            total = total.add(new BigDecimal(partials[j]));
        }
        return total;
    }
}
