package io.github.lapscore.graph.search;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

import io.github.lapscore.data.blocks.BlockLayout;
import io.github.lapscore.data.blocks.BlockPartitioner;
import io.github.lapscore.graph.kernel.CandidateHeaps;
import io.github.lapscore.graph.kernel.WorkingBlock;
import org.apache.spark.api.java.JavaPairRDD;

import scala.Tuple2;

/**
 * The best candidates found so far for a set of rows (ids ascending): up to k per row, sorted by
 * exact distance, then by row id. A search step yields such lists for the rows it saw (a block
 * pair, a tree leaf); {@link #absorb} merges them, keeping each row's k best distinct candidates,
 * and the result does not depend on the order in which lists are merged.
 */
public final class NeighbourLists implements Serializable {

    private final long[] rowIds;
    private final int k;
    private final long[] ids;
    private final double[] distances;
    private final double[] cosines;
    private final int[] counts;

    private NeighbourLists(long[] rowIds, int k) {
        this.rowIds = rowIds;
        this.k = k;
        this.ids = new long[rowIds.length * k];
        this.distances = new double[rowIds.length * k];
        this.cosines = new double[rowIds.length * k];
        this.counts = new int[rowIds.length];
    }

    /** Empty lists for the rows {@code firstRow .. firstRow + rows - 1}. */
    static NeighbourLists empty(long firstRow, int rows, int k) {
        long[] rowIds = new long[rows];
        for (int i = 0; i < rows; i++) {
            rowIds[i] = firstRow + i;
        }
        return new NeighbourLists(rowIds, k);
    }

    /**
     * Turns the heaps of the rows of {@code own}, whose candidates are rows of {@code others}, into
     * sorted lists, recomputing every kept distance exactly (the kernel's
     * {@code ||a||^2 + ||b||^2 - 2ab} only chose them) and adding the raw rows' cosine.
     */
    static NeighbourLists of(CandidateHeaps heaps, WorkingBlock own, WorkingBlock others) {
        NeighbourLists lists = new NeighbourLists(own.ids, heaps.k);
        for (int i = 0; i < own.size; i++) {
            int base = i * heaps.k;
            int count = heaps.sizes[i];
            for (int c = 0; c < count; c++) {
                int j = others.positionOf(heaps.ids[base + c]);
                lists.insertSorted(i, c, others.ids[j], own.distance(i, others, j), own.cosine(i, others, j));
            }
            lists.counts[i] = count;
        }
        return lists;
    }

    /**
     * Merges fragments keyed by the first row of the block of {@code layout} their rows belong to
     * into one list per block (partition i holding block i). There is no map-side combining: a
     * fragment covers few rows of its block, and the merge is in place on the reduce side.
     */
    static JavaPairRDD<Long, NeighbourLists> mergeIntoBlocks(JavaPairRDD<Long, NeighbourLists> fragments, BlockLayout layout) {
        return fragments.combineByKey(
                fragment -> {
                    int block = layout.blockOf(fragment.rowIds[0]);
                    return empty(layout.firstRow(block), layout.rowsIn(block), fragment.k).absorb(fragment);
                },
                NeighbourLists::absorb, NeighbourLists::absorb, new BlockPartitioner(layout), false, null);
    }

    /** Inserts into row {@code row}'s list, which holds {@code count} sorted entries and has room for one more. */
    private void insertSorted(int row, int count, long id, double distance, double cosine) {
        int base = row * k;
        int position = count;
        while (position > 0 && CandidateHeaps.isWorse(distances[base + position - 1], ids[base + position - 1], distance, id)) {
            ids[base + position] = ids[base + position - 1];
            distances[base + position] = distances[base + position - 1];
            cosines[base + position] = cosines[base + position - 1];
            position--;
        }
        ids[base + position] = id;
        distances[base + position] = distance;
        cosines[base + position] = cosine;
    }

    /**
     * Merges {@code other}, whose rows must all be rows of this, into this: every row keeps the k best
     * of both lists, a candidate found by both counted once (its exact distance is the same number
     * wherever it was computed). Returns this.
     */
    NeighbourLists absorb(NeighbourLists other) {
        long[] mergedIds = new long[k];
        double[] mergedDistances = new double[k];
        double[] mergedCosines = new double[k];
        int row = 0;
        for (int o = 0; o < other.rowIds.length; o++) {
            row = Arrays.binarySearch(rowIds, row, rowIds.length, other.rowIds[o]);
            if (row < 0) {
                throw new IllegalStateException("row " + other.rowIds[o] + " is not among the rows of these lists");
            }
            int base = row * k;
            int otherBase = o * other.k;
            int p = 0;
            int q = 0;
            int n = 0;
            while (n < k && (p < counts[row] || q < other.counts[o])) {
                boolean takeOther = p == counts[row] || (q < other.counts[o]
                        && CandidateHeaps.isWorse(distances[base + p], ids[base + p], other.distances[otherBase + q], other.ids[otherBase + q]));
                NeighbourLists source = takeOther ? other : this;
                int from = takeOther ? otherBase + q++ : base + p++;
                if (n > 0 && mergedIds[n - 1] == source.ids[from]) {
                    continue;
                }
                mergedIds[n] = source.ids[from];
                mergedDistances[n] = source.distances[from];
                mergedCosines[n] = source.cosines[from];
                n++;
            }
            System.arraycopy(mergedIds, 0, ids, base, n);
            System.arraycopy(mergedDistances, 0, distances, base, n);
            System.arraycopy(mergedCosines, 0, cosines, base, n);
            counts[row] = n;
        }
        return this;
    }

    /**
     * These lists cut into fragments keyed by the first row of the block of {@code layout} their
     * rows belong to (rows ascending, so each block's rows are consecutive); rows without a
     * candidate are left out.
     */
    List<Tuple2<Long, NeighbourLists>> fragmentsByBlock(BlockLayout layout) {
        List<Tuple2<Long, NeighbourLists>> fragments = new ArrayList<>();
        int from = 0;
        while (from < rows()) {
            int block = layout.blockOf(rowIds[from]);
            int to = from;
            while (to < rows() && layout.blockOf(rowIds[to]) == block) {
                to++;
            }
            int[] kept = IntStream.range(from, to).filter(row -> counts[row] > 0).toArray();
            if (kept.length > 0) {
                fragments.add(new Tuple2<>(layout.firstRow(block), select(kept)));
            }
            from = to;
        }
        return fragments;
    }

    /** The lists of the rows at positions {@code kept}. */
    private NeighbourLists select(int[] kept) {
        NeighbourLists selected = new NeighbourLists(IntStream.of(kept).mapToLong(row -> rowIds[row]).toArray(), k);
        for (int n = 0; n < kept.length; n++) {
            int row = kept[n];
            System.arraycopy(ids, row * k, selected.ids, n * k, k);
            System.arraycopy(distances, row * k, selected.distances, n * k, k);
            System.arraycopy(cosines, row * k, selected.cosines, n * k, k);
            selected.counts[n] = counts[row];
        }
        return selected;
    }

    /** Most neighbours a row keeps. */
    int k() {
        return k;
    }

    /** Number of rows. */
    public int rows() {
        return counts.length;
    }

    /** Id of the row at position {@code row}. */
    public long rowId(int row) {
        return rowIds[row];
    }

    /** Number of neighbours kept for the row at position {@code row}. */
    public int count(int row) {
        return counts[row];
    }

    /** Id of the {@code n}-th nearest neighbour (from 0) of the row at position {@code row}. */
    public long neighbour(int row, int n) {
        return ids[row * k + n];
    }

    /** Exact distance to the {@code n}-th nearest neighbour (from 0) of the row at position {@code row}. */
    public double distance(int row, int n) {
        return distances[row * k + n];
    }

    /** Cosine of the raw rows of the row at position {@code row} and its {@code n}-th nearest neighbour (from 0). */
    public double cosine(int row, int n) {
        return cosines[row * k + n];
    }
}
