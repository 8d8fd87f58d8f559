package lapscore.data.blocks;

import java.io.Serializable;

/**
 * How the m rows are cut into B blocks of consecutive ids, and how the B(B+1)/2 unordered block
 * pairs {a &lt;= b} are numbered (row-major over the upper triangle). Every block pair is one task of
 * the distance join and of the scoring pass.
 */
public final class BlockLayout implements Serializable {

    /** Rows per block of the exact join when nothing else limits it: big enough for BLAS level 3 to run at speed. */
    public static final int EXACT_JOIN_ROWS_PER_BLOCK = 8192;
    /** The working copy of one block holds at most this many values (32 MiB of doubles). */
    static final int MAX_BLOCK_VALUES = 1 << 22;
    /** Blocks are not cut below this many rows just to feed more cores. */
    static final int MIN_ROWS_PER_BLOCK = 256;

    private final long numRows;
    private final int rowsPerBlock;
    private final int numBlocks;

    /** A layout of {@code numRows} rows in blocks of {@code rowsPerBlock} (the last may be shorter). */
    public BlockLayout(long numRows, int rowsPerBlock) {
        if (rowsPerBlock < 1) {
            throw new IllegalArgumentException("rowsPerBlock must be positive, got " + rowsPerBlock);
        }
        this.numRows = numRows;
        this.rowsPerBlock = rowsPerBlock;
        long blocks = (numRows + rowsPerBlock - 1) / rowsPerBlock;
        if (blocks > 46_340) {
            throw new IllegalArgumentException("blockSize " + rowsPerBlock + " cuts " + numRows
                    + " rows into " + blocks + " blocks; use a larger blockSize (at most 46340 blocks)");
        }
        this.numBlocks = (int) Math.max(1, blocks);
    }

    /**
     * The automatic layout: blocks of at most {@code maxRowsPerBlock} rows whose working copy, of
     * {@code valuesPerRow} values a row (the dimension for dense points), fits in
     * {@value #MAX_BLOCK_VALUES} doubles, and enough blocks that the block pairs keep
     * {@code parallelism} cores busy (at least two pairs per core) unless blocks would fall below
     * {@value #MIN_ROWS_PER_BLOCK} rows. {@code requestedRowsPerBlock > 0} overrides the rule. The
     * exact join caps blocks at {@value #EXACT_JOIN_ROWS_PER_BLOCK} rows; the approximate graph, whose
     * blocks only carry the scoring pass, takes them as large as memory allows, so that few block
     * pairs are read.
     */
    public static BlockLayout choose(long numRows, int valuesPerRow, int parallelism, int requestedRowsPerBlock,
                                     int maxRowsPerBlock) {
        if (requestedRowsPerBlock > 0) {
            return new BlockLayout(numRows, (int) Math.min(requestedRowsPerBlock, Math.max(1, numRows)));
        }
        long rows = Math.min(maxRowsPerBlock, Math.max(1, MAX_BLOCK_VALUES / Math.max(1, valuesPerRow)));
        int blocksForCores = 1;
        while ((long) blocksForCores * (blocksForCores + 1) / 2 < 2L * parallelism) {
            blocksForCores++;
        }
        long rowsForCores = (numRows + blocksForCores - 1) / blocksForCores;
        rows = Math.min(rows, Math.max(rowsForCores, MIN_ROWS_PER_BLOCK));
        rows = Math.max(1, Math.min(rows, numRows));
        return new BlockLayout(numRows, (int) rows);
    }

    public long numRows() {
        return numRows;
    }

    public int rowsPerBlock() {
        return rowsPerBlock;
    }

    public int numBlocks() {
        return numBlocks;
    }

    /** Number of unordered block pairs {a &lt;= b}. */
    public int numPairs() {
        return numBlocks * (numBlocks + 1) / 2;
    }

    /** The block holding row {@code row}. */
    public int blockOf(long row) {
        return (int) (row / rowsPerBlock);
    }

    /** Id of the first row of block {@code block}. */
    public long firstRow(int block) {
        return (long) block * rowsPerBlock;
    }

    /** Number of rows in block {@code block}. */
    public int rowsIn(int block) {
        return (int) Math.min(rowsPerBlock, numRows - firstRow(block));
    }

    /**
     * The same rows cut into at most {@code parts} blocks of equal size (the last may be shorter);
     * this layout itself when its blocks are already that size. Its blocks need not line up with
     * this one's.
     */
    public BlockLayout inParts(int parts) {
        long rows = Math.max(1, (numRows + Math.max(1, parts) - 1) / Math.max(1, parts));
        int size = (int) Math.min(rows, Integer.MAX_VALUE);
        return size == rowsPerBlock ? this : new BlockLayout(numRows, size);
    }

    /**
     * The end (exclusive) of the run of {@code ascendingIds} from position {@code from} on that lie in
     * the block of {@code ascendingIds[from]}: ids cut into one piece per block.
     */
    public int runEnd(long[] ascendingIds, int from) {
        int block = blockOf(ascendingIds[from]);
        int to = from;
        while (to < ascendingIds.length && blockOf(ascendingIds[to]) == block) {
            to++;
        }
        return to;
    }

    /** Position of the pair {a &lt;= b} in row-major order over the upper triangle. */
    public int pairIndex(int a, int b) {
        return a * numBlocks - a * (a - 1) / 2 + (b - a);
    }

    /** Layouts are equal when they cut as many rows into blocks of as many rows (the partitioners' test of sameness). */
    @Override
    public boolean equals(Object other) {
        return other instanceof BlockLayout layout && layout.numRows == numRows && layout.rowsPerBlock == rowsPerBlock;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(numRows) * 31 + rowsPerBlock;
    }
}
