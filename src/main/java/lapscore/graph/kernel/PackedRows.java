package lapscore.graph.kernel;

import java.io.Serializable;
import java.util.List;
import java.util.stream.LongStream;

import lapscore.data.blocks.PackedVectors;
import lapscore.data.blocks.RowBlock;
import lapscore.data.blocks.RowGather;
import org.apache.spark.ml.linalg.Vector;

/**
 * Rows of a search, ids ascending, with their raw vectors packed in primitive arrays
 * ({@link PackedVectors}: dense rows one after another, else compressed sparse rows). The
 * approximate search keeps its rows in this form from the moment they reach their cells, ships them
 * in it to the leaves and to the rounds' batches, and embeds them straight from the arrays when a
 * {@link WorkingBlock} is made ({@link RowEmbedding#embed}): no pass makes or reads a Spark vector
 * object, whose constructor and conversions box every value, and a shuffle writes a few arrays per
 * record, as compact as the raw rows (a sparse row stays sparse; its embedded point would not).
 */
public final class PackedRows implements Serializable {

    /** How a {@link RowGather} reads packed rows and ships the rows it picks: packed, concatenated where they arrive. */
    public static final RowGather.Shipping<PackedRows, PackedRows> SHIPPING = new RowGather.Shipping<>() {
        @Override
        public long bytesPerRow(PackedRows home, int local) {
            return home.bytesPerRow();
        }

        @Override
        public PackedRows pick(PackedRows home, int[] locals) {
            return home.pick(locals, 0, locals.length);
        }

        @Override
        public PackedRows concat(List<PackedRows> parts) {
            return PackedRows.concat(parts);
        }
    };

    private final long[] ids;
    private final PackedVectors vectors;

    private PackedRows(long[] ids, PackedVectors vectors) {
        this.ids = ids;
        this.vectors = vectors;
    }

    /** The rows {@code ids} (ascending) with their raw {@code vectors}, all of one size. */
    public static PackedRows of(long[] ids, Vector[] vectors) {
        return new PackedRows(ids, PackedVectors.of(vectors));
    }

    /** The rows of {@code block}, ids {@code firstRow .. firstRow + size - 1}; their labels are not kept. */
    public static PackedRows of(RowBlock block) {
        return of(LongStream.range(block.firstRow(), block.firstRow() + block.size()).toArray(), block.vectors().toArray(Vector[]::new));
    }

    /** How many rows. */
    public int size() {
        return ids.length;
    }

    /** The rows' ids, ascending (the array itself: not to be changed). */
    public long[] ids() {
        return ids;
    }

    /** The raw vectors, in the order of {@link #ids}. */
    PackedVectors vectors() {
        return vectors;
    }

    /** The bytes a row takes in a shuffle, on average: its id and its packed vector. */
    public long bytesPerRow() {
        return Long.BYTES + vectors.bytesPerVector();
    }

    /**
     * The rows at the positions {@code positions[from .. to - 1]}, in that order, which must keep the
     * ids ascending.
     */
    public PackedRows pick(int[] positions, int from, int to) {
        long[] picked = new long[to - from];
        for (int n = 0; n < picked.length; n++) {
            picked[n] = ids[positions[from + n]];
        }
        return new PackedRows(picked, vectors.pick(positions, from, to));
    }

    /** The rows of {@code parts}, in their order (the ids must keep ascending across them), as one. */
    public static PackedRows concat(List<PackedRows> parts) {
        long[] ids = new long[parts.stream().mapToInt(PackedRows::size).sum()];
        int at = 0;
        for (PackedRows part : parts) {
            System.arraycopy(part.ids, 0, ids, at, part.size());
            at += part.size();
        }
        return new PackedRows(ids, PackedVectors.concat(parts.stream().map(part -> part.vectors).toList()));
    }

    /** These rows as the distance kernel reads them, embedded by {@code embedding}. O(rows d). */
    public WorkingBlock working(RowEmbedding embedding) {
        return WorkingBlock.of(this, embedding);
    }
}
