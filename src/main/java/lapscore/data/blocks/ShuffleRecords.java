package lapscore.data.blocks;

/**
 * How many rows one shuffle record carries: as many as fit in about {@value #MAX_BYTES} bytes, and
 * at least one. Spark serializes a record in one call, its shuffle sorter holds it whole, and the
 * task that reads it deserializes it whole; a record that grows with the rows of a block, a cell or
 * a task makes each of those moments grow with them (the lists a task offers to one cell are
 * hundreds of megabytes at 10^5 rows). Cut into records of this size, the largest record of a
 * shuffle depends on the width of one row, not on how many rows travel together.
 */
public final class ShuffleRecords {

    /** The bytes a record aims to hold at most (1 MiB). */
    public static final long MAX_BYTES = 1L << 20;

    private ShuffleRecords() {
    }

    /** The rows of {@code bytesPerRow} bytes each that one record carries: {@code MAX_BYTES / bytesPerRow}, at least 1. */
    public static int rowsPer(long bytesPerRow) {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, MAX_BYTES / Math.max(1, bytesPerRow)));
    }
}
