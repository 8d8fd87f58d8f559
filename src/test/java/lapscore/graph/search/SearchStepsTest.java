package lapscore.graph.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import lapscore.data.CacheScope;
import lapscore.data.blocks.BlockLayout;
import lapscore.graph.distance.DistanceMeasure;
import lapscore.graph.kernel.CandidateHeaps;
import lapscore.graph.kernel.RowEmbedding;
import lapscore.graph.kernel.WorkingBlock;
import lapscore.progress.StageTimer;
import lapscore.testkit.Caches;
import lapscore.testkit.NeighbourEntries;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.junit.jupiter.api.Test;

import scala.Tuple2;

/** The steps of a search, each merging its candidates into the lists of the steps before. */
class SearchStepsTest {

    private static final int ROWS = 60;
    private static final int ROWS_PER_BLOCK = 16;
    private static final int K = 5;
    private static final int STEPS = 4;

    /**
     * Step by step, each step's fragments merged into the lists so far, gives the lists that merging
     * every step's fragments at once gives (a candidate found in two steps counted once); blocks that
     * the first step leaves without candidates get lists from the later steps, and only the result
     * stays cached.
     */
    @Test
    void mergingStepByStepEqualsMergingEveryStepAtOnce() {
        JavaSparkContext context = JavaSparkContext.fromSparkContext(SparkTestSession.spark().sparkContext());
        BlockLayout layout = new BlockLayout(ROWS, ROWS_PER_BLOCK);
        List<List<Tuple2<Long, NeighbourLists>>> steps = new ArrayList<>();
        for (int step = 0; step < STEPS; step++) {
            steps.add(fragmentsOf(step, layout));
        }
        List<Tuple2<Long, NeighbourLists>> every = new ArrayList<>();
        steps.forEach(every::addAll);
        List<String> atOnce = NeighbourEntries.of(NeighbourLists.mergeIntoBlocks(context.parallelizePairs(every, 3), layout));

        List<String> stepByStep = Caches.leavesNothingCached("the steps and their scope", () -> {
            try (CacheScope caches = new CacheScope()) {
                SearchInput input = new SearchInput(context.emptyRDD(), layout,
                        new RowEmbedding(2, DistanceMeasure.EUCLIDEAN, new double[2], true), caches);
                int cachedBefore = context.getPersistentRDDs().size();
                JavaPairRDD<Long, NeighbourLists> lists = SearchSteps.runAndMerge(input.layout(), input.caches(), STEPS,
                        (step, before) -> {
                            assertEquals(step == 0, before.byBlock() == null, "a step is given the ceilings of the steps before it, if any");
                            if (step > 0) {
                                assertEquals(ceilingsOf(merged(steps.subList(0, step), layout, context)), ceilingsOf(before),
                                        "step " + step + " is given the ceilings of the lists of the steps before it");
                            }
                            return context.parallelizePairs(steps.get(step), 2);
                        },
                        step -> "merging step " + step, new StageTimer(context.sc(), "search steps"));
                assertEquals(cachedBefore + 1, context.getPersistentRDDs().size(), "only the last step's lists stay cached");
                return NeighbourEntries.of(lists);
            }
        });
        assertTrue(steps.get(0).stream().noneMatch(fragment -> fragment._1() == 0L), "the first step names no row of block 0");
        assertEquals(ROWS, atOnce.stream().map(entry -> entry.split(" ")[0]).distinct().count(), "every row has candidates in some step");
        assertEquals(atOnce, stepByStep);
    }

    /** The lists that merging {@code steps}' fragments at once gives, by block. */
    private static JavaPairRDD<Long, NeighbourLists> merged(List<List<Tuple2<Long, NeighbourLists>>> steps, BlockLayout layout,
                                                            JavaSparkContext context) {
        List<Tuple2<Long, NeighbourLists>> every = new ArrayList<>();
        steps.forEach(every::addAll);
        return NeighbourLists.mergeIntoBlocks(context.parallelizePairs(every, 3), layout);
    }

    /** Every row's ceiling, by block, as text: the lists' own, or those given. */
    private static List<String> ceilingsOf(JavaPairRDD<Long, NeighbourLists> lists) {
        return lists.values().map(list -> Arrays.toString(list.entryCeilingsSquared())).collect();
    }

    private static List<String> ceilingsOf(ListCeilings given) {
        return given.byBlock().map(Arrays::toString).collect();
    }

    /**
     * Random candidates of the rows, cut by the blocks of {@code layout}: each row offered a random
     * third of the others (none of block 0's rows in step 0), with their exact squared distances, so
     * that a pair found in two steps has the same distance in both.
     */
    private static List<Tuple2<Long, NeighbourLists>> fragmentsOf(int step, BlockLayout layout) {
        Random points = new Random(5);
        long[] ids = new long[ROWS];
        Vector[] vectors = new Vector[ROWS];
        for (int i = 0; i < ROWS; i++) {
            ids[i] = i;
            vectors[i] = Vectors.dense(points.nextGaussian(), points.nextGaussian());
        }
        WorkingBlock all = WorkingBlock.of(ids, vectors, new RowEmbedding(2, DistanceMeasure.EUCLIDEAN, new double[2], true));
        Random offers = new Random(100 + step);
        CandidateHeaps heaps = new CandidateHeaps(ROWS, K);
        for (int i = step == 0 ? ROWS_PER_BLOCK : 0; i < ROWS; i++) {
            for (int j = 0; j < ROWS; j++) {
                if (j != i && offers.nextDouble() < 0.3) {
                    heaps.offerIfAbsent(i, j, all.squaredDistanceEstimate(i, all, j));
                }
            }
        }
        List<Tuple2<Long, NeighbourLists>> fragments = new ArrayList<>();
        NeighbourLists.fragmentsOf(heaps, all, all, layout).forEachRemaining(fragments::add);
        return fragments;
    }
}
