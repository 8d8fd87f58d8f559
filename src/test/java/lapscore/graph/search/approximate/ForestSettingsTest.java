package lapscore.graph.search.approximate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The trees, leaf size and list size the search runs with when the user leaves them to it, and when not. */
class ForestSettingsTest {

    @Test
    void leavesAre4096RowsForNarrowData1024ForWideDataAndWhatTheUserSetOtherwise() {
        ForestSettings chosen = new ForestSettings(4, 0, 0, 5, 0, 300, 1L);
        assertEquals(4096, chosen.leafSize(50, 10));
        assertEquals(4096, chosen.leafSize(127, 10));
        assertEquals(1024, chosen.leafSize(128, 10));
        assertEquals(1024, chosen.leafSize(784, 10));
        assertEquals(4 * 300, chosen.leafSize(784, 300), "leaves hold at least 4k rows");
        assertEquals((int) ((1L << 28) / ForestSettings.bytesPerTaskRow(50, 2020) / 2), chosen.leafSize(50, 2000),
                "4k rows with lists of K = 2 020 would not fit 256 MiB: half of the rows that do");
        ForestSettings set = new ForestSettings(4, 333, 0, 5, 0, 300, 1L);
        assertEquals(333, set.leafSize(50, 10));
        assertEquals(333, set.leafSize(784, 10));
    }

    @Test
    void searchListsHoldUpToThreeTimesKOrKPlusTwenty() {
        ForestSettings chosen = new ForestSettings(4, 0, 0, 5, 0, 300, 1L);
        assertEquals(15, chosen.listSize(5));
        assertEquals(30, chosen.listSize(10));
        assertEquals(40, chosen.listSize(20));
        assertEquals(12, new ForestSettings(4, 0, 12, 5, 0, 300, 1L).listSize(10));
        assertEquals(10, new ForestSettings(4, 0, 7, 5, 0, 300, 1L).listSize(10));
    }

    /** Left to the search, the trees are round(sqrt(m) / 62.5), at least 4 and at most 40; set, what the user set. */
    @Test
    void treesGrowWithTheSquareRootOfTheRowsBetweenFourAndForty() {
        ForestSettings chosen = new ForestSettings(0, 0, 0, 5, 0, 300, 1L);
        assertEquals(4, chosen.numTrees(1), "at least four trees");
        assertEquals(4, chosen.numTrees(70_000), "sqrt(70 000) / 62.5 = 4.23");
        assertEquals(4, chosen.numTrees(79_101), "sqrt / 62.5 = 4.5 just below");
        assertEquals(5, chosen.numTrees(79_102), "sqrt / 62.5 = 4.5 rounds up");
        assertEquals(5, chosen.numTrees(100_000), "sqrt(10^5) / 62.5 = 5.06");
        assertEquals(16, chosen.numTrees(1_000_000));
        assertEquals(28, chosen.numTrees(3_000_000), "sqrt(3 10^6) / 62.5 = 27.71");
        assertEquals(32, chosen.numTrees(4_000_000));
        assertEquals(39, chosen.numTrees(6_000_000), "sqrt(6 10^6) / 62.5 = 39.19");
        assertEquals(40, chosen.numTrees(6_100_000), "sqrt(6.1 10^6) / 62.5 = 39.52");
        assertEquals(40, chosen.numTrees(10_000_000), "at most forty trees");
        assertEquals(40, chosen.numTrees(Long.MAX_VALUE));
        ForestSettings set = new ForestSettings(3, 0, 0, 5, 0, 300, 1L);
        assertEquals(3, set.numTrees(100_000));
        assertEquals(3, set.numTrees(10_000_000));
    }

    /**
     * Left to the search, a task holds min(524 288, M / (20 d + 32 K + 256)) rows for M bytes of heap
     * per task and lists of K; the leaves follow M only when it is below 256 MiB, so more memory does
     * not change them.
     */
    @Test
    void tasksHoldTheRowsTheirMemoryHoldsAndTheLeavesDoNotGrowWithIt() {
        ForestSettings chosen = new ForestSettings(4, 0, 0, 5, 0, 300, 1L);
        assertEquals(20 * 50 + 32 * 30 + 256, ForestSettings.bytesPerTaskRow(50, 30));
        assertEquals(121_135, chosen.maxRowsPerTask(50, 10), "256 MiB / 2 216 bytes");
        assertEquals((1L << 28) / (20 * 784 + 32 * 30 + 256), chosen.maxRowsPerTask(784, 10), "256 MiB / 16 800 bytes");
        long gigabyte = 1L << 30;
        ForestSettings large = chosen.withTaskMemory(gigabyte);
        assertEquals(gigabyte / (20 * 784 + 32 * 30 + 256), large.maxRowsPerTask(784, 10));
        assertEquals(gigabyte / (20 * 784 + 32 * 40 + 256), large.maxRowsPerTask(784, 20), "K = 40 for k = 20");
        assertEquals(484_540, large.maxRowsPerTask(50, 10), "1 GiB / 2 216 bytes");
        assertEquals(524_288, chosen.withTaskMemory(4 * gigabyte).maxRowsPerTask(50, 10), "capped");
        assertEquals(gigabyte / (20 * 100_000 + 32 * 30 + 256), large.maxRowsPerTask(100_000, 10));
        assertEquals(chosen.leafSize(784, 10), large.leafSize(784, 10));
        assertEquals((int) ((1L << 28) / (20 * 10_000 + 32 * 30 + 256) / 2), large.leafSize(10_000, 10),
                "half of the rows 256 MiB hold, whatever the memory");
        ForestSettings small = chosen.withTaskMemory(16L << 20);
        assertEquals((16L << 20) / (20 * 784 + 32 * 30 + 256), small.maxRowsPerTask(784, 10));
        assertEquals((int) ((16L << 20) / (20 * 784 + 32 * 30 + 256) / 2), small.leafSize(784, 10),
                "a leaf of up to twice its size fits a task");
        assertEquals(5000, new ForestSettings(4, 0, 0, 5, 5000, 300, 1L).withTaskMemory(1).maxRowsPerTask(784, 10),
                "a bound the user set stays");
    }
}
