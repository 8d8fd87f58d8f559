package io.github.lapscore.graph.search;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

import io.github.lapscore.progress.Stage;
import io.github.lapscore.progress.StageTimer;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.storage.StorageLevel;

/**
 * Runs the steps of a neighbour search (waves of block pairs, trees of a forest) as one Spark job
 * each, under its own description so the Spark UI shows progress, then merges every step's
 * candidate fragments into one list per block with a single shuffle. Driver memory is O(steps).
 */
final class SearchSteps {

    private SearchSteps() {
    }

    /**
     * Caches {@code next}, lists derived from {@code previous}, by counting them as one step
     * described by {@code description}, and releases {@code previous}; {@code next} too when the step
     * fails.
     */
    static JavaPairRDD<Long, NeighbourLists> replace(JavaPairRDD<Long, NeighbourLists> previous,
                                                     JavaPairRDD<Long, NeighbourLists> next, String description, StageTimer timer) {
        JavaPairRDD<Long, NeighbourLists> cached = next.persist(StorageLevel.MEMORY_AND_DISK());
        try {
            timer.run(Stage.GRAPH, description, cached::count);
        } catch (Throwable failed) {
            cached.unpersist(false);
            throw failed;
        } finally {
            previous.unpersist(false);
        }
        return cached;
    }

    /**
     * {@code step.apply(s)} gives the fragments of step s (keyed by the first row of their block of
     * {@code input}'s layout), {@code description.apply(s)} its job description.
     */
    static JavaPairRDD<Long, NeighbourLists> runAndMerge(SearchInput input, int steps,
                                                         IntFunction<JavaPairRDD<Long, NeighbourLists>> step,
                                                         IntFunction<String> description, String mergeDescription,
                                                         StageTimer timer) {
        List<JavaPairRDD<Long, NeighbourLists>> partials = new ArrayList<>(steps);
        try {
            for (int s = 0; s < steps; s++) {
                JavaPairRDD<Long, NeighbourLists> partial = step.apply(s).persist(StorageLevel.MEMORY_AND_DISK());
                partials.add(partial);
                timer.run(Stage.GRAPH, description.apply(s), partial::count);
            }
            @SuppressWarnings("unchecked")
            JavaPairRDD<Long, NeighbourLists>[] stepResults = partials.toArray(new JavaPairRDD[0]);
            JavaPairRDD<Long, NeighbourLists> merged = NeighbourLists.mergeIntoBlocks(
                    JavaSparkContext.fromSparkContext(input.blocks().context()).union(stepResults), input.layout())
                    .persist(StorageLevel.MEMORY_AND_DISK());
            try {
                timer.run(Stage.GRAPH, mergeDescription, merged::count);
            } catch (Throwable failed) {
                merged.unpersist(false);
                throw failed;
            }
            return merged;
        } finally {
            partials.forEach(partial -> partial.unpersist(false));
        }
    }
}
