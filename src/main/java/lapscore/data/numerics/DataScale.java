package lapscore.data.numerics;

import java.io.Serializable;

import org.apache.spark.ml.linalg.DenseVector;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;

/**
 * The power of two {@code 2^exponent} by which the rows are multiplied before any distance or moment
 * is computed, so that squares and sums of squares neither overflow (data near 1e300) nor underflow
 * (data near 1e-300, or denormals). Every score of the library is invariant under one common scaling
 * of all features: the Laplacian, Fisher and LKR scores are ratios of quadratic forms in each
 * feature, the kNN and epsilon graphs depend on the order of distances, and the heat kernel
 * {@code exp(-d^2 / t)} only on {@code d^2 / t}, provided the bandwidth t and the radius are carried
 * into the scaled units too ({@link #squaredDistanceToScaled}, {@link #distanceToScaled}).
 *
 * <p>Multiplying by a power of two is exact for normal numbers, so data whose largest magnitude
 * lies in [2^-255, 2^255] are left as they are ({@link #NONE}) and give bit-for-bit the results of
 * an unscaled computation; beyond that range the rows are scaled so that their largest magnitude
 * lies in [0.5, 1).
 *
 * @param exponent the power of two applied to every value (0 when the data need no scaling)
 */
public record DataScale(int exponent) implements Serializable {

    /** No scaling. */
    public static final DataScale NONE = new DataScale(0);

    private static final int SAFE_EXPONENT = 255;

    /** The scale for data whose largest finite magnitude is {@code maxAbs} (0 for all-zero data). */
    public static DataScale forLargestMagnitude(double maxAbs) {
        if (maxAbs == 0.0 || !Double.isFinite(maxAbs)) {
            return NONE;
        }
        int binaryExponent = maxAbs >= Double.MIN_NORMAL ? Math.getExponent(maxAbs)
                : Math.getExponent(Math.scalb(maxAbs, 64)) - 64;
        if (Math.abs(binaryExponent) <= SAFE_EXPONENT) {
            return NONE;
        }
        return new DataScale(-binaryExponent - 1);
    }

    /** Whether the rows are scaled at all. */
    public boolean scales() {
        return exponent != 0;
    }

    /** {@code vector} times {@code 2^exponent}, dense or sparse as it was. */
    public Vector apply(Vector vector) {
        if (!scales() || vector == null) {
            return vector;
        }
        if (vector instanceof SparseVector sparse) {
            return Vectors.sparse(sparse.size(), sparse.indices(), scaled(sparse.values()));
        }
        return new DenseVector(scaled(((DenseVector) vector).values()));
    }

    private double[] scaled(double[] values) {
        double[] result = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            result[i] = Math.scalb(values[i], exponent);
        }
        return result;
    }

    /** A distance (or radius) of the user's data in the scaled units. */
    public double distanceToScaled(double distance) {
        return Math.scalb(distance, exponent);
    }

    /** A distance of the scaled rows back in the user's units (may saturate to 0 or Infinity). */
    public double distanceToData(double scaledDistance) {
        return Math.scalb(scaledDistance, -exponent);
    }

    /** A squared distance (the heat kernel's bandwidth t) of the user's data in the scaled units. */
    public double squaredDistanceToScaled(double squaredDistance) {
        return Math.scalb(squaredDistance, 2 * exponent);
    }

    /** A squared distance of the scaled rows back in the user's units (may saturate to 0 or Infinity). */
    public double squaredDistanceToData(double scaledSquaredDistance) {
        return Math.scalb(scaledSquaredDistance, -2 * exponent);
    }
}
