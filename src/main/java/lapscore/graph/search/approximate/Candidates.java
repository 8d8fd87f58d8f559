package lapscore.graph.search.approximate;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

import lapscore.graph.kernel.CandidateHeaps;
import lapscore.graph.kernel.WorkingBlock;
import lapscore.graph.search.NeighbourLists;

/**
 * The new and old candidates of one NN-descent round for consecutive rows of one block, each set
 * sorted and without duplicates (a row new in one sense and old in another is new), and for every
 * row the positions of its list entries chosen as new candidates, which become old. The rows can be
 * cut into batches whose candidates name at most a given number of distinct rows
 * ({@link #batchStarts}), each batch then joined by a task of its own.
 */
final class Candidates implements Serializable {
    private final int[] freshOffsets;
    private final long[] freshMembers;
    private final int[] oldOffsets;
    private final long[] oldMembers;
    private final int[][] used;

    private Candidates(int[] freshOffsets, long[] freshMembers, int[] oldOffsets, long[] oldMembers, int[][] used) {
        this.freshOffsets = freshOffsets;
        this.freshMembers = freshMembers;
        this.oldOffsets = oldOffsets;
        this.oldMembers = oldMembers;
        this.used = used;
    }

    /**
     * The candidates of the rows of {@code forward}, chosen into the heaps {@code fresh} and
     * {@code old}; a row without a new candidate keeps no old one either, since it joins nothing.
     */
    static Candidates of(NeighbourLists forward, CandidateHeaps fresh, CandidateHeaps old) {
        int rows = forward.rows();
        int[] freshOffsets = new int[rows + 1];
        int[] oldOffsets = new int[rows + 1];
        long[] freshMembers = new long[rows * fresh.k];
        long[] oldMembers = new long[rows * old.k];
        int[][] used = new int[rows][];
        int[] chosenEntries = new int[forward.k()];
        for (int row = 0; row < rows; row++) {
            int from = freshOffsets[row];
            int to = from + fresh.sizes[row];
            System.arraycopy(fresh.ids, row * fresh.k, freshMembers, from, fresh.sizes[row]);
            Arrays.sort(freshMembers, from, to);
            freshOffsets[row + 1] = to;
            int olderFrom = oldOffsets[row];
            int olderCount = to > from ? old.sizes[row] : 0;
            System.arraycopy(old.ids, row * old.k, oldMembers, olderFrom, olderCount);
            Arrays.sort(oldMembers, olderFrom, olderFrom + olderCount);
            int olderTo = olderFrom;
            for (int n = olderFrom; n < olderFrom + olderCount; n++) {
                if (Arrays.binarySearch(freshMembers, from, to, oldMembers[n]) < 0) {
                    oldMembers[olderTo++] = oldMembers[n];
                }
            }
            oldOffsets[row + 1] = olderTo;
            int chosen = 0;
            for (int n = 0; n < forward.count(row); n++) {
                if (forward.isFresh(row, n) && Arrays.binarySearch(freshMembers, from, to, forward.neighbour(row, n)) >= 0) {
                    chosenEntries[chosen++] = n;
                }
            }
            used[row] = Arrays.copyOf(chosenEntries, chosen);
        }
        return new Candidates(freshOffsets, Arrays.copyOf(freshMembers, freshOffsets[rows]), oldOffsets,
                Arrays.copyOf(oldMembers, oldOffsets[rows]), used);
    }

    int rows() {
        return freshOffsets.length - 1;
    }

    /** For every row, the positions in its list of the entries chosen as new candidates. */
    int[][] used() {
        return used;
    }

    /** The new candidates of row {@code row}, ascending. */
    long[] fresh(int row) {
        return Arrays.copyOfRange(freshMembers, freshOffsets[row], freshOffsets[row + 1]);
    }

    /** The old candidates of row {@code row}, ascending, none of them new. */
    long[] old(int row) {
        return Arrays.copyOfRange(oldMembers, oldOffsets[row], oldOffsets[row + 1]);
    }

    /** Positions in {@code points} of the new candidates of row {@code row}. */
    int[] freshPositionsIn(int row, WorkingBlock points) {
        return positions(freshMembers, freshOffsets[row], freshOffsets[row + 1], points);
    }

    /** Positions in {@code points} of the old candidates of row {@code row}. */
    int[] oldPositionsIn(int row, WorkingBlock points) {
        return positions(oldMembers, oldOffsets[row], oldOffsets[row + 1], points);
    }

    private static int[] positions(long[] members, int from, int to, WorkingBlock points) {
        int[] positions = new int[to - from];
        for (int n = 0; n < positions.length; n++) {
            positions[n] = points.positionOf(members[from + n]);
        }
        return positions;
    }

    /**
     * The first row of every batch when the rows are taken in order and a batch is closed before the
     * row whose candidates would bring its distinct candidates above {@code maxMembers}: every batch
     * names at most {@code maxMembers} rows, as long as no one row has more candidates than that.
     * Rows without a new candidate name nothing (they join nothing), so converging rounds name fewer.
     * O(candidates) time and one bit per id in the candidates' span.
     */
    int[] batchStarts(int maxMembers) {
        long[] span = memberSpan();
        long lowest = span[0];
        if (lowest > span[1]) {
            return new int[]{0};
        }
        BitSet named = new BitSet(Math.toIntExact(span[1] - lowest + 1));
        List<Integer> starts = new ArrayList<>(List.of(0));
        int batchStart = 0;
        int distinct = 0;
        for (int row = 0; row < rows(); row++) {
            int added = unnamed(row, named, lowest);
            if (distinct + added > maxMembers && row > batchStart) {
                for (int earlier = batchStart; earlier < row; earlier++) {
                    mark(earlier, named, lowest, false);
                }
                starts.add(row);
                batchStart = row;
                distinct = 0;
                added = unnamed(row, named, lowest);
            }
            mark(row, named, lowest, true);
            distinct += added;
        }
        return starts.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Whether row {@code row} has a new candidate: a local join measures pairs with at least one new
     * member, so a row without one needs none of its candidates.
     */
    boolean joins(int row) {
        return freshOffsets[row + 1] > freshOffsets[row];
    }

    /** How many candidates of row {@code row} are not yet marked in {@code named} (none when it {@link #joins} nothing). */
    private int unnamed(int row, BitSet named, long lowest) {
        if (!joins(row)) {
            return 0;
        }
        int count = 0;
        for (int n = freshOffsets[row]; n < freshOffsets[row + 1]; n++) {
            count += named.get((int) (freshMembers[n] - lowest)) ? 0 : 1;
        }
        for (int n = oldOffsets[row]; n < oldOffsets[row + 1]; n++) {
            count += named.get((int) (oldMembers[n] - lowest)) ? 0 : 1;
        }
        return count;
    }

    private void mark(int row, BitSet named, long lowest, boolean value) {
        if (!joins(row)) {
            return;
        }
        for (int n = freshOffsets[row]; n < freshOffsets[row + 1]; n++) {
            named.set((int) (freshMembers[n] - lowest), value);
        }
        for (int n = oldOffsets[row]; n < oldOffsets[row + 1]; n++) {
            named.set((int) (oldMembers[n] - lowest), value);
        }
    }

    /** The candidates of rows {@code from} (inclusive) to {@code to} (exclusive), without their used entries. */
    Candidates slice(int from, int to) {
        return new Candidates(rebased(freshOffsets, from, to), Arrays.copyOfRange(freshMembers, freshOffsets[from], freshOffsets[to]),
                rebased(oldOffsets, from, to), Arrays.copyOfRange(oldMembers, oldOffsets[from], oldOffsets[to]), null);
    }

    /**
     * These candidates cut, in row order, into pieces of at most about {@code maxBytes} bytes each
     * (8 per candidate and per row), at least one row each unless there is no row: one piece when
     * all fit. Without their used entries, like {@link #slice}.
     */
    List<Candidates> pieces(long maxBytes) {
        List<Candidates> pieces = new ArrayList<>();
        int from = 0;
        long bytes = 0;
        for (int row = 0; row < rows(); row++) {
            long rowBytes = Long.BYTES * (1L + freshOffsets[row + 1] - freshOffsets[row] + oldOffsets[row + 1] - oldOffsets[row]);
            if (row > from && bytes + rowBytes > maxBytes) {
                pieces.add(slice(from, row));
                from = row;
                bytes = 0;
            }
            bytes += rowBytes;
        }
        pieces.add(slice(from, rows()));
        return pieces;
    }

    /** The rows of {@code pieces}, in their order, as one set of candidates without used entries: the inverse of {@link #pieces}. */
    static Candidates concat(List<Candidates> pieces) {
        int rows = pieces.stream().mapToInt(Candidates::rows).sum();
        int[] freshOffsets = new int[rows + 1];
        int[] oldOffsets = new int[rows + 1];
        long[] freshMembers = new long[pieces.stream().mapToInt(piece -> piece.freshMembers.length).sum()];
        long[] oldMembers = new long[pieces.stream().mapToInt(piece -> piece.oldMembers.length).sum()];
        int row = 0;
        for (Candidates piece : pieces) {
            for (int own = 1; own <= piece.rows(); own++) {
                freshOffsets[row + own] = freshOffsets[row] + piece.freshOffsets[own];
                oldOffsets[row + own] = oldOffsets[row] + piece.oldOffsets[own];
            }
            System.arraycopy(piece.freshMembers, 0, freshMembers, freshOffsets[row], piece.freshMembers.length);
            System.arraycopy(piece.oldMembers, 0, oldMembers, oldOffsets[row], piece.oldMembers.length);
            row += piece.rows();
        }
        return new Candidates(freshOffsets, freshMembers, oldOffsets, oldMembers, null);
    }

    private static int[] rebased(int[] offsets, int from, int to) {
        int[] rebased = new int[to - from + 1];
        for (int row = from; row <= to; row++) {
            rebased[row - from] = offsets[row] - offsets[from];
        }
        return rebased;
    }

    /** The lowest and the highest candidate id of any row; {Long.MAX_VALUE, Long.MIN_VALUE} when there is none. */
    private long[] memberSpan() {
        long[] span = {Long.MAX_VALUE, Long.MIN_VALUE};
        for (long[] members : new long[][]{freshMembers, oldMembers}) {
            for (long id : members) {
                span[0] = Math.min(span[0], id);
                span[1] = Math.max(span[1], id);
            }
        }
        return span;
    }

    /**
     * Every candidate of a row that has a new one, once, ascending: marked in a bit set over the span
     * of the ids, then read out in order.
     */
    long[] distinctMembers() {
        long[] span = memberSpan();
        long lowest = span[0];
        if (lowest > span[1]) {
            return new long[0];
        }
        BitSet marked = new BitSet(Math.toIntExact(span[1] - lowest + 1));
        for (int row = 0; row < rows(); row++) {
            mark(row, marked, lowest, true);
        }
        long[] distinct = new long[marked.cardinality()];
        int n = 0;
        for (int bit = marked.nextSetBit(0); bit >= 0; bit = marked.nextSetBit(bit + 1)) {
            distinct[n++] = lowest + bit;
        }
        return distinct;
    }
}
