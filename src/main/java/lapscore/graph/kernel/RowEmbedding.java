package lapscore.graph.kernel;

import java.io.Serializable;

import lapscore.graph.distance.DistanceMeasure;
import org.apache.spark.ml.linalg.Vector;

/**
 * How rows become the points the distance kernel measures: each row of {@code numFeatures} values
 * is embedded by {@code measure} ({@link DistanceMeasure#embed}: the row itself, or the row over its
 * length) minus {@code centre} (sparse points keep the embedded row and subtract the centre only
 * where a spread about it is asked for). Every working block of one search is built with the same embedding,
 * so that distances between any two of them agree; it travels into the tasks that build them.
 *
 * @param numFeatures the coordinates of a row and of its point
 * @param measure     the distance that defines "nearest"
 * @param centre      the common centre subtracted from every point, {@code measure.centre(...)} of the rows
 * @param withCosines whether the working blocks keep what the raw rows' cosines need and the
 *                    neighbour lists a cosine beside every distance: only the cosine kernel reads
 *                    them ({@link lapscore.graph.edges.WeightKernel#COSINE}), and without
 *                    them a search offers and ships a third less per candidate
 * @param sparse      whether the exact searches measure the rows as {@link SparsePoints} (the rows
 *                    hold few non-zero values) rather than as dense {@link WorkingBlock}s
 */
public record RowEmbedding(int numFeatures, DistanceMeasure measure, double[] centre, boolean withCosines, boolean sparse)
        implements Serializable {

    /** Rows measured as dense points. */
    public RowEmbedding(int numFeatures, DistanceMeasure measure, double[] centre, boolean withCosines) {
        this(numFeatures, measure, centre, withCosines, false);
    }

    /**
     * Writes the point of the row stored as {@code values[from, to)} (at the coordinates
     * {@code indices[from, to)}, or dense when {@code indices} is null) into
     * {@code target[offset .. offset + numFeatures)} ({@link DistanceMeasure#embed}), and returns the
     * raw row's length as the cosines read it: the row's for Euclidean distance, 1 for cosine.
     */
    public double embed(int[] indices, double[] values, int from, int to, double[] target, int offset) {
        measure.embed(indices, values, from, to, centre, target, offset);
        return measure == DistanceMeasure.COSINE ? 1.0 : DistanceMeasure.length(values, from, to);
    }

    /** The point of {@code row}, in a new array of {@code numFeatures} values. O(numFeatures). */
    public double[] point(Vector row) {
        double[] point = new double[numFeatures];
        measure.embed(row, centre, point, 0);
        return point;
    }
}
