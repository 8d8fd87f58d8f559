package lapscore.graph.search.approximate;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

import lapscore.data.blocks.BlockLayout;
import lapscore.graph.kernel.BlockDistanceKernel;
import lapscore.graph.kernel.CandidateHeaps;
import lapscore.graph.kernel.PackedRows;
import lapscore.graph.kernel.RowEmbedding;
import lapscore.graph.kernel.WorkingBlock;
import lapscore.graph.search.ListCeilings;
import lapscore.graph.search.NeighbourLists;
import lapscore.data.RowHash;
import lapscore.graph.search.SearchSteps;
import lapscore.progress.StageTimer;
import lapscore.progress.StepNames;
import lapscore.progress.TaskRows;
import org.apache.spark.Partitioner;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.util.LongAccumulator;

import scala.Tuple2;

/**
 * The rows in the leaves of the random-projection trees, and every tree's candidates: each row's
 * nearest among the rows of its leaf, found exactly by {@link BlockDistanceKernel} (the leaf scan
 * of the random-projection-tree initialisation of NN-descent: Dong, Charikar and Li, WWW 2011,
 * section 4; pynndescent's {@code init_rp_tree}). Each tree is one Spark job: the rows are shuffled
 * to their leaves, a block's rows that share a leaf block in one record ({@link LeafRun}); each
 * leaf, its rows in id order, is scanned and its lists are shuffled back to the rows' blocks and
 * merged into the lists of the trees before ({@link SearchSteps#runAndMerge}). Shuffle O(m d) per
 * tree, work O(m L d) for leaves of L rows.
 */
final class TreeLeaves {

    private TreeLeaves() {
    }

    /**
     * Every tree's candidates within its leaves, one Spark job per tree, merged into the lists of the
     * trees before, one list per block of {@code input}'s layout; the leaves of a tree run in at most
     * {@code tasks} tasks.
     */
    static JavaPairRDD<Long, NeighbourLists> candidates(CellInput input, LeafPlacement leaves, int tasks, SearchSettings settings,
                                                        StageTimer timer) {
        LeafBlocks leafBlocks = leaves.blocks();
        int numTrees = leafBlocks.numTrees();
        RowEmbedding embedding = input.embedding();
        BlockLayout layout = input.layout();
        int listSize = settings.listSize();
        TaskRows taskRows = timer.taskRows();
        LongAccumulator pairs = timer.pairCounts().treePairs();
        return SearchSteps.runAndMerge(layout, input.caches(), numTrees,
                (tree, before) -> toLeaves(input.cells(), leaves, tree, true, before, Math.min(tasks, leafBlocks.blocksIn(tree)))
                        .mapPartitionsToPair(runs -> neighboursWithinLeaves(runs, embedding, layout, listSize, taskRows, pairs).iterator()),
                tree -> String.format(Locale.ROOT, StepNames.TREE + " %d/%d: distances within %d leaves of about %d rows,"
                                + " merged into the lists of %d blocks", tree + 1, numTrees, leafBlocks.blocksIn(tree),
                        settings.leafSize(input.numFeatures()), layout.numBlocks()),
                timer);
    }

    /**
     * The rows of {@code blocks} shuffled to their leaves of {@code tree} in runs ({@link LeafRun}),
     * leaf blocks in {@code numTasks} tasks, sorted by leaf block, then first row id; with their
     * vectors when {@code withVectors}, and the ceilings of their lists in {@code before} (by block,
     * as {@code blocks} are). Each row takes to its leaf the ceiling of its list in the trees before,
     * and the leaf offers it only candidates below that ceiling: the candidates that could enter its
     * list, and fewer of them to screen and ship as the trees fill the lists.
     */
    static JavaPairRDD<Tuple2<Integer, Long>, LeafRun> toLeaves(JavaRDD<PackedRows> blocks, LeafPlacement leaves, int tree,
                                                                boolean withVectors, ListCeilings before, int numTasks) {
        JavaPairRDD<Tuple2<Integer, Long>, LeafRun> runs = before.byBlock() == null
                ? blocks.flatMapToPair(block -> leaves.runs(block, tree, withVectors, null).iterator())
                : blocks.zipPartitions(before.byBlock(), (own, byBlock) -> {
                    List<Tuple2<Tuple2<Integer, Long>, LeafRun>> all = new ArrayList<>();
                    double[] ceilings = byBlock.hasNext() ? byBlock.next() : null;
                    own.forEachRemaining(block -> all.addAll(leaves.runs(block, tree, withVectors, ceilings)));
                    return all.iterator();
                }).mapToPair(run -> run);
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
         * The rows of {@code block} grouped by their leaf block of {@code tree}: one run per leaf block
         * they reach, keyed by (leaf block, first id), its rows in id order, with their vectors when
         * {@code withVectors}, and their ceilings from {@code ceilings} (one per row, in order, or
         * null: none).
         */
        List<Tuple2<Tuple2<Integer, Long>, LeafRun>> runs(PackedRows block, int tree, boolean withVectors, double[] ceilings) {
            RandomProjectionForest trees = forest.value();
            WorkingBlock points = block.working(embedding);
            long[] blockIds = block.ids();
            long[] byLeafBlock = new long[block.size()];
            for (int i = 0; i < byLeafBlock.length; i++) {
                long id = blockIds[i];
                int leaf = trees.leafOf(tree, points.points, i * points.dim(), id);
                int chunks = blocks.chunks(tree, leaf);
                int chunk = chunks == 1 ? 0 : (int) Long.remainderUnsigned(RowHash.of(seed, id, tree, RowHash.LEAF_CHUNK), chunks);
                byLeafBlock[i] = (long) (blocks.firstBlock(tree, leaf) + chunk) << 32 | i;
            }
            Arrays.sort(byLeafBlock);
            int[] positions = new int[byLeafBlock.length];
            for (int n = 0; n < positions.length; n++) {
                positions[n] = (int) byLeafBlock[n];
            }
            List<Tuple2<Tuple2<Integer, Long>, LeafRun>> runs = new ArrayList<>();
            int from = 0;
            while (from < byLeafBlock.length) {
                int leafBlock = (int) (byLeafBlock[from] >>> 32);
                int to = from + 1;
                while (to < byLeafBlock.length && (int) (byLeafBlock[to] >>> 32) == leafBlock) {
                    to++;
                }
                PackedRows rows = withVectors ? block.pick(positions, from, to) : null;
                long[] ids = rows != null ? rows.ids() : new long[to - from];
                double[] runCeilings = new double[ids.length];
                for (int j = 0; j < ids.length; j++) {
                    if (rows == null) {
                        ids[j] = blockIds[positions[from + j]];
                    }
                    runCeilings[j] = ceilings == null ? Double.POSITIVE_INFINITY : ceilings[positions[from + j]];
                }
                LeafRun run = new LeafRun(ids, runCeilings, rows);
                runs.add(new Tuple2<>(new Tuple2<>(leafBlock, run.ids[0]), run));
                from = to;
            }
            return runs;
        }
    }

    /**
     * The rows of one block that reach one leaf block of a tree, ids ascending: their raw vectors
     * ({@link PackedRows}, whose ids are {@link #ids}, one array, shipped once), or null when only the
     * ids travel, and the ceilings of their lists
     * ({@link NeighbourLists#entryCeilingsSquared}; +infinity without one). One record per block and
     * leaf block, not per row: the shuffle to the leaves sorts and ships few records, and since a
     * block's ids are consecutive, the runs of one leaf block, ordered by first id, hold its rows in
     * id order. A class: Kryo cannot ship records.
     */
    static final class LeafRun implements Serializable {
        final long[] ids;
        final double[] ceilings;
        final PackedRows rows;

        LeafRun(long[] ids, double[] ceilings, PackedRows rows) {
            this.ids = ids;
            this.ceilings = ceilings;
            this.rows = rows;
        }
    }

    /**
     * Runs the kernel within every leaf of one task (runs sorted by leaf block, then first id) and
     * cuts each leaf's lists into fragments by the block of {@code layout} their rows belong to.
     */
    private static List<Tuple2<Long, NeighbourLists>> neighboursWithinLeaves(Iterator<Tuple2<Tuple2<Integer, Long>, LeafRun>> runs,
                                                                            RowEmbedding embedding, BlockLayout layout, int k,
                                                                            TaskRows taskRows, LongAccumulator pairs) {
        List<Tuple2<Long, NeighbourLists>> fragments = new ArrayList<>();
        List<LeafRun> leafRuns = new ArrayList<>();
        int leaf = -1;
        while (runs.hasNext()) {
            Tuple2<Tuple2<Integer, Long>, LeafRun> run = runs.next();
            if (run._1()._1() != leaf && !leafRuns.isEmpty()) {
                listsWithin(leafRuns, embedding, layout, k, taskRows, pairs).forEachRemaining(fragments::add);
            }
            leaf = run._1()._1();
            leafRuns.add(run._2());
        }
        if (!leafRuns.isEmpty()) {
            listsWithin(leafRuns, embedding, layout, k, taskRows, pairs).forEachRemaining(fragments::add);
        }
        return fragments;
    }

    /**
     * The lists of one leaf, the rows of {@code runs} (in order, ids ascending), each row's heap
     * below its ceiling, cut into fragments by the blocks of {@code layout}; empties {@code runs}
     * and adds the leaf's pairs to {@code pairs}.
     */
    private static Iterator<Tuple2<Long, NeighbourLists>> listsWithin(List<LeafRun> runs, RowEmbedding embedding, BlockLayout layout,
                                                                      int k, TaskRows taskRows, LongAccumulator pairs) {
        int size = runs.stream().mapToInt(run -> run.ids.length).sum();
        double[] ceilings = new double[size];
        int at = 0;
        for (LeafRun run : runs) {
            System.arraycopy(run.ceilings, 0, ceilings, at, run.ids.length);
            at += run.ids.length;
        }
        PackedRows rows = PackedRows.concat(runs.stream().map(run -> run.rows).toList());
        runs.clear();
        WorkingBlock.requireAscending(rows.ids(), "a leaf block's runs");
        taskRows.record(size);
        pairs.add((long) size * (size - 1) / 2);
        WorkingBlock leaf = WorkingBlock.of(rows, embedding);
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
