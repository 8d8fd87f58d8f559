package lapscore.graph.kernel;

import java.io.Serializable;
import java.util.List;

import lapscore.data.blocks.RowBlock;
import lapscore.data.blocks.RowGather;
import lapscore.graph.distance.DistanceMeasure;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;

/**
 * Rows already embedded ({@link RowEmbedding}: by the measure, minus the centre), ids ascending,
 * packed in primitive arrays: their points one after another, and, when the embedding keeps cosines,
 * the length of every raw row. A search that measures the same rows many times (the trees, then
 * every NN-descent round) embeds them once, keeps them in this form and ships them in it: a
 * {@link WorkingBlock} is then made from the points as they are, without reading a Spark vector
 * again, and a shuffle writes three arrays, not a vector object per row. Points are the same numbers
 * to the last bit as the working block of the raw rows would hold.
 */
public final class EmbeddedRows implements Serializable {

    private final long[] ids;
    private final int dim;
    private final double[] points;
    /** {@code ||u_i||}, the raw row's length (1 for cosine); null when the embedding keeps no cosines. */
    private final double[] rawNorms;

    private EmbeddedRows(long[] ids, int dim, double[] points, double[] rawNorms) {
        this.ids = ids;
        this.dim = dim;
        this.points = points;
        this.rawNorms = rawNorms;
    }

    /** The rows {@code ids} (ascending) with their raw {@code vectors}, embedded by {@code embedding}. O(rows d). */
    public static EmbeddedRows of(long[] ids, Vector[] vectors, RowEmbedding embedding) {
        int dim = embedding.numFeatures();
        double[] points = new double[Math.multiplyExact(ids.length, dim)];
        double[] rawNorms = embedding.withCosines() ? new double[ids.length] : null;
        for (int i = 0; i < ids.length; i++) {
            embedding.measure().embed(vectors[i], embedding.centre(), points, i * dim);
            if (rawNorms != null) {
                rawNorms[i] = embedding.measure() == DistanceMeasure.COSINE ? 1.0 : Vectors.norm(vectors[i], 2.0);
            }
        }
        return new EmbeddedRows(ids, dim, points, rawNorms);
    }

    /** The rows of {@code block}, embedded by {@code embedding}; their labels are not kept. */
    public static EmbeddedRows of(RowBlock block, RowEmbedding embedding) {
        return of(block.ids(), block.vectors().toArray(Vector[]::new), embedding);
    }

    /** How many rows. */
    public int size() {
        return ids.length;
    }

    /** The rows' ids, ascending (the array itself: not to be changed). */
    public long[] ids() {
        return ids;
    }

    /** The coordinates of a point. */
    public int dim() {
        return dim;
    }

    /** The points, row after row, point i at {@code i * dim} (the array itself: not to be changed). */
    public double[] points() {
        return points;
    }

    /** The raw rows' lengths, null when the embedding keeps no cosines (the array itself: not to be changed). */
    double[] rawNorms() {
        return rawNorms;
    }

    /** The bytes a row takes in a shuffle: its id, its point and its raw length when kept. */
    public long bytesPerRow() {
        return Long.BYTES + (long) Double.BYTES * dim + (rawNorms == null ? 0 : Double.BYTES);
    }

    /**
     * The rows at the positions {@code positions[from .. to - 1]}, in that order, which must keep the
     * ids ascending.
     */
    public EmbeddedRows pick(int[] positions, int from, int to) {
        int count = to - from;
        long[] pickedIds = new long[count];
        double[] pickedPoints = new double[Math.multiplyExact(count, dim)];
        double[] pickedNorms = rawNorms == null ? null : new double[count];
        for (int n = 0; n < count; n++) {
            int i = positions[from + n];
            pickedIds[n] = ids[i];
            System.arraycopy(points, i * dim, pickedPoints, n * dim, dim);
            if (pickedNorms != null) {
                pickedNorms[n] = rawNorms[i];
            }
        }
        return new EmbeddedRows(pickedIds, dim, pickedPoints, pickedNorms);
    }

    /** The rows of {@code parts}, in their order (ids must keep ascending across them), as one. */
    public static EmbeddedRows concat(List<EmbeddedRows> parts, int dim) {
        int size = parts.stream().mapToInt(EmbeddedRows::size).sum();
        boolean withNorms = !parts.isEmpty() && parts.get(0).rawNorms != null;
        long[] ids = new long[size];
        double[] points = new double[Math.multiplyExact(size, dim)];
        double[] rawNorms = withNorms ? new double[size] : null;
        int at = 0;
        for (EmbeddedRows part : parts) {
            System.arraycopy(part.ids, 0, ids, at, part.size());
            System.arraycopy(part.points, 0, points, at * dim, part.points.length);
            if (withNorms) {
                System.arraycopy(part.rawNorms, 0, rawNorms, at, part.size());
            }
            at += part.size();
        }
        return new EmbeddedRows(ids, dim, points, rawNorms);
    }

    /** These rows as the distance kernel reads them, their points shared, not copied. O(rows d). */
    public WorkingBlock working(RowEmbedding embedding) {
        return WorkingBlock.of(this, embedding);
    }

    /**
     * How a {@link RowGather} reads embedded blocks and ships the rows it picks: as embedded rows,
     * concatenated where they arrive.
     */
    public static RowGather.Shipping<EmbeddedRows, EmbeddedRows> shipping(int dim) {
        return new RowGather.Shipping<>() {
            @Override
            public long bytesPerRow(EmbeddedRows home, int local) {
                return home.bytesPerRow();
            }

            @Override
            public EmbeddedRows pick(EmbeddedRows home, int[] locals) {
                return home.pick(locals, 0, locals.length);
            }

            @Override
            public EmbeddedRows concat(List<EmbeddedRows> parts) {
                return EmbeddedRows.concat(parts, dim);
            }
        };
    }
}
