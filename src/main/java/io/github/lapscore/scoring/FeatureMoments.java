package io.github.lapscore.scoring;

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
 * zeros (whose shifted value is {@code -c}) are added in closed form from the counts
 * ({@link #implicitWeight}). Value ranges over the rows that carry weight are kept so that a
 * feature constant on the graph is recognised exactly, not by a tolerance.
 */
public final class FeatureMoments implements Serializable {

    private final double[] shift;

    private long weightedEndpoints;
    private double totalWeight;
    private final long[] storedEndpoints;
    private final double[] storedWeight;
    private final double[] weightedSum;
    private final double[] weightedSquares;
    private final double[] smoothness;
    private final double[] endpointMin;
    private final double[] endpointMax;

    private long rows;
    private final long[] storedRows;
    private final double[] rowSum;
    private final double[] rowSquares;
    private final double[] rowMin;
    private final double[] rowMax;

    /** Empty sums for features shifted by {@code shift} (their plain means). */
    public FeatureMoments(double[] shift) {
        int d = shift.length;
        this.shift = shift;
        this.storedEndpoints = new long[d];
        this.storedWeight = new double[d];
        this.weightedSum = new double[d];
        this.weightedSquares = new double[d];
        this.smoothness = new double[d];
        this.endpointMin = filled(d, Double.POSITIVE_INFINITY);
        this.endpointMax = filled(d, Double.NEGATIVE_INFINITY);
        this.storedRows = new long[d];
        this.rowSum = new double[d];
        this.rowSquares = new double[d];
        this.rowMin = filled(d, Double.POSITIVE_INFINITY);
        this.rowMax = filled(d, Double.NEGATIVE_INFINITY);
    }

    private static double[] filled(int size, double value) {
        double[] array = new double[size];
        Arrays.fill(array, value);
        return array;
    }

    /**
     * Adds the unordered edge {x, y} of weight {@code weight}: both orientations for the degree sums,
     * once for the smoothness. A self-loop ({@code selfLoop}) adds its weight to its row's degree once.
     */
    public void addEdge(Vector x, Vector y, double weight, boolean selfLoop) {
        if (weight == 0.0) {
            return;
        }
        addEndpoint(x, weight);
        if (selfLoop) {
            return;
        }
        addEndpoint(y, weight);
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

    private void addEndpoint(Vector v, double weight) {
        weightedEndpoints++;
        totalWeight += weight;
        int[] idx = indices(v);
        double[] val = values(v);
        for (int p = 0; p < val.length; p++) {
            int feature = idx == null ? p : idx[p];
            double value = val[p];
            double shifted = value - shift[feature];
            storedEndpoints[feature]++;
            storedWeight[feature] += weight;
            weightedSum[feature] += weight * shifted;
            weightedSquares[feature] += weight * shifted * shifted;
            endpointMin[feature] = Math.min(endpointMin[feature], value);
            endpointMax[feature] = Math.max(endpointMax[feature], value);
        }
    }

    /** Adds row {@code v} to the plain (uniform) sums; every row must be added exactly once. */
    public void addRow(Vector v) {
        rows++;
        int[] idx = indices(v);
        double[] val = values(v);
        for (int p = 0; p < val.length; p++) {
            int feature = idx == null ? p : idx[p];
            double value = val[p];
            double shifted = value - shift[feature];
            storedRows[feature]++;
            rowSum[feature] += shifted;
            rowSquares[feature] += shifted * shifted;
            rowMin[feature] = Math.min(rowMin[feature], value);
            rowMax[feature] = Math.max(rowMax[feature], value);
        }
    }

    private static int[] indices(Vector v) {
        return v instanceof SparseVector sparse ? sparse.indices() : null;
    }

    private static double[] values(Vector v) {
        return v instanceof SparseVector sparse ? sparse.values() : ((DenseVector) v).values();
    }

    /** Adds {@code other}'s sums to these. */
    public FeatureMoments merge(FeatureMoments other) {
        weightedEndpoints += other.weightedEndpoints;
        totalWeight += other.totalWeight;
        rows += other.rows;
        for (int r = 0; r < shift.length; r++) {
            storedEndpoints[r] += other.storedEndpoints[r];
            storedWeight[r] += other.storedWeight[r];
            weightedSum[r] += other.weightedSum[r];
            weightedSquares[r] += other.weightedSquares[r];
            smoothness[r] += other.smoothness[r];
            endpointMin[r] = Math.min(endpointMin[r], other.endpointMin[r]);
            endpointMax[r] = Math.max(endpointMax[r], other.endpointMax[r]);
            storedRows[r] += other.storedRows[r];
            rowSum[r] += other.rowSum[r];
            rowSquares[r] += other.rowSquares[r];
            rowMin[r] = Math.min(rowMin[r], other.rowMin[r]);
            rowMax[r] = Math.max(rowMax[r], other.rowMax[r]);
        }
        return this;
    }

    int numFeatures() {
        return shift.length;
    }

    /** {@code f^T L f} of feature r. */
    double smoothness(int r) {
        return smoothness[r];
    }

    /** {@code f~^T D f~} of feature r. */
    double degreeVariance(int r) {
        double implicit = implicitWeight(r);
        double sum = weightedSum[r] - implicit * shift[r];
        double squares = weightedSquares[r] + implicit * shift[r] * shift[r];
        return squares - sum * sum / totalWeight;
    }

    /**
     * {@code c_r - mu_r}: the plain mean c minus the degree-weighted mean {@code mu_r = f^T D 1 / 1^T D 1},
     * computed from the shifted sums without cancellation.
     */
    double shiftMinusDegreeMean(int r) {
        return -(weightedSum[r] - implicitWeight(r) * shift[r]) / totalWeight;
    }

    /** {@code sum_i (f_i - mean f)^2} of feature r. */
    double uniformVariance(int r) {
        long implicitRows = rows - storedRows[r];
        double sum = rowSum[r] - implicitRows * shift[r];
        double squares = rowSquares[r] + implicitRows * shift[r] * shift[r];
        return squares - sum * sum / rows;
    }

    /** Total weight of the edge endpoints at which feature r is an implicit zero of a sparse vector. */
    private double implicitWeight(int r) {
        return storedEndpoints[r] == weightedEndpoints ? 0.0 : totalWeight - storedWeight[r];
    }

    /** Whether feature r takes one value on every row with {@code D_ii > 0}. */
    boolean constantOnGraph(int r) {
        return isConstant(endpointMin[r], endpointMax[r], storedEndpoints[r] < weightedEndpoints);
    }

    /** Whether feature r takes one value on every row. */
    boolean constantOnRows(int r) {
        return isConstant(rowMin[r], rowMax[r], storedRows[r] < rows);
    }

    private static boolean isConstant(double storedMin, double storedMax, boolean hasImplicitZeros) {
        double min = hasImplicitZeros ? Math.min(storedMin, 0.0) : storedMin;
        double max = hasImplicitZeros ? Math.max(storedMax, 0.0) : storedMax;
        return min == max;
    }
}
