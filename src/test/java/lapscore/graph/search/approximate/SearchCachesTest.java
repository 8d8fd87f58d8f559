package lapscore.graph.search.approximate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

import lapscore.data.CacheScope;
import lapscore.data.IndexedRows;
import lapscore.data.RowSummary;
import lapscore.data.blocks.PreparedRows;
import lapscore.graph.distance.DistanceMeasure;
import lapscore.graph.search.ExactKnnSearch;
import lapscore.graph.search.NeighbourLists;
import lapscore.graph.search.SearchInput;
import lapscore.progress.Stage;
import lapscore.progress.StageListener;
import lapscore.progress.StageTimer;
import lapscore.progress.StepNames;
import lapscore.testkit.Caches;
import lapscore.testkit.Lineage;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Each search caches in the scope its input carries and releases every step's data as soon as the
 * next step has counted its own: once it returns, the only data it left cached is its result, whose
 * lineage holds none of the steps' shuffles, and closing the scope releases that and the rows.
 */
class SearchCachesTest {

    private static final int K = 6;
    private static final double[][] DATA = SparkTestSession.clusteredData(600, 5, 37L);

    /** The searches, each with its every step: waves, trees, cells, rounds, truncation to k and renaming to input ids. */
    enum Search {
        EXACT(input -> ExactKnnSearch.run(input, K, timer())),
        APPROXIMATE_IN_ONE_CELL_PER_CORE_LONGER_LISTS(input -> ApproximateKnnSearch.run(input,
                new SearchSettings(K, new ForestSettings(3, 50, 3 * K, 2, 0, 0, 6L)), timer())),
        APPROXIMATE_IN_CELLS(input -> ApproximateKnnSearch.run(input,
                new SearchSettings(K, new ForestSettings(3, 0, 2 * K, 2, 160, 0, 6L)), timer()));

        final Function<SearchInput, JavaPairRDD<Long, NeighbourLists>> run;

        Search(Function<SearchInput, JavaPairRDD<Long, NeighbourLists>> run) {
            this.run = run;
        }
    }

    private static StageTimer timer() {
        return new StageTimer(SparkTestSession.spark().sparkContext(), "search caches");
    }

    private static Set<Integer> persistedRdds() {
        return new TreeSet<>(JavaSparkContext.fromSparkContext(SparkTestSession.spark().sparkContext()).getPersistentRDDs().keySet());
    }

    @ParameterizedTest
    @EnumSource(Search.class)
    void aSearchLeavesOnlyItsResultCachedInItsInputsScope(Search search) {
        Caches.leavesNothingCached(search + " and its scope", () -> {
            try (CacheScope caches = new CacheScope()) {
                IndexedRows indexed = IndexedRows.of(SparkTestSession.denseFrame(DATA, 3), "features", null, caches);
                PreparedRows rows = PreparedRows.of(indexed, RowSummary.of(indexed), 100, Integer.MAX_VALUE, false, timer(), Stage.GRAPH);
                SearchInput input = SearchInput.of(rows, DistanceMeasure.EUCLIDEAN, DistanceMeasure.EUCLIDEAN.centre(rows.centres()), false);
                Set<Integer> before = persistedRdds();
                List<String> heldShuffles = new ArrayList<>();
                StageListener afterEachTree = (stage, description, seconds) -> {
                    if (description.contains(StepNames.TREE)) {
                        JavaSparkContext.fromSparkContext(SparkTestSession.spark().sparkContext()).getPersistentRDDs()
                                .forEach((id, rdd) -> {
                                    if (!before.contains(id) && Lineage.shufflesBehind(rdd.rdd()) > 0) {
                                        heldShuffles.add(rdd.toDebugString());
                                    }
                                });
                    }
                };
                StageTimer.addListener(afterEachTree);
                JavaPairRDD<Long, NeighbourLists> result;
                try {
                    result = search.run.apply(input);
                } finally {
                    StageTimer.removeListener(afterEachTree);
                }
                if (search != Search.EXACT) {
                    assertEquals(List.of(), heldShuffles,
                            search + ": what the search holds cached while its trees run (the cells, their ids, the lists)"
                                    + " forgot the shuffles that made it, so Spark may delete their files");
                }
                Set<Integer> expected = new TreeSet<>(before);
                expected.add(result.id());
                assertEquals(expected, persistedRdds(), search + ": the rows' blocks and the result");
                assertEquals(0, Lineage.shufflesBehind(result.rdd()),
                        search + ": the result forgot its steps' shuffles, so Spark may delete their files");
                long entries = result.values().map(lists -> {
                    long count = 0;
                    for (int row = 0; row < lists.rows(); row++) {
                        count += lists.count(row);
                    }
                    return count;
                }).reduce(Long::sum);
                assertEquals(DATA.length * (long) K, entries, search + ": k neighbours for every row");
            }
            return null;
        });
    }
}
