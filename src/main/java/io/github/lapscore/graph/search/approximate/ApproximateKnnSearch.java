package io.github.lapscore.graph.search.approximate;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

import io.github.lapscore.data.CacheScope;
import io.github.lapscore.data.blocks.BlockLayout;
import io.github.lapscore.data.blocks.RowBlock;
import io.github.lapscore.graph.kernel.BlockDistanceKernel;
import io.github.lapscore.graph.kernel.CandidateHeaps;
import io.github.lapscore.graph.kernel.RowEmbedding;
import io.github.lapscore.graph.kernel.WorkingBlock;
import io.github.lapscore.graph.kernel.join.SinglePrecisionBlock;
import io.github.lapscore.graph.search.ListCeilings;
import io.github.lapscore.graph.search.NeighbourLists;
import io.github.lapscore.graph.search.RowHash;
import io.github.lapscore.graph.search.SearchInput;
import io.github.lapscore.graph.search.SearchSteps;
import io.github.lapscore.progress.Stage;
import io.github.lapscore.progress.StageTimer;
import io.github.lapscore.progress.StepNames;
import io.github.lapscore.progress.TaskRows;
import org.apache.spark.Partitioner;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.storage.StorageLevel;

import scala.Tuple2;

/**
 * Approximate k nearest neighbours of every row: the exact block kernel applied within the leaves
 * of several random-projection trees, each row's candidates merged over the trees, then refined by
 * NN-descent. The search keeps K &gt;= k candidates per row ({@link ForestSettings#listSize}) and
 * returns the k nearest.
 *
 * <ol>
 *   <li>A sample of at most {@value #MAX_SAMPLE_VALUES} values (chosen by a hash of seed and row
 *       id) is collected and the trees are grown on it ({@link RandomProjectionForest}).</li>
 *   <li>One pass counts the rows of every leaf; a leaf of more than twice the leaf size (duplicate
 *       rows, a dense spot the sample missed) is cut into chunks by a hash of the row id, so no task
 *       receives much more than its share.</li>
 *   <li>Each tree is one Spark job: rows are shuffled to their leaf, the rows of one block that
 *       share a leaf block in one record ({@link LeafRun}), and every leaf's all-pairs distances,
 *       its rows in id order, go through {@link BlockDistanceKernel}. When
 *       {@link GroupCopies} pay, every group of rows first receives all rows once; then only the
 *       row ids go to the leaves, the leaves of a task being read from its group's copy.</li>
 *   <li>The job shuffles the tree's candidates to the blocks of {@code layout} and merges them into
 *       the lists of the trees before ({@link SearchSteps#runAndMerge}).</li>
 *   <li>{@link NeighbourDescent} refines the lists with neighbours of neighbours until they
 *       converge, and every row keeps its k nearest.</li>
 * </ol>
 * Above {@link ForestSettings#maxRowsPerTask} rows, the rows are first renumbered in the leaf
 * order of the first tree and cut into {@link LocalityCells}; steps 3 to 5 run on the cells, the
 * rounds in batches of bounded size, and the lists are renamed back to input ids at the end, so
 * that no task holds more than that many rows. In local mode, when the cells fit in memory
 * ({@link SharedRows#pointsFit}), the cells' rows are embedded once, before the trees: only row ids
 * go to the leaves, and the leaves and the rounds' batches copy the points they name from the cells;
 * the lists stay on disk when they do not fit beside them ({@link SharedRows#listsFitBeside}); when
 * they do, and the points rounded to single precision fit too ({@link SharedRows#roundedFit}), the
 * rounds' batches screen those in place rather than each rounding the rows it names.
 * Work is O(m T L d) flops for T trees and leaves of L rows, plus O(m K^2 d) per NN-descent round;
 * shuffle O(T m d) for the trees, O(T m) with embedded cells, or O(G m d + T m) with copies for G
 * groups; driver memory is bounded by the sample, not by m. Every choice depends on the seed and the
 * row ids only.
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
     * next step has counted its own, and the group copies once the rounds are done. When a step
     * fails, what the search still holds stays with the scope's owner, who releases it when the
     * scope closes.
     */
    public static JavaPairRDD<Long, NeighbourLists> run(SearchInput input, SearchSettings settings, StageTimer timer) {
        return run(input, settings, timer, Sharing.asMemoryAllows(input.blocks().context()));
    }

    /**
     * How far a search may share rows in memory rather than ship them by shuffle; the lists are the
     * same either way.
     *
     * @param groupCopies  whether, up to {@link ForestSettings#maxRowsPerTask} rows, the rounds may
     *                     copy every row into every group where that pays ({@link GroupCopies})
     * @param storageBytes above that, the storage memory that the cells' points, read in place, may
     *                     take ({@link SharedRows#storageMemory}; 0 ships every row, as on a cluster)
     */
    record Sharing(boolean groupCopies, long storageBytes) {

        /** Every row shipped by shuffle, as on a cluster. */
        static final Sharing SHIPPED = new Sharing(false, 0);

        /** Rows shared wherever {@code context}'s memory allows it: the default. */
        static Sharing asMemoryAllows(SparkContext context) {
            return new Sharing(true, SharedRows.storageMemory(context));
        }
    }

    /** {@link #run(SearchInput, SearchSettings, StageTimer)}, sharing rows in memory as far as {@code sharing} allows. */
    static JavaPairRDD<Long, NeighbourLists> run(SearchInput input, SearchSettings settings, StageTimer timer, Sharing sharing) {
        JavaRDD<RowBlock> blocks = input.blocks();
        BlockLayout layout = input.layout();
        RowEmbedding embedding = input.embedding();
        int numFeatures = input.numFeatures();
        int k = settings.numNeighbors();
        long numRows = layout.numRows();
        int numTrees = settings.numTrees(numRows);
        long seed = settings.forest().seed();
        int leafSize = settings.leafSize(numFeatures);
        int listSize = settings.listSize();
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
        LeafPlacement leaves = new LeafPlacement(shared, leafBlocks, embedding, seed);
        int parallelism = blocks.context().defaultParallelism();
        int maxRows = settings.forest().maxRowsPerTask(numFeatures);
        int rowsPerTask = Math.min(ROWS_PER_TASK, maxRows);
        int tasks = (int) Math.max(2L * parallelism, (numRows + rowsPerTask - 1) / rowsPerTask);
        if (numRows > maxRows) {
            LocalityCells cells = LocalityCells.arrange(input, leaves, Math.max(1, maxRows / ForestSettings.CELLS_PER_TASK), tasks,
                    timer);
            boolean readInPlace = SharedRows.pointsFit(sharing.storageBytes(), numRows, numFeatures, embedding.withCosines());
            boolean listsOnDisk = readInPlace
                    && !SharedRows.listsFitBeside(sharing.storageBytes(), numRows, numFeatures, listSize, embedding.withCosines());
            SearchInput cellInput = cells.input(input, listsOnDisk ? StorageLevel.DISK_ONLY() : StorageLevel.MEMORY_AND_DISK());
            boolean roundOnce = readInPlace && !listsOnDisk && BlockDistanceKernel.SINGLE_PRECISION_SCREEN
                    && SharedRows.roundedFit(sharing.storageBytes(), numRows, numFeatures, listSize, embedding.withCosines());
            JavaRDD<WorkingBlock> points = readInPlace ? cells.embedded(embedding, listsOnDisk, timer) : null;
            JavaPairRDD<Long, NeighbourLists> merged = treeCandidates(cellInput, leaves, null, points, tasks, settings, timer);
            caches.release(shared);
            JavaRDD<SinglePrecisionBlock> rounded = roundOnce ? cells.rounded(points, timer) : null;
            JavaPairRDD<Long, NeighbourLists> refined = NeighbourDescent.refine(merged, cellInput, settings,
                    NeighbourDescent.Groups.ownBlocks(points, rounded), timer);
            if (points != null) {
                caches.release(points);
            }
            if (rounded != null) {
                caches.release(rounded);
            }
            return cells.toInputIds(refined, k, layout, timer);
        }
        GroupCopies copies = sharing.groupCopies() ? GroupCopies.ifTheyPay(input, parallelism, listSize, timer) : null;
        JavaPairRDD<Long, NeighbourLists> merged = treeCandidates(input, leaves, copies, null, tasks, settings, timer);
        caches.release(shared);
        JavaPairRDD<Long, NeighbourLists> refined = NeighbourDescent.refine(merged, input, settings,
                NeighbourDescent.Groups.of(parallelism, copies), timer);
        if (copies != null) {
            copies.release();
        }
        if (listSize == k) {
            return refined;
        }
        return SearchSteps.replace(caches, refined, refined.mapValues(lists -> lists.truncate(k)),
                "kNN graph (approximate): the " + k + " nearest of every row's " + listSize + " candidates", timer);
    }

    /**
     * Every tree's candidates within its leaves, one Spark job per tree, each merged into the lists
     * of the trees before, one list per block of {@code input}'s layout; the leaves read their rows
     * from {@code copies} when not null, else from {@code cells} (the points of {@code input}'s
     * blocks, {@link SharedRows}) when not null, else the rows are shipped to them.
     */
    private static JavaPairRDD<Long, NeighbourLists> treeCandidates(SearchInput input, LeafPlacement leaves, GroupCopies copies,
                                                                    JavaRDD<WorkingBlock> cells, int tasks,
                                                                    SearchSettings settings, StageTimer timer) {
        BlockLayout layout = input.layout();
        LeafBlocks leafBlocks = leaves.blocks();
        int numTrees = leafBlocks.numTrees();
        return SearchSteps.runAndMerge(input, numTrees,
                (tree, before) -> leafLists(input, leaves, tree, before, copies, cells, Math.min(tasks, leafBlocks.blocksIn(tree)),
                        settings.listSize(), timer.taskRows()),
                tree -> String.format(Locale.ROOT, StepNames.TREE + " %d/%d: distances within %d leaves of about %d rows,"
                                + " merged into the lists of %d blocks", tree + 1, numTrees, leafBlocks.blocksIn(tree),
                        settings.leafSize(input.numFeatures()), layout.numBlocks()),
                timer);
    }

    /**
     * The candidates of {@code tree}'s leaves, cut into fragments by the blocks of {@code input}'s
     * layout. The rows reach their leaves in one of three ways: only their ids, each task's leaves
     * copied from its group's copy of every row ({@code copies}); only their ids, the leaves copied
     * from the cells' points read in place ({@code cells}); or with their vectors, embedded at the
     * leaf ({@code numTasks} tasks). Each row takes to its leaf the ceiling of its list in the
     * trees before ({@code before}), and the leaf offers it only candidates below that ceiling: the
     * candidates that could enter its list, and fewer of them to screen and ship as the trees fill
     * the lists.
     */
    private static JavaPairRDD<Long, NeighbourLists> leafLists(SearchInput input, LeafPlacement leaves, int tree,
                                                               ListCeilings before, GroupCopies copies,
                                                               JavaRDD<WorkingBlock> cells, int numTasks, int listSize,
                                                               TaskRows taskRows) {
        BlockLayout layout = input.layout();
        if (copies != null) {
            return toLeaves(input.blocks(), leaves, tree, false, before, copies.groups.numBlocks())
                    .zipPartitions(copies.everyRow, (runs, all) -> {
                        WorkingBlock everyRow = all.next();
                        taskRows.record(everyRow.size);
                        return neighboursWithinLeaves(runs, (ids, vectors) -> everyRow.rows(ids), layout, listSize, taskRows)
                                .iterator();
                    })
                    .mapToPair(fragment -> fragment);
        }
        if (cells != null) {
            SharedRows shared = new SharedRows(cells.rdd(), layout);
            return toLeaves(withCeilings(cells, before, (points, ceilings) -> leaves.runs(points, tree, null, ceilings)), leaves,
                    tree, numTasks)
                    .mapPartitionsToPair(runs -> neighboursWithinLeaves(runs, (ids, vectors) -> shared.copy(ids), layout,
                            listSize, taskRows).iterator());
        }
        RowEmbedding embedding = input.embedding();
        return toLeaves(input.blocks(), leaves, tree, true, before, numTasks)
                .mapPartitionsToPair(runs -> neighboursWithinLeaves(runs,
                        (ids, vectors) -> WorkingBlock.of(ids, vectors, embedding), layout, listSize, taskRows).iterator());
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

    /**
     * The rows shuffled to their leaves of {@code tree} in runs ({@link LeafRun}), leaf blocks in
     * {@code numTasks} tasks, sorted by leaf block, then first row id; with their vectors when
     * {@code withVectors}, and the ceilings of their lists in {@code before} (by block, as
     * {@code blocks} are).
     */
    static JavaPairRDD<Tuple2<Integer, Long>, LeafRun> toLeaves(JavaRDD<RowBlock> blocks, LeafPlacement leaves, int tree,
                                                                boolean withVectors, ListCeilings before, int numTasks) {
        return toLeaves(withCeilings(blocks, before, (block, ceilings) -> leaves.runs(block, tree, withVectors, ceilings)), leaves,
                tree, numTasks);
    }

    /**
     * The runs that {@code runs} gives for each of {@code sources} (partition i holding block i),
     * with the ceilings of its rows' lists in {@code before}.
     */
    private static <T> JavaPairRDD<Tuple2<Integer, Long>, LeafRun> withCeilings(JavaRDD<T> sources, ListCeilings before,
                                                                               LeafRuns<T> runs) {
        if (before.byBlock() == null) {
            return sources.flatMapToPair(source -> runs.of(source, null).iterator());
        }
        return sources.zipPartitions(before.byBlock(), (own, byBlock) -> {
            List<Tuple2<Tuple2<Integer, Long>, LeafRun>> all = new ArrayList<>();
            double[] ceilings = byBlock.hasNext() ? byBlock.next() : null;
            own.forEachRemaining(source -> all.addAll(runs.of(source, ceilings)));
            return all.iterator();
        }).mapToPair(run -> run);
    }

    /** The leaf runs of the rows of one source (a block or a cell), given the ceilings of their lists, or null. */
    @FunctionalInterface
    private interface LeafRuns<T> extends Serializable {
        List<Tuple2<Tuple2<Integer, Long>, LeafRun>> of(T source, double[] ceilings);
    }

    /** {@code runs} ({@link LeafPlacement#runs}) in {@code numTasks} tasks, sorted by leaf block of {@code tree}, then first row id. */
    private static JavaPairRDD<Tuple2<Integer, Long>, LeafRun> toLeaves(JavaPairRDD<Tuple2<Integer, Long>, LeafRun> runs,
                                                                        LeafPlacement leaves, int tree, int numTasks) {
        return runs.repartitionAndSortWithinPartitions(new LeafPartitioner(leaves.blocks().blocksIn(tree), numTasks),
                new LeafOrder());
    }

    /**
     * Where every row goes in each tree: its leaf of {@code forest}, and the chunk of that leaf
     * ({@link LeafBlocks}) by a hash of {@code seed} and its id.
     *
     * @param forest    the trees, shared with the tasks
     * @param blocks    the leaf blocks of every tree
     * @param embedding how rows become the points the trees cut
     * @param seed      seed of the chunk hash
     */
    record LeafPlacement(Broadcast<RandomProjectionForest> forest, LeafBlocks blocks, RowEmbedding embedding, long seed)
            implements Serializable {

        /**
         * The rows of {@code block} by leaf block of {@code tree} ({@link #runs(WorkingBlock, int, RowBlock, double[])}),
         * with their vectors when {@code withVectors}, else without (the leaves read the rows in place).
         */
        List<Tuple2<Tuple2<Integer, Long>, LeafRun>> runs(RowBlock block, int tree, boolean withVectors, double[] ceilings) {
            return runs(WorkingBlock.of(block, embedding), tree, withVectors ? block : null, ceilings);
        }

        /**
         * The rows of {@code points} (ids ascending) grouped by their leaf block of {@code tree}: one
         * run per leaf block they reach, keyed by (leaf block, first id), its rows in the order of
         * {@code points}, with their vectors from {@code block} (the same rows) when not null, else
         * without, and their ceilings from {@code ceilings} (one per row, in order, or null: none).
         */
        List<Tuple2<Tuple2<Integer, Long>, LeafRun>> runs(WorkingBlock points, int tree, RowBlock block, double[] ceilings) {
            RandomProjectionForest trees = forest.value();
            long[] byLeafBlock = new long[points.size];
            for (int i = 0; i < points.size; i++) {
                long id = points.ids[i];
                int leaf = trees.leafOf(tree, points.points, i * embedding.numFeatures(), id);
                int chunks = blocks.chunks(tree, leaf);
                int chunk = chunks == 1 ? 0 : (int) Long.remainderUnsigned(RowHash.of(seed, id, tree, RowHash.LEAF_CHUNK), chunks);
                byLeafBlock[i] = (long) (blocks.firstBlock(tree, leaf) + chunk) << 32 | i;
            }
            Arrays.sort(byLeafBlock);
            List<Tuple2<Tuple2<Integer, Long>, LeafRun>> runs = new ArrayList<>();
            int from = 0;
            while (from < points.size) {
                int leafBlock = (int) (byLeafBlock[from] >>> 32);
                int to = from + 1;
                while (to < points.size && (int) (byLeafBlock[to] >>> 32) == leafBlock) {
                    to++;
                }
                LeafRun run = new LeafRun(to - from, block != null);
                for (int j = 0; j < run.ids.length; j++) {
                    int i = (int) byLeafBlock[from + j];
                    run.ids[j] = points.ids[i];
                    run.ceilings[j] = ceilings == null ? Double.POSITIVE_INFINITY : ceilings[i];
                    if (block != null) {
                        run.vectors[j] = block.row(i);
                    }
                }
                runs.add(new Tuple2<>(new Tuple2<>(leafBlock, run.ids[0]), run));
                from = to;
            }
            return runs;
        }
    }

    /**
     * The rows of one source (an input block or a cell) that reach one leaf block of a tree, ids
     * ascending: their vectors, or null where the leaf reads the rows in place, and the ceilings of
     * their lists ({@link NeighbourLists#entryCeilingsSquared}; +infinity without one). One record
     * per source and leaf block, not per row: the shuffle to the leaves sorts and ships few records,
     * and since a source's ids are consecutive, the runs of one leaf block, ordered by first id,
     * hold its rows in id order. A class: Kryo cannot ship records.
     */
    static final class LeafRun implements Serializable {
        final long[] ids;
        final double[] ceilings;
        final Vector[] vectors;

        LeafRun(int size, boolean withVectors) {
            this.ids = new long[size];
            this.ceilings = new double[size];
            this.vectors = withVectors ? new Vector[size] : null;
        }
    }

    /** The working block of a leaf's rows: ids ascending, with their vectors when the runs carry them (else null). */
    private interface LeafRows {
        WorkingBlock of(long[] ids, Vector[] vectors);
    }

    /**
     * Runs the kernel within every leaf of one task (runs sorted by leaf block, then first id) and
     * cuts each leaf's lists into fragments by the block of {@code layout} their rows belong to.
     */
    private static List<Tuple2<Long, NeighbourLists>> neighboursWithinLeaves(Iterator<Tuple2<Tuple2<Integer, Long>, LeafRun>> runs,
                                                                            LeafRows leafRows, BlockLayout layout, int k,
                                                                            TaskRows taskRows) {
        List<Tuple2<Long, NeighbourLists>> fragments = new ArrayList<>();
        List<LeafRun> leafRuns = new ArrayList<>();
        int leaf = -1;
        while (runs.hasNext()) {
            Tuple2<Tuple2<Integer, Long>, LeafRun> run = runs.next();
            if (run._1()._1() != leaf && !leafRuns.isEmpty()) {
                listsWithin(leafRuns, leafRows, layout, k, taskRows).forEachRemaining(fragments::add);
            }
            leaf = run._1()._1();
            leafRuns.add(run._2());
        }
        if (!leafRuns.isEmpty()) {
            listsWithin(leafRuns, leafRows, layout, k, taskRows).forEachRemaining(fragments::add);
        }
        return fragments;
    }

    /**
     * The lists of one leaf, the rows of {@code runs} (in order, ids ascending), each row's heap
     * below its ceiling, cut into fragments by the blocks of {@code layout}; empties {@code runs}.
     */
    private static Iterator<Tuple2<Long, NeighbourLists>> listsWithin(List<LeafRun> runs, LeafRows leafRows, BlockLayout layout,
                                                                      int k, TaskRows taskRows) {
        int size = runs.stream().mapToInt(run -> run.ids.length).sum();
        long[] ids = new long[size];
        double[] ceilings = new double[size];
        Vector[] vectors = runs.get(0).vectors == null ? null : new Vector[size];
        int at = 0;
        for (LeafRun run : runs) {
            if (at > 0 && run.ids[0] <= ids[at - 1]) {
                throw new IllegalStateException("the runs of a leaf block overlap: row " + run.ids[0] + " after row " + ids[at - 1]);
            }
            System.arraycopy(run.ids, 0, ids, at, run.ids.length);
            System.arraycopy(run.ceilings, 0, ceilings, at, run.ids.length);
            if (vectors != null) {
                System.arraycopy(run.vectors, 0, vectors, at, run.ids.length);
            }
            at += run.ids.length;
        }
        runs.clear();
        taskRows.record(size);
        WorkingBlock leaf = leafRows.of(ids, vectors);
        CandidateHeaps heaps = new CandidateHeaps(leaf.size, k);
        for (int i = 0; i < leaf.size; i++) {
            heaps.limitTo(i, ceilings[i]);
        }
        BlockDistanceKernel.scan(leaf, leaf, heaps, heaps);
        return NeighbourLists.fragmentsOf(heaps, leaf, leaf, layout);
    }

    /** Leaf blocks of one tree to tasks in contiguous ranges; leaf blocks are of similar size. */
    private static final class LeafPartitioner extends Partitioner {
        private final int numBlocks;
        private final int numTasks;

        /** {@code numBlocks} leaf blocks to {@code numTasks} tasks (some without a block when there are more tasks). */
        LeafPartitioner(int numBlocks, int numTasks) {
            this.numBlocks = numBlocks;
            this.numTasks = Math.max(1, numTasks);
        }

        @Override
        public int numPartitions() {
            return numTasks;
        }

        @Override
        public int getPartition(Object key) {
            @SuppressWarnings("unchecked")
            int block = ((Tuple2<Integer, Long>) key)._1();
            return (int) ((long) block * numTasks / numBlocks);
        }
    }

    /** Orders runs by leaf block, then first row id. */
    private static final class LeafOrder implements Comparator<Tuple2<Integer, Long>>, Serializable {
        @Override
        public int compare(Tuple2<Integer, Long> a, Tuple2<Integer, Long> b) {
            int byBlock = Integer.compare(a._1(), b._1());
            return byBlock != 0 ? byBlock : Long.compare(a._2(), b._2());
        }
    }
}
