package lapscore.data.blocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Block and pair numbering, and the automatic block size rule. */
class BlockLayoutTest {

    @Test
    void pairIndexNumbersTheUpperTriangleRowByRow() {
        BlockLayout layout = new BlockLayout(1000, 90);
        assertEquals(12, layout.numBlocks());
        int expected = 0;
        for (int a = 0; a < layout.numBlocks(); a++) {
            for (int b = a; b < layout.numBlocks(); b++) {
                assertEquals(expected++, layout.pairIndex(a, b));
            }
        }
        assertEquals(layout.numPairs(), expected);
    }

    @Test
    void blocksCoverEveryRowOnce() {
        BlockLayout layout = new BlockLayout(1000, 90);
        long covered = 0;
        for (int b = 0; b < layout.numBlocks(); b++) {
            assertEquals(b, layout.blockOf(layout.firstRow(b)));
            assertEquals(b, layout.blockOf(layout.firstRow(b) + layout.rowsIn(b) - 1));
            covered += layout.rowsIn(b);
        }
        assertEquals(1000, covered);
        assertEquals(10, layout.rowsIn(11));
    }

    @Test
    void automaticLayout() {
        assertEquals(1, BlockLayout.choose(150, 4, 2, 0, BlockLayout.EXACT_JOIN_ROWS_PER_BLOCK).numBlocks(), "tiny data stays in one block");
        BlockLayout twoCores = BlockLayout.choose(10_000, 50, 2, 0, BlockLayout.EXACT_JOIN_ROWS_PER_BLOCK);
        assertTrue(twoCores.numPairs() >= 4, "at least two pairs per core");
        assertEquals(8192, BlockLayout.choose(1_000_000, 50, 2, 0, BlockLayout.EXACT_JOIN_ROWS_PER_BLOCK).rowsPerBlock());
        assertEquals(4096, BlockLayout.choose(1_000_000, 1024, 2, 0, BlockLayout.EXACT_JOIN_ROWS_PER_BLOCK).rowsPerBlock(), "dense block stays within 32 MiB");
        assertEquals(100, BlockLayout.choose(1_000, 50, 2, 100, BlockLayout.EXACT_JOIN_ROWS_PER_BLOCK).rowsPerBlock(), "explicit block size wins");
        assertEquals((1 << 22) / 50, BlockLayout.choose(1_000_000, 50, 2, 0, Integer.MAX_VALUE).rowsPerBlock(),
                "scoring-only blocks are as large as 32 MiB allows");
    }

    @Test
    void partsAreEqualRunsOfRows() {
        BlockLayout fine = new BlockLayout(1001, 40);
        BlockLayout halves = fine.inParts(2);
        assertEquals(2, halves.numBlocks());
        assertEquals(501, halves.rowsIn(0));
        assertEquals(500, halves.rowsIn(1));
        assertEquals(0, halves.blockOf(500));
        assertEquals(1, halves.blockOf(501));
        assertEquals(3, new BlockLayout(5, 1).inParts(4).numBlocks(), "5 rows in parts of 2: 3 parts, not 4");
        assertEquals(1, fine.inParts(1).numBlocks());
        BlockLayout even = new BlockLayout(1000, 500);
        assertSame(even, even.inParts(2), "blocks already of the size asked for: the same layout");
    }

    @Test
    void runsCutAscendingIdsByBlock() {
        BlockLayout layout = new BlockLayout(1000, 90);
        long[] ids = {3, 7, 89, 90, 91, 500, 999};
        assertEquals(3, layout.runEnd(ids, 0), "0-89 in block 0");
        assertEquals(5, layout.runEnd(ids, 3), "90 and 91 in block 1");
        assertEquals(6, layout.runEnd(ids, 5), "500 alone in block 5");
        assertEquals(7, layout.runEnd(ids, 6), "999 in the last block");
        assertEquals(3, layout.runEnd(ids, 2), "a run may start anywhere");
    }
}
