package io.github.lapscore.graph.search.approximate;

import java.util.Arrays;
import java.util.List;

import io.github.lapscore.graph.search.NeighbourLists;

/**
 * The reverse links that one block received in a NN-descent round ({@link NeighbourDescent#candidates}),
 * grouped by the row they point to: for each row, the rows whose lists hold it, each with the flag of
 * that entry, new or old (Dong, Charikar and Li, "Efficient k-nearest neighbor graph construction
 * for generic similarity measures", WWW 2011, Algorithm 2, the reverse neighbours). A row joins
 * when its own list or one of its links has a new entry; the rows that do not keep no links, since
 * they get no candidates. Grouped, a row's links reach its candidate heaps one row after another,
 * while the row's heaps are in the cache, where the links as they arrive, ordered by the rows that
 * sent them, touch the heaps of the block's rows at random. A counting sort: two passes over the
 * links, O(links + rows) time, 8 bytes a kept link.
 */
final class ReceivedLinks {

    private final boolean[] joins;
    /** Row r's links are {@code links[offsets[r]]} to {@code links[offsets[r + 1] - 1]}. */
    private final int[] offsets;
    /** A link's row id shifted left by one, the low bit set when its entry is new. */
    private final long[] links;

    private ReceivedLinks(boolean[] joins, int[] offsets, long[] links) {
        this.joins = joins;
        this.offsets = offsets;
        this.links = links;
    }

    /**
     * The links {@code received} (arrays of pairs as {@link NeighbourDescent} ships them: the target
     * row id shifted left by one, its low bit the entry's flag, then the linking row's id) of the
     * block whose lists are {@code forward}, its first row being {@code firstRow}.
     */
    static ReceivedLinks of(NeighbourLists forward, List<long[]> received, long firstRow) {
        int rows = forward.rows();
        boolean[] joins = new boolean[rows];
        for (int row = 0; row < rows; row++) {
            for (int n = 0; n < forward.count(row) && !joins[row]; n++) {
                joins[row] = forward.isFresh(row, n);
            }
        }
        int[] offsets = new int[rows + 1];
        for (long[] pairs : received) {
            for (int t = 0; t < pairs.length; t += 2) {
                int target = (int) ((pairs[t] >>> 1) - firstRow);
                offsets[target + 1]++;
                joins[target] |= (pairs[t] & 1) == 1;
            }
        }
        for (int row = 0; row < rows; row++) {
            offsets[row + 1] = offsets[row] + (joins[row] ? offsets[row + 1] : 0);
        }
        long[] links = new long[offsets[rows]];
        int[] next = Arrays.copyOf(offsets, rows);
        for (long[] pairs : received) {
            for (int t = 0; t < pairs.length; t += 2) {
                int target = (int) ((pairs[t] >>> 1) - firstRow);
                if (joins[target]) {
                    links[next[target]++] = pairs[t + 1] << 1 | (pairs[t] & 1);
                }
            }
        }
        return new ReceivedLinks(joins, offsets, links);
    }

    /** Whether row {@code row} has a new candidate: a new entry in its own list or in a list that holds it. */
    boolean joins(int row) {
        return joins[row];
    }

    /** Where row {@code row}'s links start. */
    int first(int row) {
        return offsets[row];
    }

    /** Where row {@code row}'s links end (exclusive). */
    int end(int row) {
        return offsets[row + 1];
    }

    /** The row that link {@code n} comes from. */
    long source(int n) {
        return links[n] >>> 1;
    }

    /** Whether the entry behind link {@code n} is new. */
    boolean isFresh(int n) {
        return (links[n] & 1) == 1;
    }
}
