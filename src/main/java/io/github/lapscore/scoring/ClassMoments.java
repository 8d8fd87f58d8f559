package io.github.lapscore.scoring;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

import io.github.lapscore.data.RowBlock;
import io.github.lapscore.data.VectorEntries;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.linalg.Vector;

/**
 * Per-class sums of every feature, shifted by its plain mean c (which keeps them free of
 * cancellation for features like {@code 1e9 + x}): for each class l, {@code n_l},
 * {@code sum_{i in l} (f_i - c)} and {@code sum_{i in l} (f_i - c)^2}. From them follow, with
 * {@code mu} the mean over all rows and {@code mu_l} the class mean:
 * <pre>
 *   between_r = sum_l n_l (mu_l - mu)^2          total_r = sum_i (f_i - mu)^2
 *   within_r  = sum_l n_l sigma_l^2 = total_r - between_r
 * </pre>
 * the two halves of the Fisher score. Sparse rows cost O(nnz): implicit zeros are added in
 * closed form from the count of stored entries.
 */
public final class ClassMoments implements Serializable {

    private final double[] shift;
    private final TreeMap<Double, Sums> classes = new TreeMap<>();

    /** Empty sums for features shifted by {@code shift} (their plain means). */
    public ClassMoments(double[] shift) {
        this.shift = shift;
    }

    /** The sums of the labelled rows of {@code block}. */
    public static ClassMoments of(RowBlock block, double[] shift) {
        ClassMoments moments = new ClassMoments(shift);
        for (int i = 0; i < block.size(); i++) {
            moments.add(block.row(i), block.label(i));
        }
        return moments;
    }

    /**
     * The sums of all labelled rows of {@code blocks}, per block on the executors and merged on the
     * driver in block order, so they are the same to the last bit however the input was partitioned.
     * O(B c d) values reach the driver for c classes.
     */
    public static ClassMoments of(JavaRDD<RowBlock> blocks, double[] shift) {
        ClassMoments total = new ClassMoments(shift);
        for (ClassMoments block : blocks.map(block -> of(block, shift)).collect()) {
            total.merge(block);
        }
        return total;
    }

    /** Adds row {@code v} of class {@code label}. */
    public void add(Vector v, double label) {
        Sums sums = classes.computeIfAbsent(label, key -> new Sums(shift.length));
        sums.rows++;
        VectorEntries.forEach(v, (feature, value) -> {
            double shifted = value - shift[feature];
            sums.stored[feature]++;
            sums.sum[feature] += shifted;
            sums.squares[feature] += shifted * shifted;
            sums.min[feature] = Math.min(sums.min[feature], value);
            sums.max[feature] = Math.max(sums.max[feature], value);
        });
    }

    /** Adds {@code other}'s sums to these (classes merged by label, in label order). */
    public ClassMoments merge(ClassMoments other) {
        for (Map.Entry<Double, Sums> entry : other.classes.entrySet()) {
            classes.merge(entry.getKey(), entry.getValue(), Sums::merge);
        }
        return this;
    }

    /** Number of classes seen. */
    public int numClasses() {
        return classes.size();
    }

    /** Number of rows seen. */
    public long numRows() {
        return classes.values().stream().mapToLong(sums -> sums.rows).sum();
    }

    /** Number of pairs {i, j}, i != j, of rows of the same class: the edges of the class graph. */
    public long sameClassPairs() {
        return classes.values().stream().mapToLong(sums -> sums.rows * (sums.rows - 1) / 2).sum();
    }

    /** {@code c_r - mu_r} of every feature: the shift c minus the plain mean over all rows. */
    public double[] shiftMinusMeans() {
        double[] offsets = new double[shift.length];
        long rows = numRows();
        for (Sums sums : classes.values()) {
            for (int r = 0; r < shift.length; r++) {
                offsets[r] -= sums.shiftedSum(r, shift[r]) / rows;
            }
        }
        return offsets;
    }

    /** Labels of the classes with more than {@code size} rows, ascending. */
    public double[] labelsLargerThan(int size) {
        return classes.entrySet().stream().filter(entry -> entry.getValue().rows > size)
                .mapToDouble(Map.Entry::getKey).toArray();
    }

    /** {@code sum_l n_l (mu_l - mu)^2} of every feature: the spread of the class means. */
    public double[] betweenClass() {
        double[] total = new double[shift.length];
        double[] squareOfMean = new double[shift.length];
        long rows = numRows();
        for (Sums sums : classes.values()) {
            for (int r = 0; r < shift.length; r++) {
                double sum = sums.shiftedSum(r, shift[r]);
                total[r] += sum;
                squareOfMean[r] += sum * sum / sums.rows;
            }
        }
        double[] between = new double[shift.length];
        for (int r = 0; r < shift.length; r++) {
            between[r] = Math.max(0.0, squareOfMean[r] - total[r] * total[r] / rows);
        }
        return between;
    }

    /** {@code sum_l sum_{i in l} (f_i - mu_l)^2} of every feature: the spread within the classes. */
    public double[] withinClass() {
        double[] within = new double[shift.length];
        for (Sums sums : classes.values()) {
            for (int r = 0; r < shift.length; r++) {
                double sum = sums.shiftedSum(r, shift[r]);
                double squares = sums.shiftedSquares(r, shift[r]);
                within[r] += sums.min(r) == sums.max(r) ? 0.0 : Math.max(0.0, squares - sum * sum / sums.rows);
            }
        }
        return within;
    }

    /** Whether feature r takes one value on all rows: it has no score. */
    public boolean constant(int r) {
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        for (Sums sums : classes.values()) {
            low = Math.min(low, sums.min(r));
            high = Math.max(high, sums.max(r));
        }
        return low == high;
    }

    /** Whether feature r takes one value within every class, so that its within-class spread is exactly 0. */
    public boolean constantWithinClasses(int r) {
        return classes.values().stream().allMatch(sums -> sums.min(r) == sums.max(r));
    }

    /** Sums of one class. */
    private static final class Sums implements Serializable {
        long rows;
        final long[] stored;
        final double[] sum;
        final double[] squares;
        final double[] min;
        final double[] max;

        Sums(int d) {
            stored = new long[d];
            sum = new double[d];
            squares = new double[d];
            min = new double[d];
            max = new double[d];
            Arrays.fill(min, Double.POSITIVE_INFINITY);
            Arrays.fill(max, Double.NEGATIVE_INFINITY);
        }

        /** Smallest value of feature r in the class, implicit zeros included. */
        double min(int r) {
            return stored[r] < rows ? Math.min(min[r], 0.0) : min[r];
        }

        /** Largest value of feature r in the class, implicit zeros included. */
        double max(int r) {
            return stored[r] < rows ? Math.max(max[r], 0.0) : max[r];
        }

        /** {@code sum (f_i - c)} over all rows of the class, implicit zeros included. */
        double shiftedSum(int r, double c) {
            return sum[r] - (rows - stored[r]) * c;
        }

        /** {@code sum (f_i - c)^2} over all rows of the class, implicit zeros included. */
        double shiftedSquares(int r, double c) {
            return squares[r] + (rows - stored[r]) * c * c;
        }

        Sums merge(Sums other) {
            rows += other.rows;
            for (int r = 0; r < sum.length; r++) {
                stored[r] += other.stored[r];
                sum[r] += other.sum[r];
                squares[r] += other.squares[r];
                min[r] = Math.min(min[r], other.min[r]);
                max[r] = Math.max(max[r], other.max[r]);
            }
            return this;
        }
    }
}
