package lapscore.graph.kernel;

import java.util.Arrays;

/**
 * Per row, the {@code capacity} candidates of smallest single-precision screen value, ties by the
 * candidate's position in its block (the order of its row id): {@link SinglePrecisionScreen}'s first
 * pass. Each candidate is one long, the value's bits made to sort as the value does in the high
 * half and the position in the low half, so that a heap step is one comparison of two longs (the
 * first pass makes hundreds of thousands of insertions per block pair, where {@link CandidateHeaps}'
 * comparisons of key, then id, cost half the scan).
 */
final class ScreenHeaps {

    final int capacity;
    /** Row r's heap in {@code [r * capacity, r * capacity + sizes[r])}, its worst candidate first. */
    private final long[] entries;
    private final int[] sizes;
    /** Each row's worst kept value, +infinity until it keeps {@link #capacity}. */
    private final float[] worst;

    ScreenHeaps(int rows, int capacity) {
        this.capacity = capacity;
        this.entries = new long[rows * capacity];
        this.sizes = new int[rows];
        this.worst = new float[rows];
        Arrays.fill(worst, Float.POSITIVE_INFINITY);
    }

    /** The largest value row {@code row} keeps, +infinity until it keeps {@link #capacity}: a larger one is not kept. */
    float worst(int row) {
        return worst[row];
    }

    /** How many candidates row {@code row} keeps. */
    int size(int row) {
        return sizes[row];
    }

    /** Position of the n-th kept candidate of row {@code row}, in no particular order. */
    int position(int row, int n) {
        return (int) entries[row * capacity + n];
    }

    /** Offers the candidate at {@code position} with screen value {@code value} to row {@code row}. */
    void offer(int row, int position, float value) {
        long entry = ((long) sortable(value) << 32) | position;
        int base = row * capacity;
        int size = sizes[row];
        if (size < capacity) {
            int at = size;
            while (at > 0 && entries[base + (at - 1) / 2] < entry) {
                entries[base + at] = entries[base + (at - 1) / 2];
                at = (at - 1) / 2;
            }
            entries[base + at] = entry;
            sizes[row] = size + 1;
            if (size + 1 == capacity) {
                worst[row] = valueOf(entries[base]);
            }
        } else if (entry < entries[base]) {
            int at = 0;
            while (true) {
                int child = 2 * at + 1;
                if (child >= capacity) {
                    break;
                }
                if (child + 1 < capacity && entries[base + child + 1] > entries[base + child]) {
                    child++;
                }
                if (entries[base + child] <= entry) {
                    break;
                }
                entries[base + at] = entries[base + child];
                at = child;
            }
            entries[base + at] = entry;
            worst[row] = valueOf(entries[base]);
        }
    }

    /** The float's bits as an int that orders as the float does: a negative float's magnitude bits are reversed. */
    private static int sortable(float value) {
        int bits = Float.floatToRawIntBits(value);
        return bits ^ ((bits >> 31) & 0x7fffffff);
    }

    private static float valueOf(long entry) {
        int bits = (int) (entry >>> 32);
        return Float.intBitsToFloat(bits ^ ((bits >> 31) & 0x7fffffff));
    }
}
