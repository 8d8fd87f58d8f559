package io.github.lapscore.data.blocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.lapscore.data.blocks.BlockLayout;
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
    void groupsAreRunsOfConsecutiveBlocks() {
        BlockLayout fine = new BlockLayout(1000, 40);
        BlockLayout groups = fine.grouped(4);
        assertEquals(4, groups.numBlocks(), "25 blocks in runs of 7: 4 groups");
        for (int g = 0; g < groups.numBlocks(); g++) {
            assertEquals(fine.firstRow(7 * g), groups.firstRow(g), "group " + g + " starts where block " + 7 * g + " does");
            assertEquals(g, groups.blockOf(fine.firstRow(Math.min(24, 7 * g + 6))), "its last block falls in it");
        }
        assertEquals(1000 - 3 * 280, groups.rowsIn(3));
        assertSame(fine, fine.grouped(25), "no more blocks than groups: the same layout");
        assertSame(fine, fine.grouped(100));
    }
}
