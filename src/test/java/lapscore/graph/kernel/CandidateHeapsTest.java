package lapscore.graph.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

/** The bounded heaps keep exactly the k best (distance, then id) candidates, as a full sort would. */
class CandidateHeapsTest {

    @Test
    void keepsTheKSmallestByDistanceThenId() {
        Random random = new Random(4);
        for (int k : new int[]{1, 2, 5, 16}) {
            int candidates = 200;
            double[] keys = new double[candidates];
            for (int c = 0; c < candidates; c++) {
                keys[c] = random.nextInt(20);
            }
            CandidateHeaps heaps = new CandidateHeaps(2, k);
            Integer[] order = IntStream.range(0, candidates).boxed().toArray(Integer[]::new);
            for (int c : shuffled(order, random)) {
                heaps.offer(1, c, keys[c]);
            }
            Arrays.sort(order, Comparator.<Integer>comparingDouble(c -> keys[c]).thenComparingInt(c -> c));
            long[] expected = Arrays.stream(order).limit(k).mapToLong(Integer::longValue).sorted().toArray();
            long[] kept = Arrays.copyOfRange(heaps.ids, k, 2 * k);
            Arrays.sort(kept);
            assertArrayEquals(expected, kept, "k = " + k);
            assertArrayEquals(new int[]{0, k}, heaps.sizes);
            for (int again = 0; again < 2; again++) {
                long[] sortedIds = new long[k + 3];
                double[] sortedKeys = new double[k + 3];
                assertEquals(k, heaps.sorted(1, sortedIds, sortedKeys, 3));
                assertArrayEquals(Arrays.stream(order).limit(k).mapToLong(Integer::longValue).toArray(),
                        Arrays.copyOfRange(sortedIds, 3, k + 3), "best first, k = " + k);
                assertArrayEquals(Arrays.stream(order).limit(k).mapToDouble(c -> keys[c]).toArray(),
                        Arrays.copyOfRange(sortedKeys, 3, k + 3), "keys best first, k = " + k);
            }
        }
    }

    @Test
    void aHeapNotYetFullIsSortedToo() {
        CandidateHeaps heaps = new CandidateHeaps(1, 8);
        double[] keys = {5.0, 1.0, 3.0, 1.0, 4.0};
        for (int c = 0; c < keys.length; c++) {
            heaps.offer(0, 10 - c, keys[c]);
        }
        long[] sortedIds = new long[8];
        double[] sortedKeys = new double[8];
        assertEquals(5, heaps.sorted(0, sortedIds, sortedKeys, 0));
        assertArrayEquals(new long[]{7, 9, 8, 6, 10}, Arrays.copyOf(sortedIds, 5));
        assertArrayEquals(new double[]{1.0, 1.0, 3.0, 4.0, 5.0}, Arrays.copyOf(sortedKeys, 5));
    }

    /**
     * A ceiling is what {@link CandidateHeaps#worst} says until the heap is full, and only a
     * full heap of duplicates (k candidates at distance 0) is closed to a later duplicate: a ceiling
     * of 0 does not close an empty heap.
     */
    @Test
    void aCeilingBoundsTheWorstUntilTheHeapIsFull() {
        CandidateHeaps heaps = new CandidateHeaps(3, 2);
        heaps.limitTo(0, 4.0);
        heaps.limitTo(1, 0.0);
        assertEquals(4.0, heaps.worst(0));
        assertEquals(Double.POSITIVE_INFINITY, heaps.worst(2));
        assertFalse(heaps.closedTo(1, 7), "an empty heap with a ceiling of 0 still takes a duplicate");
        heaps.offerIfAbsent(0, 5, 4.5);
        assertEquals(0, heaps.sizes[0], "a key above the ceiling is not kept");
        heaps.offerIfAbsent(0, 5, 4.0);
        assertEquals(4.0, heaps.worst(0), "a key at the ceiling is kept, and the ceiling stays until the heap is full");
        heaps.offerIfAbsent(0, 6, 1.0);
        assertTrue(heaps.isFull(0));
        assertEquals(4.0, heaps.worst(0));
        heaps.offerIfAbsent(0, 2, 3.0);
        assertEquals(3.0, heaps.worst(0), "a full heap's worst is its worst kept key, below the ceiling");
        heaps.offerIfAbsent(1, 9, 0.0);
        heaps.offerIfAbsent(1, 8, 0.0);
        assertTrue(heaps.closedTo(1, 10));
        assertFalse(heaps.closedTo(1, 3));
        assertThrows(IllegalStateException.class, () -> heaps.limitTo(0, 1.0), "a ceiling comes before the first offer");
    }

    private static Integer[] shuffled(Integer[] values, Random random) {
        Integer[] copy = values.clone();
        for (int i = copy.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            Integer swap = copy[i];
            copy[i] = copy[j];
            copy[j] = swap;
        }
        return copy;
    }
}
