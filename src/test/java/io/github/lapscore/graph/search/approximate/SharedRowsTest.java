package io.github.lapscore.graph.search.approximate;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * What the search keeps in memory to read rows in place, counted byte by byte: a cell's row is its
 * point (8 d), squared norm (8), id (8) and position (4), and the round's K-th distance (8); the
 * cosine kernel adds the point's dot product with the centre and its uncentred length (16). A list
 * entry is an id, a distance and a flag (17, and a cosine, 8, for the cosine kernel), held for two
 * rounds' lists, with one round's candidates (up to 2 K ids: 16 bytes per entry) and 40 bytes per row besides.
 * The points rounded to single precision take 4 bytes a value, up to 15 floats of padding and a norm
 * (4 d + 64 at most).
 */
class SharedRowsTest {

    private static final int DIMS = 50;
    private static final int K = 30;

    private static long cellBytes(boolean withCosines) {
        return 8L * DIMS + 8 + 8 + 4 + 8 + (withCosines ? 16 : 0);
    }

    private static long listBytes(boolean withCosines) {
        long entry = 8 + 8 + 1 + (withCosines ? 8 : 0);
        return 2 * entry * K + 16L * K + 40;
    }

    @Test
    void pointsFitInHalfTheStorageWithOrWithoutCosines() {
        long rows = 2_000_000;
        for (boolean withCosines : new boolean[]{false, true}) {
            long half = rows * cellBytes(withCosines);
            assertTrue(SharedRows.pointsFit(2 * half, rows, DIMS, withCosines));
            assertFalse(SharedRows.pointsFit(2 * half - 2, rows, DIMS, withCosines));
        }
        long storageOfA3gHeap = 1_740_000_000L;
        assertTrue(SharedRows.pointsFit(storageOfA3gHeap, rows, DIMS, false), "2e6 x 50 in place in a 3 GB heap, without cosines");
        assertFalse(SharedRows.pointsFit(storageOfA3gHeap, rows, DIMS, true), "but not with them");
    }

    @Test
    void listsFitBesideThePointsWithOrWithoutCosines() {
        long rows = 1_000_000;
        for (boolean withCosines : new boolean[]{false, true}) {
            long all = rows * (cellBytes(withCosines) + listBytes(withCosines));
            assertTrue(SharedRows.listsFitBeside(all, rows, DIMS, K, withCosines), "with cosines: " + withCosines);
            assertFalse(SharedRows.listsFitBeside(all - 1, rows, DIMS, K, withCosines), "with cosines: " + withCosines);
        }
    }

    /** The rounded points go beside the points within half the storage, and beside points and lists within all of it. */
    @Test
    void roundedPointsFitBesideThePointsAndTheLists() {
        long rows = 1_000_000;
        long rounded = 4L * DIMS + 64;
        for (boolean withCosines : new boolean[]{false, true}) {
            long halfBinds = 2 * rows * (cellBytes(withCosines) + rounded);
            long allBinds = rows * (cellBytes(withCosines) + listBytes(withCosines) + rounded);
            long needed = Math.max(halfBinds, allBinds);
            assertTrue(SharedRows.roundedFit(needed, rows, DIMS, K, withCosines), "with cosines: " + withCosines);
            assertFalse(SharedRows.roundedFit(needed - 1, rows, DIMS, K, withCosines), "with cosines: " + withCosines);
            assertTrue(SharedRows.listsFitBeside(needed - 1, rows, DIMS, K, withCosines), "the lists alone still fit");
        }
    }
}
