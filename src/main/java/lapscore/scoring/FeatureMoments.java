package lapscore.scoring;

import java.io.Serializable;
import java.util.Arrays;

import org.apache.spark.ml.linalg.DenseVector;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;

/**
 * Per-feature sums from which every Laplacian Score follows. Over the ordered edge pairs (i, j)
 * with {@code S_ij > 0}, with {@code g = f - c} the feature shifted by its plain mean c:
 * <pre>
 *   1^T D 1   = sum S_ij                      (totalWeight)
 *   g^T D 1   = sum S_ij g_i                  (weightedSum)
 *   g^T D g   = sum S_ij g_i^2                (weightedSquares)
 *   f^T L f   = 1/2 sum S_ij (f_i - f_j)^2    (smoothness; each unordered edge once)
 * </pre>
 * and, for the uniform denominator, the same over the rows. The shift keeps
 * {@code g^T D g - (g^T D 1)^2 / 1^T D 1} free of cancellation for features like {@code 1e9 + x}.
 *
 * <p>Sparse vectors cost O(nnz) per edge: sums run over stored entries only, and the implicit
 * zeros (whose shifted value is {@code -c}) are added in closed form from the weight of the vectors
 * that do not store them. Value ranges over the rows that carry weight are kept so that a feature
 * constant on the graph is recognised exactly, not by a tolerance.
 */
public final class FeatureMoments implements Serializable {

    private final double[] shift;
    private final ShiftedSums endpoints;
    private final ShiftedSums rows;
    private final double[] smoothness;

    /** Empty sums for features shifted by {@code shift} (their plain means). */
    public FeatureMoments(double[] shift) {
        this.shift = shift;
        this.endpoints = new ShiftedSums(shift.length);
        this.rows = new ShiftedSums(shift.length);
        this.smoothness = new double[shift.length];
    }

    /**
     * Adds the unordered edge {x, y} of weight {@code weight}: both orientations for the degree sums,
     * once for the smoothness. A self-loop ({@code selfLoop}) adds its weight to its row's degree once.
     */
    public void addEdge(Vector x, Vector y, double weight, boolean selfLoop) {
        if (weight == 0.0) {
            return;
        }
        endpoints.add(x, weight, shift);
        if (selfLoop) {
            return;
        }
        endpoints.add(y, weight, shift);
        int[] xi = indices(x);
        int[] yi = indices(y);
        double[] xv = values(x);
        double[] yv = values(y);
        int p = 0;
        int q = 0;
        while (p < xv.length || q < yv.length) {
            int fx = p < xv.length ? (xi == null ? p : xi[p]) : Integer.MAX_VALUE;
            int fy = q < yv.length ? (yi == null ? q : yi[q]) : Integer.MAX_VALUE;
            double difference;
            int feature;
            if (fx == fy) {
                feature = fx;
                difference = xv[p++] - yv[q++];
            } else if (fx < fy) {
                feature = fx;
                difference = xv[p++];
            } else {
                feature = fy;
                difference = -yv[q++];
            }
            smoothness[feature] += weight * difference * difference;
        }
    }

    /** Adds row {@code v} to the plain (uniform) sums; every row must be added exactly once. */
    public void addRow(Vector v) {
        rows.add(v, 1.0, shift);
    }

    private static int[] indices(Vector v) {
        return v instanceof SparseVector sparse ? sparse.indices() : null;
    }

    private static double[] values(Vector v) {
        return v instanceof SparseVector sparse ? sparse.values() : ((DenseVector) v).values();
    }

    /** Adds {@code other}'s sums to these. */
    public FeatureMoments merge(FeatureMoments other) {
        endpoints.merge(other.endpoints);
        rows.merge(other.rows);
        for (int r = 0; r < shift.length; r++) {
            smoothness[r] += other.smoothness[r];
        }
        return this;
    }

    public int numFeatures() {
        return shift.length;
    }

    /** {@code f^T L f} of feature r. */
    public double smoothness(int r) {
        return smoothness[r];
    }

    /** {@code f~^T D f~} of feature r. */
    double degreeVariance(int r) {
        return endpoints.variance(r, shift[r]);
    }

    /**
     * {@code c_r - mu_r}: the plain mean c minus the degree-weighted mean {@code mu_r = f^T D 1 / 1^T D 1},
     * computed from the shifted sums without cancellation.
     */
    double shiftMinusDegreeMean(int r) {
        return -endpoints.sum(r, shift[r]) / endpoints.total;
    }

    /** {@code f^T D f = sum_i D_ii f_i^2} of feature r (not centred). */
    public double degreeSquares(int r) {
        return endpoints.rawSquares(r, shift[r]);
    }

    /** {@code sum_i (f_i - mean f)^2} of feature r. */
    double uniformVariance(int r) {
        return rows.variance(r, shift[r]);
    }

    /** Whether feature r takes one value on every row with {@code D_ii > 0}. */
    public boolean constantOnGraph(int r) {
        return endpoints.constant(r);
    }

    /** Whether feature r takes one value on every row. */
    boolean constantOnRows(int r) {
        return rows.constant(r);
    }

    /**
     * Weighted sums of the shifted values {@code g = f - c} of every feature over a set of weighted
     * vectors (the edge endpoints with weight S_ij, or the rows with weight 1): the total weight
     * {@code sum w}, {@code sum w g} and {@code sum w g^2}, and the value range. Sparse vectors add
     * their stored entries only; the implicit zeros (shifted value {@code -c}) are added in closed
     * form from the weight of the vectors that do not store the feature.
     */
    private static final class ShiftedSums implements Serializable {
        private long count;
        private double total;
        private final long[] stored;
        private final double[] storedWeight;
        private final double[] sum;
        private final double[] squares;
        private final double[] min;
        private final double[] max;

        ShiftedSums(int numFeatures) {
            stored = new long[numFeatures];
            storedWeight = new double[numFeatures];
            sum = new double[numFeatures];
            squares = new double[numFeatures];
            min = filled(numFeatures, Double.POSITIVE_INFINITY);
            max = filled(numFeatures, Double.NEGATIVE_INFINITY);
        }

        private static double[] filled(int size, double value) {
            double[] array = new double[size];
            Arrays.fill(array, value);
            return array;
        }

        void add(Vector v, double weight, double[] shift) {
            count++;
            total += weight;
            int[] idx = indices(v);
            double[] val = values(v);
            for (int p = 0; p < val.length; p++) {
                int feature = idx == null ? p : idx[p];
                double value = val[p];
                double shifted = value - shift[feature];
                stored[feature]++;
                storedWeight[feature] += weight;
                sum[feature] += weight * shifted;
                squares[feature] += weight * shifted * shifted;
                min[feature] = Math.min(min[feature], value);
                max[feature] = Math.max(max[feature], value);
            }
        }

        void merge(ShiftedSums other) {
            count += other.count;
            total += other.total;
            for (int r = 0; r < sum.length; r++) {
                stored[r] += other.stored[r];
                storedWeight[r] += other.storedWeight[r];
                sum[r] += other.sum[r];
                squares[r] += other.squares[r];
                min[r] = Math.min(min[r], other.min[r]);
                max[r] = Math.max(max[r], other.max[r]);
            }
        }

        /** {@code sum w g} of feature r, implicit zeros included. */
        double sum(int r, double shift) {
            return sum[r] - implicitWeight(r) * shift;
        }

        /** {@code sum w f^2 = sum w (g + c)^2} of feature r, implicit zeros included. */
        double rawSquares(int r, double shift) {
            double implicit = implicitWeight(r);
            double shiftedSquares = squares[r] + implicit * shift * shift;
            return shiftedSquares + 2 * shift * sum(r, shift) + shift * shift * total;
        }

        /** {@code sum w (g - mean_w g)^2} of feature r, implicit zeros included. */
        double variance(int r, double shift) {
            double implicit = implicitWeight(r);
            double shiftedSum = sum[r] - implicit * shift;
            double shiftedSquares = squares[r] + implicit * shift * shift;
            return shiftedSquares - shiftedSum * shiftedSum / total;
        }

        /** Total weight of the vectors in which feature r is an implicit zero of a sparse vector. */
        private double implicitWeight(int r) {
            return stored[r] == count ? 0.0 : total - storedWeight[r];
        }

        /** Whether feature r takes one value on every vector, implicit zeros included. */
        boolean constant(int r) {
            boolean hasImplicitZeros = stored[r] < count;
            double low = hasImplicitZeros ? Math.min(min[r], 0.0) : min[r];
            double high = hasImplicitZeros ? Math.max(max[r], 0.0) : max[r];
            return low == high;
        }
    }
}
