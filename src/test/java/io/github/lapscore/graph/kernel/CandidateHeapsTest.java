package io.github.lapscore.graph.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

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
