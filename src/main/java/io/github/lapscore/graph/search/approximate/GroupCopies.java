package io.github.lapscore.graph.search.approximate;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

import io.github.lapscore.data.CacheScope;
import io.github.lapscore.data.blocks.BlockLayout;
import io.github.lapscore.data.blocks.RowBlock;
import io.github.lapscore.data.blocks.RowGather;
import io.github.lapscore.graph.kernel.RowEmbedding;
import io.github.lapscore.graph.kernel.WorkingBlock;
import io.github.lapscore.graph.search.SearchInput;
import io.github.lapscore.progress.Stage;
import io.github.lapscore.progress.StageTimer;
import io.github.lapscore.progress.StepNames;
import org.apache.spark.SparkContext;
import org.apache.spark.SparkEnv;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.storage.StorageLevel;

import scala.Tuple2;
import scala.collection.Iterator;

/**
 * Every row in each of a few groups of rows: one working block of all m rows per group (partition i
 * holding group i), cached in memory for the approximate search, whose tasks then read the rows
 * they need where they are instead of receiving them again and again.
 *
 * <p>It pays when there are no more groups than NN-descent keeps candidates per row (K): a group of
 * r rows has up to 2Kr candidates among m rows, so with G groups, at most K, each round's gather
 * would ship nearly every row to every group and build it into a working block again, and each
 * tree would ship every row once more. With the copies, the data is shipped G times in all, before
 * the trees; the trees ship only row ids to their leaves, and the rounds only the rows' current
 * K-th distances. The copies stay in memory for the whole search, beside the lists and each round's
 * heaps of offers, so they are made only when one takes at most {@code 1 / }{@value #MEMORY_SHARE}
 * of the storage memory Spark has per task slot (the smallest executor's over its slots); a copy
 * of m rows of d doubles is about 8 m d bytes, 40 MB at 10^5 x 50 (the search makes copies only up
 * to {@link ForestSettings#maxRowsPerTask} rows), so whether they are made depends on the
 * executors' heap (see the performance page in docs/). Where a copy is dropped from memory after
 * all, each use builds it again (what every round did without copies).
 */
final class GroupCopies {

    /** A copy may take at most one part in this many of the storage memory per task slot. */
    static final int MEMORY_SHARE = 5;

    final BlockLayout groups;
    final JavaRDD<WorkingBlock> everyRow;
    private final CacheScope caches;

    private GroupCopies(BlockLayout groups, JavaRDD<WorkingBlock> everyRow, CacheScope caches) {
        this.groups = groups;
        this.everyRow = everyRow;
        this.caches = caches;
    }

    /**
     * Copies of the rows of {@code input} in each of the groups {@code input.layout().inParts(numGroups)},
     * when there are at most {@code listSize} of them and a copy fits (in one working block, and in
     * memory as above); else null. The copies are cached in {@code input}'s scope, and stay with its
     * owner when counting them fails.
     */
    static GroupCopies ifTheyPay(SearchInput input, int numGroups, int listSize, StageTimer timer) {
        JavaRDD<RowBlock> blocks = input.blocks();
        BlockLayout layout = input.layout();
        RowEmbedding embedding = input.embedding();
        int numFeatures = embedding.numFeatures();
        BlockLayout groups = layout.inParts(numGroups);
        long copyBytes = layout.numRows() * (numFeatures + 6L) * Double.BYTES;
        if (groups.numBlocks() > listSize || layout.numRows() * numFeatures > Integer.MAX_VALUE - 8
                || copyBytes > storagePerTaskSlot(blocks.context()) / MEMORY_SHARE) {
            return null;
        }
        long numRows = layout.numRows();
        List<Integer> groupIndices = IntStream.range(0, groups.numBlocks()).boxed().collect(Collectors.toList());
        JavaRDD<long[]> allIds = JavaSparkContext.fromSparkContext(blocks.context())
                .parallelize(groupIndices, groupIndices.size())
                .map(group -> LongStream.range(0, numRows).toArray());
        JavaRDD<WorkingBlock> everyRow = input.caches().persist(RowGather.gather(allIds, groups, blocks, null, layout)
                .map(all -> WorkingBlock.of(all.ids(), all.vectors(), embedding)), StorageLevel.MEMORY_ONLY());
        timer.run(Stage.GRAPH, String.format(Locale.ROOT, StepNames.GROUP_COPIES + ": all %d rows into each of %d groups",
                numRows, groups.numBlocks()), everyRow::count);
        return new GroupCopies(groups, everyRow, input.caches());
    }

    /**
     * The storage memory of the smallest executor over its task slots: the slots are the cores
     * Spark runs tasks on, shared evenly; in local mode the driver is the one executor, else its
     * memory does not count.
     */
    private static long storagePerTaskSlot(SparkContext context) {
        String driver = SparkEnv.get().blockManager().blockManagerId().hostPort();
        long smallest = Long.MAX_VALUE;
        int executors = 0;
        Iterator<Tuple2<String, Tuple2<Object, Object>>> memories = context.getExecutorMemoryStatus().iterator();
        while (memories.hasNext()) {
            Tuple2<String, Tuple2<Object, Object>> executor = memories.next();
            if (context.isLocal() || !executor._1().equals(driver)) {
                smallest = Math.min(smallest, (Long) executor._2()._1());
                executors++;
            }
        }
        int slots = Math.max(1, context.defaultParallelism() / Math.max(1, executors));
        return executors == 0 ? 0 : smallest / slots;
    }

    /** Releases the copies now, instead of when their scope closes. */
    void release() {
        caches.release(everyRow);
    }
}
