package io.github.lapscore.graph.search.approximate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The leaf size and list size the search runs with when the user leaves them to it, and when not. */
class ForestSettingsTest {

    @Test
    void leavesAre4096RowsForNarrowData1024ForWideDataAndWhatTheUserSetOtherwise() {
        ForestSettings chosen = new ForestSettings(4, 0, 0, 5, 0, 300, 1L);
        assertEquals(4096, chosen.leafSize(50, 10));
        assertEquals(4096, chosen.leafSize(127, 10));
        assertEquals(1024, chosen.leafSize(128, 10));
        assertEquals(1024, chosen.leafSize(784, 10));
        assertEquals(4 * 300, chosen.leafSize(784, 300), "leaves hold at least 4k rows");
        assertEquals(4 * 2000, chosen.leafSize(50, 2000));
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
}
