package lapscore.graph.kernel;

import java.util.Arrays;

/**
 * One bounded max-heap of at most k candidates per row, all in flat arrays. The heap's root is the
 * worst kept candidate; {@link #worst} mirrors it (or the row's ceiling, +infinity unless one is
 * set, while the heap is not full) so that the distance kernel rejects most candidates with a single
 * comparison. Order is by squared distance, then by row id, which makes ties deterministic.
 */
public final class CandidateHeaps {

    public final int k;
    public final long[] ids;
    /**
     * The candidates' keys: exact squared distances ({@link WorkingBlock#squaredDistance}) in the
     * neighbour searches, whose lists take them as they are; hash priorities where candidates are
     * sampled.
     */
    public final double[] keys;
    public final int[] sizes;
    /**
     * Squared distance of each row's worst kept candidate once k are kept; until then the row's
     * ceiling ({@link #limitTo}), +infinity unless one is set.
     */
    final double[] worst;

    /** Heaps of at most k candidates for each of {@code rows} rows. */
    public CandidateHeaps(int rows, int k) {
        this.k = k;
        this.ids = new long[rows * k];
        this.keys = new double[rows * k];
        this.sizes = new int[rows];
        this.worst = new double[rows];
        Arrays.fill(worst, Double.POSITIVE_INFINITY);
    }

    /**
     * Key of row {@code row}'s worst kept candidate, or its ceiling ({@link #limitTo}; +infinity
     * unless set) until it keeps k: a larger key is not kept.
     */
    public double worst(int row) {
        return worst[row];
    }

    /**
     * Row {@code row} keeps no candidate whose key is above {@code ceiling}: a search whose rows
     * already hold lists asks only for what may still enter them. The heap then ends with the k best
     * of the candidates at most {@code ceiling}, which hold every one of the k best it would keep
     * without a ceiling that is at most the ceiling. Callers offer a candidate only when its key is at
     * most {@link #worst}, as the scans do. Set before the row's first offer.
     */
    public void limitTo(int row, double ceiling) {
        if (sizes[row] > 0) {
            throw new IllegalStateException("row " + row + " holds candidates already: its ceiling is set before any offer");
        }
        worst[row] = Math.min(worst[row], ceiling);
    }

    /** Whether row {@code row} keeps k candidates. */
    public boolean isFull(int row) {
        return sizes[row] == k;
    }

    /** Offers candidate {@code id} at squared distance {@code key} to row {@code row}. */
    public void offer(int row, long id, double key) {
        int base = row * k;
        int size = sizes[row];
        if (size < k) {
            siftUp(base, size, id, key);
            sizes[row] = size + 1;
            if (size + 1 == k) {
                worst[row] = keys[base];
            }
        } else if (isWorse(keys[base], ids[base], key, id)) {
            siftDown(base, id, key);
            worst[row] = keys[base];
        }
    }

    /**
     * {@link #offer}, but a candidate the row already holds is ignored: the refinement's local joins
     * can meet the same pair more than once.
     */
    public void offerIfAbsent(int row, long id, double key) {
        if (key > worst[row]) {
            return;
        }
        for (int n = row * k; n < row * k + sizes[row]; n++) {
            if (ids[n] == id) {
                return;
            }
        }
        offer(row, id, key);
    }

    /**
     * Whether candidate {@code id} can no longer enter row {@code row}'s heap, whatever its distance:
     * the heap holds k candidates at distance 0 (duplicates of the row) and ranks them before
     * {@code id}. Spares measuring the row's other duplicates, which rows with many of them would
     * otherwise all measure.
     */
    public boolean closedTo(int row, long id) {
        return worst[row] == 0.0 && sizes[row] == k && id > ids[row * k];
    }

    private void siftUp(int base, int position, long id, double key) {
        while (position > 0) {
            int parent = (position - 1) / 2;
            if (!isWorse(key, id, keys[base + parent], ids[base + parent])) {
                break;
            }
            keys[base + position] = keys[base + parent];
            ids[base + position] = ids[base + parent];
            position = parent;
        }
        keys[base + position] = key;
        ids[base + position] = id;
    }

    private void siftDown(int base, long id, double key) {
        siftDown(ids, keys, base, k, id, key);
    }

    /**
     * Puts (key, id) at the root of the max-heap {@code ids, keys [base, base + size)}, whose root it
     * replaces, and moves it down to its place.
     */
    private static void siftDown(long[] ids, double[] keys, int base, int size, long id, double key) {
        int position = 0;
        while (true) {
            int child = 2 * position + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && isWorse(keys[base + child + 1], ids[base + child + 1], keys[base + child], ids[base + child])) {
                child++;
            }
            if (!isWorse(keys[base + child], ids[base + child], key, id)) {
                break;
            }
            keys[base + position] = keys[base + child];
            ids[base + position] = ids[base + child];
            position = child;
        }
        keys[base + position] = key;
        ids[base + position] = id;
    }

    /**
     * Row {@code row}'s candidates, best first (by key, then id), into {@code sortedIds} and
     * {@code sortedKeys} from position {@code at} on (room for k); returns how many. The heap itself
     * is left as it is: the copy is sorted by moving its root, the worst, to its end, k times over
     * (heap sort).
     */
    public int sorted(int row, long[] sortedIds, double[] sortedKeys, int at) {
        int size = sizes[row];
        System.arraycopy(ids, row * k, sortedIds, at, size);
        System.arraycopy(keys, row * k, sortedKeys, at, size);
        for (int end = size - 1; end > 0; end--) {
            long worstId = sortedIds[at];
            double worstKey = sortedKeys[at];
            siftDown(sortedIds, sortedKeys, at, end, sortedIds[at + end], sortedKeys[at + end]);
            sortedIds[at + end] = worstId;
            sortedKeys[at + end] = worstKey;
        }
        return size;
    }

    /** Whether candidate (keyA, idA) ranks after (keyB, idB). */
    public static boolean isWorse(double keyA, long idA, double keyB, long idB) {
        return keyA > keyB || (keyA == keyB && idA > idB);
    }
}
