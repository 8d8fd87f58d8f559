package io.github.lapscore.graph.search.approximate;

import java.io.Serializable;
import java.util.Arrays;

import io.github.lapscore.data.blocks.BlockLayout;
import io.github.lapscore.graph.kernel.RowEmbedding;
import io.github.lapscore.graph.kernel.WorkingBlock;
import io.github.lapscore.graph.kernel.join.ScatteredPoints;
import io.github.lapscore.graph.kernel.join.SinglePrecisionBlock;
import org.apache.spark.Partition;
import org.apache.spark.SparkContext;
import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;
import org.apache.spark.rdd.RDD;

/**
 * Named rows read inside a task straight from the cells' points and the round's K-th distances, both
 * cached, with no shuffle: the rows that tasks on one machine share, as distributed NN-descent lets
 * the ranks of one node read each other's points in place (Iwabuchi, Steil, Priest, Pearce and
 * Sanders, "NEO-DNND: Communication-Optimized Distributed Nearest Neighbor Graph Construction", SC24
 * workshops, pp. 688-696, 2024). The cells are kept as working blocks, embedded once for the whole
 * search ({@link LocalityCells#embedded}), so that no row is shipped and embedded again: a leaf
 * copies the points it names into one working block ({@link #copy}), which its tiles need, and a
 * round's batch reads them where they lie ({@link #read}): every tree names every row once, and a
 * round's batches name every row several times over. A task reads each cell it needs once, the way
 * Spark's own cartesian product reads the partitions of its second parent; a cell evicted from
 * memory is read back from the disk (the cells are a local checkpoint). Used in local mode when the
 * cells fit in memory ({@link #pointsFit}), by the trees' leaves and the rounds' batches. The lists
 * themselves are read only by their own cells' tasks, so they need not stay in memory: when they do
 * not fit beside the cells ({@link #listsFitBeside}), the search keeps them on disk. When the memory
 * holds the lists too, the cells' points are also rounded once to single precision
 * ({@link SinglePrecisionBlock}, {@link #roundedFit}), and the rounds' batches screen them in place
 * rather than each rounding its own copy of the rows it names.
 */
final class SharedRows implements Serializable {

    /**
     * Bytes per row of a cell's points (a working block: the point, its squared norm, the id, a
     * position) and its K-th distance; 16 more where the cells keep what cosines need (two numbers
     * per point).
     */
    private static final long BYTES_PER_ROW = 28;
    /** Bytes per row and list entry of two rounds' lists and the candidates of one (17 and 16 per entry); 16 more with cosines. */
    private static final long LIST_BYTES_PER_ENTRY = 50;
    /** Bytes per row, and per row and list entry, that keeping cosines adds ({@link RowEmbedding#withCosines}). */
    private static final long COSINE_BYTES = 16;
    /** Bytes per row of two rounds' lists and one round's candidates besides their entries. */
    private static final long LIST_BYTES_PER_ROW = 40;
    /** Bytes per row of a rounded cell besides its 4 bytes a value: the padding (at most 15 floats) and the norm. */
    private static final long ROUNDED_BYTES_PER_ROW = 64;

    private final RDD<WorkingBlock> cells;
    private final Partition[] cellPartitions;
    /** The cells' points rounded once to single precision, partitioned as the cells, or null. */
    private final RDD<SinglePrecisionBlock> rounded;
    private final Partition[] roundedPartitions;
    private final BlockLayout layout;
    /** The square of every row's current K-th distance, one array per cell, or null when only points are read. */
    private final RDD<double[]> kthSquared;
    private final Partition[] kthPartitions;

    /** The points of the cached {@code cells}, partitioned by the blocks of {@code layout}. */
    SharedRows(RDD<WorkingBlock> cells, BlockLayout layout) {
        this(cells, null, layout, null);
    }

    /**
     * The points of the cached {@code cells}, partitioned by the blocks of {@code layout}, and
     * those points rounded once, {@code rounded} (cached, partitioned as the cells), or null.
     */
    SharedRows(RDD<WorkingBlock> cells, RDD<SinglePrecisionBlock> rounded, BlockLayout layout) {
        this(cells, rounded, layout, null);
    }

    private SharedRows(RDD<WorkingBlock> cells, RDD<SinglePrecisionBlock> rounded, BlockLayout layout, RDD<double[]> kthSquared) {
        this.cells = cells;
        this.cellPartitions = cells.partitions();
        this.rounded = rounded;
        this.roundedPartitions = rounded == null ? null : rounded.partitions();
        this.layout = layout;
        this.kthSquared = kthSquared;
        this.kthPartitions = kthSquared == null ? null : kthSquared.partitions();
    }

    /**
     * These points with the squares of the rows' current K-th distances, {@code kthSquared} (cached,
     * one array per cell, partitioned as the cells), for {@link #read}.
     */
    SharedRows withKthSquared(RDD<double[]> kthSquared) {
        return new SharedRows(cells, rounded, layout, kthSquared);
    }

    /**
     * The storage memory that rows read in place may take: the one executor's in local mode, where
     * every cached cell lives in the JVM that runs every task; else none, and rows are shipped.
     */
    static long storageMemory(SparkContext context) {
        return context.isLocal() ? SparkEnv.get().memoryManager().maxOnHeapStorageMemory() : 0;
    }

    /**
     * Whether the points of {@code numRows} rows of {@code numFeatures} features and their K-th
     * distances, {@code m (8 d + 28)} bytes ({@code m (8 d + 44)} {@code withCosines}), take at most
     * half of {@code storage}: the half that Spark's unified memory manager does not let running
     * tasks evict by default ({@code spark.memory.storageFraction}). Cells spilled to disk would be
     * read back whole by every batch that names one of their rows, which costs far more than
     * shipping the named rows.
     */
    static boolean pointsFit(long storage, long numRows, int numFeatures, boolean withCosines) {
        return numRows * (Double.BYTES * numFeatures + BYTES_PER_ROW + (withCosines ? COSINE_BYTES : 0)) <= storage / 2;
    }

    /**
     * Whether two rounds' lists of {@code listSize} entries and one round's candidates, about
     * {@code m (50 K + 40)} bytes ({@code m (66 K + 40)} {@code withCosines}), fit in {@code storage}
     * beside the points of {@link #pointsFit}; when they do not, the search keeps them on disk, so
     * that caching them cannot evict a cell.
     */
    static boolean listsFitBeside(long storage, long numRows, int numFeatures, int listSize, boolean withCosines) {
        long cosineBytes = withCosines ? COSINE_BYTES * (1 + listSize) : 0;
        return numRows * (Double.BYTES * numFeatures + BYTES_PER_ROW + LIST_BYTES_PER_ENTRY * listSize + LIST_BYTES_PER_ROW
                + cosineBytes) <= storage;
    }

    /**
     * Whether, besides the points and lists of {@link #listsFitBeside}, the points rounded to single
     * precision, about {@code m (4 d + 64)} bytes more, fit: the points and their rounded copies
     * within half of {@code storage}, everything within all of it.
     */
    static boolean roundedFit(long storage, long numRows, int numFeatures, int listSize, boolean withCosines) {
        long roundedBytes = numRows * (4L * numFeatures + ROUNDED_BYTES_PER_ROW);
        return pointsFit(storage - 2 * roundedBytes, numRows, numFeatures, withCosines)
                && listsFitBeside(storage - roundedBytes, numRows, numFeatures, listSize, withCosines);
    }

    /** Rows {@code ids} (ascending, at least one) copied from their cells into one working block. */
    WorkingBlock copy(long[] ids) {
        return WorkingBlock.copied(ids, cellOfEveryRow(cells, cellPartitions, ids, new WorkingBlock[ids.length]));
    }

    /** Into {@code sources}, the partition of {@code cached} that holds every row of {@code ids} (ascending), each read once. */
    private <T> T[] cellOfEveryRow(RDD<T> cached, Partition[] partitions, long[] ids, T[] sources) {
        TaskContext task = TaskContext.get();
        for (int from = 0, to; from < ids.length; from = to) {
            T cell = cached.iterator(partitions[layout.blockOf(ids[from])], task).next();
            to = layout.runEnd(ids, from);
            Arrays.fill(sources, from, to, cell);
        }
        return sources;
    }

    /**
     * Rows {@code ids} (ascending, at least one) read where they lie in their cells, not copied
     * (the local joins read each point in place), with the squares of their current K-th distances
     * from {@link #withKthSquared} and their rounded cells, when there are any.
     */
    Named read(long[] ids) {
        double[] named = new double[ids.length];
        TaskContext task = TaskContext.get();
        for (int from = 0, to; from < ids.length; from = to) {
            int cell = layout.blockOf(ids[from]);
            double[] own = kthSquared.iterator(kthPartitions[cell], task).next();
            to = layout.runEnd(ids, from);
            for (int at = from; at < to; at++) {
                named[at] = own[(int) (ids[at] - layout.firstRow(cell))];
            }
        }
        ScatteredPoints points = ScatteredPoints.of(ids, cellOfEveryRow(cells, cellPartitions, ids, new WorkingBlock[ids.length]));
        return new Named(points, named,
                rounded == null ? null : cellOfEveryRow(rounded, roundedPartitions, ids, new SinglePrecisionBlock[ids.length]));
    }

    /**
     * The rows a batch names, read in place or shipped, the square of each one's current K-th
     * distance, and the rounded cell of each ({@link SinglePrecisionBlock}), or null: the joins
     * round their own copy.
     */
    record Named(ScatteredPoints points, double[] kthSquared, SinglePrecisionBlock[] rounded) {
    }
}
