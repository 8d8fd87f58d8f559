package io.github.lapscore.graph.search.approximate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.github.lapscore.data.CacheScope;
import io.github.lapscore.data.IndexedRows;
import io.github.lapscore.data.RowSummary;
import io.github.lapscore.data.blocks.PreparedRows;
import io.github.lapscore.graph.WeightedGraph;
import io.github.lapscore.graph.distance.DistanceMeasure;
import io.github.lapscore.graph.search.KnnMethod;
import io.github.lapscore.graph.search.SearchInput;
import io.github.lapscore.graph.spec.GraphSpec;
import io.github.lapscore.graph.spec.KnnGraph;
import io.github.lapscore.progress.Stage;
import io.github.lapscore.progress.StageListener;
import io.github.lapscore.progress.StageTimer;
import io.github.lapscore.progress.StepNames;
import io.github.lapscore.progress.TaskRowsListener;
import io.github.lapscore.testkit.BruteForceRecall;
import io.github.lapscore.testkit.BuiltGraphs;
import io.github.lapscore.testkit.FaultInjection;
import io.github.lapscore.testkit.NeighbourEntries;
import io.github.lapscore.testkit.SparkTestSession;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/**
 * The search in locality cells: with a task bound far below the number of rows, every task holds at
 * most that many rows (counted by the tasks), the graph still finds the neighbours (recall by brute
 * force from the edges), and it is the same graph, bit for bit, whatever the partitioning, the
 * tasks that fail and are retried, or whether the rows are read in place or shipped.
 */
class BoundedTasksTest {

    private static final int ROWS = 2000;
    private static final int K = 5;
    private static final int MAX_ROWS_PER_TASK = 400;
    private static final double[][] DATA = SparkTestSession.clusteredData(ROWS, 10, 21L);
    /** For the comparisons, which search several times: 800 rows in cells of 25, at most 200 rows per task. */
    private static final double[][] SMALL = Arrays.copyOf(DATA, 800);
    private static final int SMALL_MAX_ROWS_PER_TASK = 200;

    /** k = 5 (K = 15), 4 trees, leaves of at most half the bound, {@code maxRowsPerTask}, {@code rounds} rounds. */
    private static GraphSpec boundedSearch(int rounds, int maxRowsPerTask) {
        return new KnnGraph(K, KnnMethod.APPROXIMATE, new ForestSettings(4, 0, 0, rounds, maxRowsPerTask, 300, 7L),
                BuiltGraphs.settings("euclidean", "heat", Double.NaN, false, 0));
    }

    @Test
    void everyTaskHoldsAtMostTheBoundAndTheNeighboursAreFound() throws Exception {
        SparkContext context = SparkTestSession.spark().sparkContext();
        TaskRowsListener listener = new TaskRowsListener();
        context.addSparkListener(listener);
        List<Row> edges;
        try (WeightedGraph graph = BuiltGraphs.of(SparkTestSession.denseFrame(DATA, 3), boundedSearch(5, MAX_ROWS_PER_TASK))) {
            edges = graph.edges().collectAsList();
            context.listenerBus().waitUntilEmpty();
        } finally {
            context.removeSparkListener(listener);
        }
        assertTrue(listener.mostRows() > 0, "the tasks recorded the rows they held");
        assertTrue(listener.mostRows() <= MAX_ROWS_PER_TASK, "most rows one task held: " + listener.mostRows());
        BruteForceRecall recall = BruteForceRecall.of(DATA, edges, K);
        assertTrue(recall.recall() >= 0.9, "cells of 50 rows and batches of at most 400 find the 5 nearest: " + recall);
    }

    /**
     * The batches copy the rows they name from the cells' points, embedded once and cached, in local
     * mode, and screen them on the cells' points rounded once to single precision, or have them
     * shipped by shuffles as on a cluster: the same lists, bit for bit; and the same again when the
     * storage memory holds the cells and the lists but not the rounded points, which each batch
     * then rounds for itself, and when it holds the cells but not the lists beside them, which then
     * stay on disk.
     */
    @Test
    void theListsAreTheSameWhetherTheRowsAreReadInPlaceOrShipped() {
        List<String> steps = new ArrayList<>();
        StageListener listener = (stage, description, seconds) -> {
            if (description.contains(StepNames.CELL_POINTS) || description.contains(StepNames.CELL_ROUNDED)) {
                steps.add(description.contains(StepNames.CELL_ROUNDED) ? "rounded"
                        : description.contains(StepNames.LISTS_ON_DISK) ? "embedded, lists on disk" : "embedded");
            }
        };
        StageTimer.addListener(listener);
        try {
            List<String> inPlace = listsOf(ApproximateKnnSearch.Sharing.asMemoryAllows(SparkTestSession.spark().sparkContext()));
            assertEquals(List.of("embedded", "rounded"), steps, "the cells were embedded and rounded once, to be read in place");
            List<String> shipped = listsOf(ApproximateKnnSearch.Sharing.SHIPPED);
            assertEquals(2, steps.size(), "shipped rows need no embedded cells: " + steps);
            int dims = SMALL[0].length;
            int listSize = 3 * K;
            long cellsAndLists = SMALL.length * (8L * dims + 44 + 66L * listSize + 40);
            assertTrue(SharedRows.listsFitBeside(cellsAndLists, SMALL.length, dims, listSize, true)
                    && !SharedRows.roundedFit(cellsAndLists, SMALL.length, dims, listSize, true));
            List<String> roundedPerBatch = listsOf(new ApproximateKnnSearch.Sharing(true, cellsAndLists));
            assertEquals(List.of("embedded", "rounded", "embedded"), steps, "embedded again, not rounded");
            long cellsOnly = 2L * SMALL.length * (8 * dims + 44);
            assertTrue(SharedRows.pointsFit(cellsOnly, SMALL.length, dims, true)
                    && !SharedRows.listsFitBeside(cellsOnly, SMALL.length, dims, K, true));
            List<String> listsOnDisk = listsOf(new ApproximateKnnSearch.Sharing(true, cellsOnly));
            assertEquals(List.of("embedded", "rounded", "embedded", "embedded, lists on disk"), steps, "the lists stay on disk");
            assertEquals(800 * K, inPlace.size(), "k neighbours per row");
            assertEquals(inPlace, shipped);
            assertEquals(inPlace, roundedPerBatch);
            assertEquals(inPlace, listsOnDisk);
        } finally {
            StageTimer.removeListener(listener);
        }
    }

    /** Every entry of every row's list ({@link NeighbourEntries}), from a search in cells of 25 rows, 2 rounds. */
    private static List<String> listsOf(ApproximateKnnSearch.Sharing sharing) {
        try (CacheScope caches = new CacheScope()) {
            IndexedRows indexed = IndexedRows.of(SparkTestSession.denseFrame(SMALL, 3), "features", null, caches);
            StageTimer timer = new StageTimer(SparkTestSession.spark().sparkContext(), "bounded tasks");
            PreparedRows rows = PreparedRows.of(indexed, RowSummary.of(indexed), 0, SMALL_MAX_ROWS_PER_TASK / 2, false, timer,
                    Stage.GRAPH);
            SearchInput input = SearchInput.of(rows, DistanceMeasure.EUCLIDEAN, DistanceMeasure.EUCLIDEAN.centre(rows.centres()), true);
            return NeighbourEntries.of(ApproximateKnnSearch.run(input, new SearchSettings(K, new ForestSettings(4, 0, 0, 2,
                    SMALL_MAX_ROWS_PER_TASK, 0, 7L)), timer, sharing));
        }
    }

    @Test
    void aBoundBelowFourListsIsRefused() {
        GraphSpec tooSmall = new KnnGraph(K, KnnMethod.APPROXIMATE, new ForestSettings(4, 0, 0, 5, 4 * 15 - 1, 300, 7L),
                BuiltGraphs.settings("euclidean", "heat", Double.NaN, false, 0));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> BuiltGraphs.of(SparkTestSession.denseFrame(SMALL, 2), tooSmall).close());
        assertTrue(refused.getMessage().startsWith("maxRowsPerTask 59 must be at least 4 x 15"), refused.getMessage());
        assertFalse(refused.getMessage().contains("\n"), "one line: " + refused.getMessage());
    }

    @Test
    void theGraphDoesNotDependOnPartitionsOrRetries() {
        List<Row> twoPartitions = edgesOf(2);
        assertEquals(twoPartitions, edgesOf(7), "the same edges from 2 and 7 input partitions");
        FaultInjection.Injected<List<Row>> retried = FaultInjection.during(() -> edgesOf(2));
        assertTrue(retried.failuresByJob().entrySet().stream().anyMatch(failed -> failed.getKey().contains(StepNames.REFINEMENT)
                && failed.getValue() > 0), "tasks of the rounds failed and were retried: " + retried.failuresByJob());
        assertEquals(twoPartitions, retried.result(), "the same edges when tasks fail and are retried");
    }

    private static List<Row> edgesOf(int partitions) {
        GraphSpec spec = boundedSearch(2, SMALL_MAX_ROWS_PER_TASK);
        try (WeightedGraph graph = BuiltGraphs.of(SparkTestSession.denseFrame(SMALL, partitions), spec)) {
            return graph.edges().orderBy("src", "dst").collectAsList();
        }
    }
}
