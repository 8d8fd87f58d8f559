package io.github.lapscore.graph.search;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

import io.github.lapscore.data.CacheScope;
import io.github.lapscore.progress.Stage;
import io.github.lapscore.progress.StageTimer;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * Runs the steps of a neighbour search (waves of block pairs, trees of a forest) as one Spark job
 * each, under its own description so the Spark UI shows progress, then merges every step's
 * candidate fragments into one list per block with a single shuffle. Driver memory is O(steps).
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
        JavaPairRDD<Long, NeighbourLists> cached = caches.persistAndForgetLineage(next);
        timer.run(Stage.GRAPH, description, cached::count);
        caches.release(previous);
        return cached;
    }

    /**
     * {@code step.apply(s)} gives the fragments of step s (keyed by the first row of their block of
     * {@code input}'s layout), {@code description.apply(s)} its job description. Every step's
     * fragments and the merged lists are cached in {@code input}'s scope, at its
     * {@link SearchInput#listsLevel}; the fragments are released
     * once the merged lists are counted, and the merged lists forget their lineage
     * ({@link CacheScope#persistAndForgetLineage}), so the steps' shuffles can go.
     */
    public static JavaPairRDD<Long, NeighbourLists> runAndMerge(SearchInput input, int steps,
                                                         IntFunction<JavaPairRDD<Long, NeighbourLists>> step,
                                                         IntFunction<String> description, String mergeDescription,
                                                         StageTimer timer) {
        CacheScope caches = input.caches();
        List<JavaPairRDD<Long, NeighbourLists>> partials = new ArrayList<>(steps);
        for (int s = 0; s < steps; s++) {
            JavaPairRDD<Long, NeighbourLists> partial = caches.persist(step.apply(s), input.listsLevel());
            partials.add(partial);
            timer.run(Stage.GRAPH, description.apply(s), partial::count);
        }
        @SuppressWarnings("unchecked")
        JavaPairRDD<Long, NeighbourLists>[] stepResults = partials.toArray(new JavaPairRDD[0]);
        JavaPairRDD<Long, NeighbourLists> merged = caches.persistAndForgetLineage(NeighbourLists.mergeIntoBlocks(
                JavaSparkContext.fromSparkContext(input.blocks().context()).union(stepResults), input.layout()),
                input.listsLevel());
        timer.run(Stage.GRAPH, mergeDescription, merged::count);
        partials.forEach(caches::release);
        return merged;
    }
}
