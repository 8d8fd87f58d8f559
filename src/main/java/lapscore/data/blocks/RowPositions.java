package lapscore.data.blocks;

import java.util.Arrays;

/**
 * Where each of a set of row ids lies in the array that holds them: position {@code i} of
 * {@code ids[i]}. Ids that lie close together (a block's rows, at most {@value #DENSE_SPAN} times as
 * many values spanned as ids) are found by one read of a table over their span; ids spread over the
 * data (the rows a batch of NN-descent names, a few of every cell) by an open-addressing hash table
 * of twice as many slots as ids, probed linearly, whose memory does not grow with the span. Either
 * way O(n) memory for n ids and O(1) expected time per look-up.
 */
public final class RowPositions {

    /** Largest ratio of the ids' span to their number for which the table over the span is used. */
    private static final int DENSE_SPAN = 4;

    private final long first;
    /** Position of id {@code first + i} at {@code [i]}, -1 where none; or null when the ids are spread. */
    private final int[] dense;
    /** The hash table's ids and their positions (-1: empty slot), or null when the ids are dense. */
    private final long[] slotIds;
    private final int[] slotPositions;
    private final int mask;

    /** The positions of {@code ids}, which must be distinct. */
    public RowPositions(long[] ids) {
        long lowest = Long.MAX_VALUE;
        long highest = Long.MIN_VALUE;
        for (long id : ids) {
            lowest = Math.min(lowest, id);
            highest = Math.max(highest, id);
        }
        this.first = lowest;
        if (ids.length == 0 || highest - lowest < (long) DENSE_SPAN * ids.length) {
            this.dense = new int[ids.length == 0 ? 0 : (int) (highest - lowest + 1)];
            Arrays.fill(dense, -1);
            for (int i = 0; i < ids.length; i++) {
                dense[(int) (ids[i] - lowest)] = i;
            }
            this.slotIds = null;
            this.slotPositions = null;
            this.mask = 0;
            return;
        }
        int slots = Integer.highestOneBit(Math.max(1, 2 * ids.length - 1)) << 1;
        this.dense = null;
        this.slotIds = new long[slots];
        this.slotPositions = new int[slots];
        this.mask = slots - 1;
        Arrays.fill(slotPositions, -1);
        for (int i = 0; i < ids.length; i++) {
            int slot = slotOf(ids[i]);
            while (slotPositions[slot] >= 0) {
                slot = (slot + 1) & mask;
            }
            slotIds[slot] = ids[i];
            slotPositions[slot] = i;
        }
    }

    /** Position of row {@code id}, or -1 when it is not one of the ids. */
    public int of(long id) {
        if (dense != null) {
            long offset = id - first;
            return offset < 0 || offset >= dense.length ? -1 : dense[(int) offset];
        }
        for (int slot = slotOf(id); slotPositions[slot] >= 0; slot = (slot + 1) & mask) {
            if (slotIds[slot] == id) {
                return slotPositions[slot];
            }
        }
        return -1;
    }

    /** The first slot of {@code id}: the top bits of a multiplicative (Fibonacci) hash. */
    private int slotOf(long id) {
        return (int) ((id * 0x9E3779B97F4A7C15L) >>> (64 - Integer.numberOfTrailingZeros(mask + 1))) & mask;
    }
}
