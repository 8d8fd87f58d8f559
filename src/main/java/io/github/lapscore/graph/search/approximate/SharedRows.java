package io.github.lapscore.graph.search.approximate;

import java.io.Serializable;

import io.github.lapscore.data.blocks.BlockLayout;
import io.github.lapscore.data.blocks.RowBlock;
import io.github.lapscore.data.blocks.RowGather;
import io.github.lapscore.graph.search.NeighbourLists;
import org.apache.spark.Partition;
import org.apache.spark.SparkContext;
import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.rdd.RDD;

import scala.Tuple2;

/**
 * Named rows read inside a task straight from the cached blocks of the search and the cached lists
 * of the round, with no shuffle: the rows that tasks on one machine share, as distributed NN-descent
 * lets the ranks of one node read each other's points in place (Iwabuchi, Steil, Priest, Pearce and
 * Sanders, "NEO-DNND: Communication-Optimized Distributed Nearest Neighbor Graph Construction", SC24
 * workshops, pp. 688-696, 2024). A task reads each block it needs once, the way Spark's own
 * cartesian product reads the partitions of its second parent; a block no longer cached is computed
 * again from its lineage. Used in local mode when the cells fit in memory ({@link #fitIn}); the task
 * holds the rows it names (references to the cached vectors) and one block's lists at a time.
 */
final class SharedRows implements Serializable {

    private final RDD<RowBlock> blocks;
    private final Partition[] blockPartitions;
    private final RDD<Tuple2<Long, NeighbourLists>> lists;
    private final Partition[] listPartitions;
    private final BlockLayout layout;

    /** Rows of the cached {@code blocks} and K-th distances of the cached {@code lists}, both partitioned by the blocks of {@code layout}. */
    SharedRows(RDD<RowBlock> blocks, RDD<Tuple2<Long, NeighbourLists>> lists, BlockLayout layout) {
        this.blocks = blocks;
        this.blockPartitions = blocks.partitions();
        this.lists = lists;
        this.listPartitions = lists.partitions();
        this.layout = layout;
    }

    /**
     * Whether a search of {@code numRows} rows of {@code numFeatures} features and lists of
     * {@code listSize} can read its rows in place: in local mode only, where every cached block lives
     * in the one executor, and only when the cells and a round's lists, about
     * {@code m (8 d + 25 K + 80)} bytes, take at most half of that executor's storage memory. Blocks
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

    /** Rows {@code ids} (ascending) with their vectors and, as tags, the squares of their current K-th distances. */
    RowGather.Gathered read(long[] ids) {
        Vector[] vectors = new Vector[ids.length];
        double[] kthSquared = new double[ids.length];
        TaskContext task = TaskContext.get();
        for (int from = 0, to; from < ids.length; from = to) {
            int block = layout.blockOf(ids[from]);
            RowBlock rows = blocks.iterator(blockPartitions[block], task).next();
            NeighbourLists own = lists.iterator(listPartitions[block], task).next()._2();
            to = layout.runEnd(ids, from);
            for (int at = from; at < to; at++) {
                vectors[at] = rows.rowById(ids[at]);
                kthSquared[at] = own.kthSquared((int) (ids[at] - layout.firstRow(block)));
            }
        }
        return new RowGather.Gathered(ids, vectors, kthSquared);
    }
}
