package lapscore.graph.distance;

import lapscore.ParamOption;
import lapscore.data.blocks.FeatureCentres;
import lapscore.data.blocks.PackedVectors;
import org.apache.spark.ml.linalg.Vector;

/**
 * The distance that defines "nearest" in the kNN graph.
 *
 * <ul>
 *   <li>{@code euclidean}: {@code ||x_i - x_j||}, as in He, Cai and Niyogi, "Laplacian Score
 *       for Feature Selection", NIPS 2005, section 2.1.</li>
 *   <li>{@code cosine}: the Euclidean distance between the rows scaled to unit length, so
 *       {@code d^2 = 2 - 2 cos(x_i, x_j)}; neighbours are the rows of largest cosine, and the heat
 *       kernel {@code exp(-d^2 / t)} keeps its meaning.</li>
 * </ul>
 */
public enum DistanceMeasure implements ParamOption {
    EUCLIDEAN,
    COSINE;

    /** The centre of the points (see {@link #embed}) over all rows: the mean row, or the mean unit-length row. */
    public double[] centre(FeatureCentres centres) {
        return this == COSINE ? centres.unitMeans() : centres.means();
    }

    /**
     * Writes the point that represents {@code row} in distance computations, minus {@code centre},
     * into {@code target[offset .. offset + size)}: the row itself for Euclidean distance, the row
     * over its length for cosine. Subtracting a common centre leaves distances unchanged and keeps
     * {@code ||a||^2 + ||b||^2 - 2ab} free of cancellation for features like {@code 1e9 + x}.
     */
    public void embed(Vector row, double[] centre, double[] target, int offset) {
        PackedVectors.read(row, (indices, values, from, to) -> embed(indices, values, from, to, centre, target, offset));
    }

    /**
     * {@link #embed(Vector, double[], double[], int)} of a row stored as {@code values[from, to)}: at
     * the coordinates {@code indices[from, to)} when they are given (a sparse row), else one value per
     * coordinate (a dense row). The same numbers, to the last bit, as for the row as a Spark vector.
     */
    public void embed(int[] indices, double[] values, int from, int to, double[] centre, double[] target, int offset) {
        double scale = this == COSINE ? 1.0 / length(values, from, to) : 1.0;
        if (indices == null) {
            for (int j = 0; j < to - from; j++) {
                target[offset + j] = -centre[j] + values[from + j] * scale;
            }
            return;
        }
        for (int j = 0; j < centre.length; j++) {
            target[offset + j] = -centre[j];
        }
        for (int p = from; p < to; p++) {
            target[offset + indices[p]] += values[p] * scale;
        }
    }

    /** The Euclidean length of the row stored as {@code values[from, to)}: the square root of the sum of squares, in order. */
    public static double length(double[] values, int from, int to) {
        double sum = 0.0;
        for (int p = from; p < to; p++) {
            sum += values[p] * values[p];
        }
        return Math.sqrt(sum);
    }
}
