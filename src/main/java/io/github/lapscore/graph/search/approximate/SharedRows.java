package io.github.lapscore.graph.search.approximate;

import java.io.Serializable;
import java.util.Arrays;

import io.github.lapscore.data.blocks.BlockLayout;
import io.github.lapscore.graph.kernel.WorkingBlock;
import io.github.lapscore.graph.search.NeighbourLists;
import org.apache.spark.Partition;
import org.apache.spark.SparkContext;
import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;
import org.apache.spark.rdd.RDD;

import scala.Tuple2;

/**
 * Named rows read inside a task straight from the cells' points and the round's lists, both cached,
 * with no shuffle: the rows that tasks on one machine share, as distributed NN-descent lets the
 * ranks of one node read each other's points in place (Iwabuchi, Steil, Priest, Pearce and Sanders,
 * "NEO-DNND: Communication-Optimized Distributed Nearest Neighbor Graph Construction", SC24
 * workshops, pp. 688-696, 2024). The cells are kept as working blocks, embedded once for the whole
 * search ({@link LocalityCells#embedded}), so that a leaf or a batch copies the points it names
 * rather than have their rows shipped and embed them again: every tree names every row once, and a
 * round's batches name every row several times over. A task reads each cell it needs once, the way
 * Spark's own cartesian product reads the partitions of its second parent; a cell no longer cached
 * is computed again from its lineage. Used in local mode when the cells fit in memory
 * ({@link #fitIn}), by the trees' leaves and the rounds' batches; a task holds one working block of
 * the rows it names and one cell's lists at a time.
 */
final class SharedRows implements Serializable {

    private final RDD<WorkingBlock> cells;
    private final Partition[] cellPartitions;
    private final BlockLayout layout;
    /** The round's lists, or null when only points are read. */
    private final RDD<Tuple2<Long, NeighbourLists>> lists;
    private final Partition[] listPartitions;

    /** The points of the cached {@code cells}, partitioned by the blocks of {@code layout}. */
    SharedRows(RDD<WorkingBlock> cells, BlockLayout layout) {
        this(cells, layout, null);
    }

    private SharedRows(RDD<WorkingBlock> cells, BlockLayout layout, RDD<Tuple2<Long, NeighbourLists>> lists) {
        this.cells = cells;
        this.cellPartitions = cells.partitions();
        this.layout = layout;
        this.lists = lists;
        this.listPartitions = lists == null ? null : lists.partitions();
    }

    /** These points with the K-th distances of the cached {@code lists}, partitioned as the cells, for {@link #read}. */
    SharedRows withLists(RDD<Tuple2<Long, NeighbourLists>> lists) {
        return new SharedRows(cells, layout, lists);
    }

    /**
     * Whether a search of {@code numRows} rows of {@code numFeatures} features and lists of
     * {@code listSize} can read its rows in place: in local mode only, where every cached cell lives
     * in the one executor, and only when the cells and a round's lists, about
     * {@code m (8 d + 25 K + 80)} bytes, take at most half of that executor's storage memory. Cells
     * spilled to disk would be read back whole by every batch that names one of their rows, which
     * costs far more than shipping the named rows.
     */
    static boolean fitIn(SparkContext context, long numRows, int numFeatures, int listSize) {
        if (!context.isLocal()) {
            return false;
        }
        long storage = SparkEnv.get().memoryManager().maxOnHeapStorageMemory();
        return numRows * (8L * numFeatures + 25L * listSize + 80) <= storage / 2;
    }

    /** Rows {@code ids} (ascending, at least one) copied from their cells into one working block. */
    WorkingBlock copy(long[] ids) {
        WorkingBlock[] sources = new WorkingBlock[ids.length];
        TaskContext task = TaskContext.get();
        for (int from = 0, to; from < ids.length; from = to) {
            WorkingBlock points = cells.iterator(cellPartitions[layout.blockOf(ids[from])], task).next();
            to = layout.runEnd(ids, from);
            Arrays.fill(sources, from, to, points);
        }
        return WorkingBlock.copied(ids, sources);
    }

    /**
     * Rows {@code ids} (ascending, at least one) as {@link #copy} gives them, with the squares of
     * their current K-th distances from the lists of {@link #withLists}.
     */
    Named read(long[] ids) {
        double[] kthSquared = new double[ids.length];
        TaskContext task = TaskContext.get();
        for (int from = 0, to; from < ids.length; from = to) {
            int cell = layout.blockOf(ids[from]);
            NeighbourLists own = lists.iterator(listPartitions[cell], task).next()._2();
            to = layout.runEnd(ids, from);
            for (int at = from; at < to; at++) {
                kthSquared[at] = own.kthSquared((int) (ids[at] - layout.firstRow(cell)));
            }
        }
        return new Named(copy(ids), kthSquared);
    }

    /** The rows a batch names, read in place or shipped, as one working block, and the square of each one's current K-th distance. */
    record Named(WorkingBlock points, double[] kthSquared) {
    }
}
