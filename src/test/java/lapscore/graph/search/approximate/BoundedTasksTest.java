package lapscore.graph.search.approximate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import lapscore.graph.WeightedGraph;
import lapscore.graph.search.KnnMethod;
import lapscore.graph.spec.GraphSpec;
import lapscore.graph.spec.KnnGraph;
import lapscore.progress.StepNames;
import lapscore.terminal.TaskRowsListener;
import lapscore.testkit.BruteForceRecall;
import lapscore.testkit.BuiltGraphs;
import lapscore.testkit.FaultInjection;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/**
 * The search in locality cells: with a task bound far below the number of rows, every task holds at
 * most that many rows (counted by the tasks), the graph still finds the neighbours (recall by brute
 * force from the edges), and it is the same graph, bit for bit, whatever the partitioning or the
 * tasks that fail and are retried.
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
