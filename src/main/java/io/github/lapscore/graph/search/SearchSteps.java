package io.github.lapscore.graph.search;

import java.util.function.IntFunction;

import io.github.lapscore.data.CacheScope;
import io.github.lapscore.data.blocks.BlockLayout;
import io.github.lapscore.progress.Stage;
import io.github.lapscore.progress.StageTimer;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.storage.StorageLevel;

/**
 * Runs the steps of a neighbour search (waves of block pairs, trees of a forest) as one Spark job
 * each, under its own description so the Spark UI shows progress, each merging its candidate
 * fragments into the lists of the steps before, one list per block. Driver memory is O(1).
 */
public final class SearchSteps {

    private SearchSteps() {
    }

    /**
     * Caches {@code next}, lists derived from {@code previous}, in {@code caches} by counting them as
     * one step described by {@code description}, then releases {@code previous}; when the step fails,
     * both stay with the scope's owner. The lists cached forget their lineage
     * ({@link CacheScope#persistAndForgetLineage}), so the shuffles of the steps before can go.
     */
    public static JavaPairRDD<Long, NeighbourLists> replace(CacheScope caches, JavaPairRDD<Long, NeighbourLists> previous,
                                                     JavaPairRDD<Long, NeighbourLists> next, String description, StageTimer timer) {
        return replace(caches, previous, next, StorageLevel.MEMORY_AND_DISK(), description, timer);
    }

    /** {@link #replace(CacheScope, JavaPairRDD, JavaPairRDD, String, StageTimer)}, caching at {@code level}. */
    private static JavaPairRDD<Long, NeighbourLists> replace(CacheScope caches, JavaPairRDD<Long, NeighbourLists> previous,
                                                             JavaPairRDD<Long, NeighbourLists> next, StorageLevel level,
                                                             String description, StageTimer timer) {
        JavaPairRDD<Long, NeighbourLists> cached = cache(caches, next, level, description, timer);
        caches.release(previous);
        return cached;
    }

    /** {@code lists} cached in {@code caches} at {@code level}, forgetting their lineage, and counted as one step. */
    private static JavaPairRDD<Long, NeighbourLists> cache(CacheScope caches, JavaPairRDD<Long, NeighbourLists> lists,
                                                           StorageLevel level, String description, StageTimer timer) {
        JavaPairRDD<Long, NeighbourLists> cached = caches.persistAndForgetLineage(lists, level);
        timer.run(Stage.GRAPH, description, cached::count);
        return cached;
    }

    /** One step of a search: its candidate fragments, keyed by the first row of their block. */
    @FunctionalInterface
    public interface Step {
        /**
         * The fragments of step {@code step}, which may read {@code before}, the lists of the steps
         * before it (cached; null for the first), to offer only what can still enter them.
         */
        JavaPairRDD<Long, NeighbourLists> fragments(int step, JavaPairRDD<Long, NeighbourLists> before);
    }

    /**
     * {@code step} gives the fragments of step s (keyed by the first row of their block of
     * {@code input}'s layout), {@code description.apply(s)} its job description. Each step is one job
     * that shuffles its fragments to their blocks and merges them there into the lists of the steps
     * before ({@link NeighbourLists#mergeIntoLists}); each step's lists are cached in {@code input}'s
     * scope at its {@link SearchInput#listsLevel} and replace the step before's
     * ({@link #replace}), so that memory and disk hold two steps' lists and one step's shuffle at
     * most, however many steps there are.
     */
    public static JavaPairRDD<Long, NeighbourLists> runAndMerge(SearchInput input, int steps, Step step,
                                                                IntFunction<String> description, StageTimer timer) {
        BlockLayout layout = input.layout();
        JavaPairRDD<Long, NeighbourLists> lists = NeighbourLists.mergeIntoBlocks(step.fragments(0, null), layout);
        lists = cache(input.caches(), lists, input.listsLevel(), description.apply(0), timer);
        for (int s = 1; s < steps; s++) {
            lists = replace(input.caches(), lists, NeighbourLists.mergeIntoLists(lists, step.fragments(s, lists), layout),
                    input.listsLevel(), description.apply(s), timer);
        }
        return lists;
    }
}
