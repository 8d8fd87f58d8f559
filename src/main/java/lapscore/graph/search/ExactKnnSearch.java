package lapscore.graph.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import lapscore.data.blocks.BlockLayout;
import lapscore.data.blocks.BlockPairs;
import lapscore.data.blocks.RowBlock;
import lapscore.graph.kernel.BlockPoints;
import lapscore.graph.kernel.CandidateHeaps;
import lapscore.graph.kernel.RowEmbedding;
import lapscore.graph.kernel.SparsePoints;
import lapscore.graph.kernel.WorkingBlock;
import lapscore.progress.StageTimer;
import lapscore.progress.StepNames;
import lapscore.progress.TaskRows;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;

import scala.Tuple2;

/**
 * Exact k nearest neighbours of every row by a block-partitioned all-pairs distance join.
 *
 * <p>The B(B+1)/2 block pairs run in up to {@value #MAX_WAVES} waves, one Spark job each, so the
 * Spark UI shows "kNN graph (exact) 3/10" progress; every wave has at least two pairs per core.
 * Each pair task yields the best candidates of its rows within the pair, below the ceilings of
 * their lists in the waves before ({@link ListCeilings}); the wave shuffles them to their blocks and
 * merges them into the lists of the waves before ({@link SearchSteps}), which end as each row's k
 * nearest neighbours. Work is O(m^2 d) flops at BLAS level-3 speed for dense rows, O(m^2) plus the
 * products of the features two rows share for sparse ones ({@link SparsePoints}); shuffle
 * O(m B k), driver memory O(1).
 */
public final class ExactKnnSearch {

    static final int MAX_WAVES = 10;

    private ExactKnnSearch() {
    }

    /**
     * The k nearest neighbours of every row of {@code input}: lists keyed by the first row of their
     * block, partition i holding block i, cached in {@code input}'s scope; each wave is a step timed
     * by {@code timer}, whose lists replace the wave before's ({@link SearchSteps}).
     */
    public static JavaPairRDD<Long, NeighbourLists> run(SearchInput input, int k, StageTimer timer) {
        JavaRDD<RowBlock> blocks = input.blocks();
        BlockLayout layout = input.layout();
        RowEmbedding embedding = input.embedding();
        int pairs = layout.numPairs();
        int parallelism = blocks.context().defaultParallelism();
        int waves = Math.max(1, Math.min(MAX_WAVES, pairs / (2 * parallelism)));
        TaskRows taskRows = timer.taskRows();
        return SearchSteps.runAndMerge(input.layout(), input.caches(), waves,
                (wave, before) -> BlockPairs.range(blocks, layout, firstPair(pairs, waves, wave), firstPair(pairs, waves, wave + 1))
                        .flatMapToPair(pair -> {
                            taskRows.record(pair._1().index() == pair._2().index() ? pair._1().size()
                                    : pair._1().size() + pair._2().size());
                            return neighboursWithin(pair, embedding, k, before).iterator();
                        }),
                wave -> String.format(Locale.ROOT, StepNames.EXACT_GRAPH + " %d/%d: distances of block pairs %d-%d of %d (%d blocks of %d %s rows)",
                        wave + 1, waves, firstPair(pairs, waves, wave) + 1, firstPair(pairs, waves, wave + 1), pairs,
                        layout.numBlocks(), layout.rowsPerBlock(), embedding.sparse() ? "sparse" : "dense"),
                timer);
    }

    /** First pair of wave {@code wave} of {@code waves} (exclusive end of the previous one). */
    private static int firstPair(int pairs, int waves, int wave) {
        return (int) ((long) pairs * wave / waves);
    }

    /**
     * The candidates one block pair contributes to the rows of both of its blocks, each row's below
     * the ceiling of its list in the waves before ({@code ceilings}); none, without any distance,
     * when the search keeps within classes and the two blocks' label ranges do not meet. The blocks
     * are measured as sparse points when the embedding says so, else as dense working blocks.
     */
    private static List<Tuple2<Long, NeighbourLists>> neighboursWithin(Tuple2<RowBlock, RowBlock> pair, RowEmbedding embedding,
                                                                   int k, ListCeilings ceilings) {
        if (!pair._1().sharesALabelWith(pair._2())) {
            return new ArrayList<>(0);
        }
        return embedding.sparse() ? neighboursWithin(pair, block -> SparsePoints.of(block, embedding), k, ceilings)
                : neighboursWithin(pair, block -> WorkingBlock.of(block, embedding), k, ceilings);
    }

    private static <B extends BlockPoints<B>> List<Tuple2<Long, NeighbourLists>> neighboursWithin(
            Tuple2<RowBlock, RowBlock> pair, Function<RowBlock, B> points, int k, ListCeilings ceilings) {
        List<Tuple2<Long, NeighbourLists>> result = new ArrayList<>(2);
        B left = points.apply(pair._1());
        if (pair._1().index() == pair._2().index()) {
            CandidateHeaps heaps = new CandidateHeaps(left.size(), k);
            ceilings.limit(heaps, pair._1().index());
            left.nearest(left, heaps, heaps);
            result.add(new Tuple2<>(pair._1().firstRow(), NeighbourLists.of(heaps, left, left)));
        } else {
            B right = points.apply(pair._2());
            CandidateHeaps leftHeaps = new CandidateHeaps(left.size(), k);
            CandidateHeaps rightHeaps = new CandidateHeaps(right.size(), k);
            ceilings.limit(leftHeaps, pair._1().index());
            ceilings.limit(rightHeaps, pair._2().index());
            left.nearest(right, leftHeaps, rightHeaps);
            result.add(new Tuple2<>(pair._1().firstRow(), NeighbourLists.of(leftHeaps, left, right)));
            result.add(new Tuple2<>(pair._2().firstRow(), NeighbourLists.of(rightHeaps, right, left)));
        }
        return result;
    }
}
