package lapscore.graph.search;

import java.util.function.IntFunction;

import lapscore.data.CacheScope;
import lapscore.data.blocks.BlockLayout;
import lapscore.progress.Stage;
import lapscore.progress.StageTimer;
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
        JavaPairRDD<Long, NeighbourLists> cached = caches.persistAndForgetLineage(next, StorageLevel.MEMORY_AND_DISK());
        timer.run(Stage.GRAPH, description, cached::count);
        caches.release(previous);
        return cached;
    }

    /** One step of a search: its candidate fragments, keyed by the first row of their block. */
    @FunctionalInterface
    public interface Step {
        /**
         * The fragments of step {@code step}, which may read {@code before}, the ceilings of the
         * lists of the steps before it ({@link ListCeilings#NONE} for the first), to offer only what
         * can still enter them.
         */
        JavaPairRDD<Long, NeighbourLists> fragments(int step, ListCeilings before);
    }

    /**
     * {@code step} gives the fragments of step s (keyed by the first row of their block of
     * {@code layout}), {@code description.apply(s)} its job description. Each step is one job
     * that shuffles its fragments to their blocks and merges them there into the lists of the steps
     * before ({@link NeighbourLists#mergeIntoLists}); each step's lists are cached in {@code caches}
     * and replace the step before's, so that memory and
     * disk hold two steps' lists and one step's shuffle at most, however many steps there are. The
     * job of a step before the last also caches the ceilings of its lists ({@link ListCeilings}),
     * from the lists as it makes them, for the next step to read instead of the lists; when a step
     * fails, what it and the step before cached stays with the scope's owner.
     */
    public static JavaPairRDD<Long, NeighbourLists> runAndMerge(BlockLayout layout, CacheScope caches, int steps, Step step,
                                                                IntFunction<String> description, StageTimer timer) {
        JavaPairRDD<Long, NeighbourLists> lists = null;
        ListCeilings ceilings = ListCeilings.NONE;
        for (int s = 0; s < steps; s++) {
            JavaPairRDD<Long, NeighbourLists> fragments = step.fragments(s, ceilings);
            JavaPairRDD<Long, NeighbourLists> next = caches.persistAndForgetLineage(lists == null
                    ? NeighbourLists.mergeIntoBlocks(fragments, layout)
                    : NeighbourLists.mergeIntoLists(lists, fragments, layout), StorageLevel.MEMORY_AND_DISK());
            ListCeilings nextCeilings = s + 1 < steps ? ListCeilings.of(caches, next) : ListCeilings.NONE;
            timer.run(Stage.GRAPH, description.apply(s), s + 1 < steps ? nextCeilings::count : next::count);
            if (lists != null) {
                caches.release(lists);
            }
            ceilings.release(caches);
            lists = next;
            ceilings = nextCeilings;
        }
        return lists;
    }
}
