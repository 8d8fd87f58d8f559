package lapscore.graph.search.approximate;

import java.util.ArrayList;
import java.util.List;

import lapscore.data.CacheScope;
import lapscore.data.blocks.BlockLayout;
import lapscore.data.blocks.RowBlock;
import lapscore.graph.kernel.RowEmbedding;
import lapscore.graph.search.NeighbourLists;
import lapscore.data.RowHash;
import lapscore.graph.search.SearchInput;
import lapscore.progress.Stage;
import lapscore.progress.StageTimer;
import lapscore.progress.StepNames;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;

import scala.Tuple2;

/**
 * Approximate k nearest neighbours of every row: the exact block kernel applied within the leaves
 * of several random-projection trees, each row's candidates merged over the trees, then refined by
 * NN-descent (Dong, Charikar and Li, "Efficient k-nearest neighbor graph construction for generic
 * similarity measures", WWW 2011, with the random-projection-tree start of pynndescent). The search
 * keeps K &gt;= k candidates per row ({@link ForestSettings#listSize}) and returns the k nearest.
 *
 * <ol>
 *   <li>A sample of at most {@value #MAX_SAMPLE_VALUES} values (chosen by a hash of seed and row
 *       id) is collected and the trees are grown on it ({@link RandomProjectionForest}).</li>
 *   <li>One pass counts the rows of every leaf; a leaf of more than twice the leaf size (duplicate
 *       rows, a dense spot the sample missed) is cut into chunks by a hash of the row id, so no task
 *       receives much more than its share ({@link LeafBlocks}).</li>
 *   <li>The rows are renumbered in the leaf order of the first tree and cut into
 *       {@link LocalityCells} of consecutive numbers: the layout the rest of the search works on, so
 *       that a cell's candidates lie mostly in the cell and the cells near it.</li>
 *   <li>Each tree is one Spark job: every row's nearest within its leaf, merged into the lists of
 *       the trees before ({@link TreeLeaves}).</li>
 *   <li>{@link NeighbourDescent} refines the lists with neighbours of neighbours until they
 *       converge.</li>
 *   <li>Every row keeps its k nearest, and the lists are renamed back to input ids.</li>
 * </ol>
 * No task holds more than {@link ForestSettings#maxRowsPerTask} rows: a leaf at most twice the leaf
 * size, a cell an eighth of the bound, a round's batch at most the bound. Work is O(m T L d) flops
 * for T trees and leaves of L rows, plus O(m K^2 d) per NN-descent round; shuffle O(T m d) for the
 * trees and O(m K d) per round at most; driver memory is bounded by the sample and one count per
 * leaf, not by m. Every choice depends on the seed and the row ids only, so the lists do not depend
 * on the partitioning, the executors or a retried task.
 */
public final class ApproximateKnnSearch {

    /** The tree sample holds at most this many doubles (32 MiB). */
    static final int MAX_SAMPLE_VALUES = 1 << 22;
    /** Sample rows per leaf that the trees aim for, enough to place medians well. */
    static final int SAMPLE_ROWS_PER_LEAF = 64;
    /** Rows each leaf task aims to hold, so large data gets more tasks per tree. */
    static final int ROWS_PER_TASK = 1 << 16;

    private ApproximateKnnSearch() {
    }

    /**
     * Neighbour lists keyed by the first row of their block of {@code input}'s layout, partition i
     * holding block i, cached in {@code input}'s scope. The forest is broadcast through that scope and
     * destroyed once the trees' candidates are merged; every step's lists are released as soon as the
     * next step has counted its own. When a step fails, what the search still holds stays with the
     * scope's owner, who releases it when the scope closes.
     */
    public static JavaPairRDD<Long, NeighbourLists> run(SearchInput input, SearchSettings settings, StageTimer timer) {
        JavaRDD<RowBlock> blocks = input.blocks();
        BlockLayout layout = input.layout();
        RowEmbedding embedding = input.embedding();
        int numFeatures = input.numFeatures();
        long numRows = layout.numRows();
        int numTrees = settings.numTrees(numRows);
        long seed = settings.forest().seed();
        int leafSize = settings.leafSize(numFeatures);
        long wantedSample = Math.min(numRows, Math.min(MAX_SAMPLE_VALUES / Math.max(1, numFeatures),
                SAMPLE_ROWS_PER_LEAF * ((numRows + leafSize - 1) / leafSize)));
        double fraction = (double) wantedSample / numRows;
        List<Tuple2<Long, double[]>> sample = timer.run(Stage.GRAPH,
                StepNames.TREE_SAMPLE + " (about " + wantedSample + " rows, " + numTrees + " trees)",
                () -> blocks.flatMap(block -> sampleOf(block, embedding, fraction, seed).iterator()).collect());
        RandomProjectionForest forest = RandomProjectionForest.grow(RandomProjectionForest.Sample.of(sample, numFeatures), numTrees,
                (double) numRows / Math.max(1, sample.size()), leafSize, seed);
        CacheScope caches = input.caches();
        Broadcast<RandomProjectionForest> shared = caches.broadcast(JavaSparkContext.fromSparkContext(blocks.context()), forest);

        LeafBlocks leafBlocks = timer.run(Stage.GRAPH, "kNN graph (approximate): counting the rows of every leaf",
                () -> LeafBlocks.count(input, shared, 2 * leafSize));
        TreeLeaves.LeafPlacement leaves = new TreeLeaves.LeafPlacement(shared, leafBlocks, embedding, seed);
        int parallelism = blocks.context().defaultParallelism();
        int maxRows = settings.forest().maxRowsPerTask(numFeatures, settings.numNeighbors());
        int rowsPerTask = Math.min(ROWS_PER_TASK, maxRows);
        int tasks = (int) Math.max(2L * parallelism, (numRows + rowsPerTask - 1) / rowsPerTask);
        LocalityCells cells = LocalityCells.arrange(input, leaves, cellRows(numRows, maxRows, parallelism), tasks, timer);
        CellInput cellInput = cells.input();
        JavaPairRDD<Long, NeighbourLists> merged = TreeLeaves.candidates(cellInput, leaves, tasks, settings, timer);
        caches.release(shared);
        JavaPairRDD<Long, NeighbourLists> refined = NeighbourDescent.refine(merged, cellInput, settings, timer);
        return cells.toInputIds(refined, settings.numNeighbors(), layout, timer);
    }

    /**
     * Rows per locality cell: {@code m / parallelism}, so that every core has a cell, and at most
     * {@code maxRows}. The larger the cells, the fewer rows a round ships: a cell's rows are cut into
     * batches that each name as many rows as the bound allows, and the rows that two rows of one
     * batch name travel once.
     */
    static int cellRows(long numRows, int maxRows, int parallelism) {
        long perCore = (numRows + parallelism - 1) / Math.max(1, parallelism);
        return (int) Math.max(1, Math.min(maxRows, perCore));
    }

    /** The sampled rows of one block with their embedded points. */
    private static List<Tuple2<Long, double[]>> sampleOf(RowBlock block, RowEmbedding embedding, double fraction, long seed) {
        List<Tuple2<Long, double[]>> sampled = new ArrayList<>();
        for (int i = 0; i < block.size(); i++) {
            long id = block.firstRow() + i;
            if (RowHash.uniform(seed, id, RowHash.TREE_SAMPLE, 0) < fraction) {
                sampled.add(new Tuple2<>(id, embedding.point(block.row(i))));
            }
        }
        return sampled;
    }
}
