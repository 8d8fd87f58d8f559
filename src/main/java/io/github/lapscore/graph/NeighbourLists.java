package io.github.lapscore.graph;

import java.io.Serializable;

/**
 * The best candidates found so far for every row of one block: up to k per row, sorted by exact
 * distance, then by row id. Lists from different block pairs hold disjoint candidates and merge
 * into the final k nearest neighbours ({@link #merge}).
 */
public final class NeighbourLists implements Serializable {

    private final long firstRow;
    private final int k;
    private final long[] ids;
    private final double[] distances;
    private final double[] cosines;
    private final int[] counts;

    private NeighbourLists(long firstRow, int rows, int k) {
        this.firstRow = firstRow;
        this.k = k;
        this.ids = new long[rows * k];
        this.distances = new double[rows * k];
        this.cosines = new double[rows * k];
        this.counts = new int[rows];
    }

    /**
     * Turns the heaps of the rows of {@code own}, whose candidates are rows of {@code others}, into
     * sorted lists, recomputing every kept distance exactly (the kernel's
     * {@code ||a||^2 + ||b||^2 - 2ab} only chose them) and adding the raw rows' cosine.
     */
    static NeighbourLists of(CandidateHeaps heaps, WorkingBlock own, WorkingBlock others) {
        NeighbourLists lists = new NeighbourLists(own.firstRow(), own.size, heaps.k);
        for (int i = 0; i < own.size; i++) {
            int base = i * heaps.k;
            int count = heaps.sizes[i];
            for (int c = 0; c < count; c++) {
                long id = heaps.ids[base + c];
                int j = (int) (id - others.firstRow());
                lists.insertSorted(i, c, id, own.distance(i, others, j), own.cosine(i, others, j));
            }
            lists.counts[i] = count;
        }
        return lists;
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

    /** The k best of both lists for every row; both must describe the same block. */
    public NeighbourLists merge(NeighbourLists other) {
        NeighbourLists merged = new NeighbourLists(firstRow, counts.length, k);
        for (int i = 0; i < counts.length; i++) {
            int base = i * k;
            int p = 0;
            int q = 0;
            int n = 0;
            while (n < k && (p < counts[i] || q < other.counts[i])) {
                boolean takeOther = p == counts[i] || (q < other.counts[i]
                        && CandidateHeaps.isWorse(distances[base + p], ids[base + p], other.distances[base + q], other.ids[base + q]));
                NeighbourLists source = takeOther ? other : this;
                int from = base + (takeOther ? q++ : p++);
                merged.ids[base + n] = source.ids[from];
                merged.distances[base + n] = source.distances[from];
                merged.cosines[base + n] = source.cosines[from];
                n++;
            }
            merged.counts[i] = n;
        }
        return merged;
    }

    /** Id of the block's first row. */
    public long firstRow() {
        return firstRow;
    }

    /** Number of rows in the block. */
    public int rows() {
        return counts.length;
    }

    /** Number of neighbours kept for local row {@code row}. */
    public int count(int row) {
        return counts[row];
    }

    /** The {@code n}-th nearest neighbour (from 0) of local row {@code row} as an edge from that row. */
    public Edge edge(int row, int n) {
        int slot = row * k + n;
        long self = firstRow + row;
        long other = ids[slot];
        return new Edge(Math.min(self, other), Math.max(self, other), distances[slot], cosines[slot]);
    }
}
