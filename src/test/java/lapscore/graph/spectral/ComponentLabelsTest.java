package lapscore.graph.spectral;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import lapscore.data.CacheScope;
import lapscore.graph.WeightedGraph;
import lapscore.graph.edges.Edge;
import lapscore.graph.search.KnnMethod;
import lapscore.graph.search.approximate.ForestSettings;
import lapscore.graph.spec.KnnGraph;
import lapscore.testkit.BuiltGraphs;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Row;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The component labels, in one task (union-find) and distributed (label propagation by block pair),
 * against a breadth-first search over the graph's edge list: two chains of points on a line, far
 * apart, their rows shuffled, so that a chain crosses the blocks many times and the propagation
 * takes several rounds.
 */
class ComponentLabelsTest {

    @ParameterizedTest(name = "blockSize={0}")
    @ValueSource(ints = {0, 11})
    void everyRowIsLabelledByTheSmallestRowOfItsComponent(int blockSize) {
        int rows = 55;
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            order.add(i);
        }
        Collections.shuffle(order, new Random(4));
        double[][] data = new double[rows][];
        for (int i = 0; i < rows; i++) {
            int point = order.get(i);
            data[i] = new double[]{point < 30 ? point : 1000 + point, 0.1 * (point % 3)};
        }
        KnnGraph spec = new KnnGraph(2, KnnMethod.EXACT, new ForestSettings(4, 0, 0, 5, 0, 300, 1L),
                BuiltGraphs.settings("euclidean", "heat", Double.NaN, false, blockSize));
        try (WeightedGraph graph = BuiltGraphs.of(SparkTestSession.denseFrame(data, 3), spec);
             CacheScope caches = new CacheScope()) {
            long[] expected = byBreadthFirstSearch(graph.edges().collectAsList(), rows);
            assertEquals(2, Arrays.stream(expected).distinct().count(), "the test graph has two components");
            List<List<Edge>> edgesByPair = graph.edgesByBlockPair().glom().collect();
            List<BlockColumns> taskLabels = ComponentLabels.inTask(graph.layout(), graph.weighting(), edgesByPair);
            JavaRDD<BlockColumns> distributedLabels = ComponentLabels.distributed(graph, caches);
            assertArrayEquals(expected, flattened(taskLabels, rows), "union-find in one task");
            assertArrayEquals(expected, flattened(distributedLabels.collect(), rows), "label propagation by block pair");
            long[] roots = Arrays.stream(expected).distinct().sorted().toArray();
            ComponentLabels.Roots inTask = new TaskColumns(graph.layout(), graph.weighting(), edgesByPair, List.of())
                    .roots(taskLabels, 5);
            ComponentLabels.Roots distributed = new DistributedColumns(graph, caches).roots(distributedLabels, 1);
            assertEquals(2, inTask.count());
            assertEquals(2, distributed.count());
            assertArrayEquals(roots, inTask.smallest(), "both labels, ascending");
            assertArrayEquals(new long[]{roots[0]}, distributed.smallest(), "the smallest label kept");
        }
    }

    /** Every row's smallest row id of its component, by breadth-first search over the edges of positive weight. */
    private static long[] byBreadthFirstSearch(List<Row> edges, int rows) {
        List<List<Integer>> neighbours = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            neighbours.add(new ArrayList<>());
        }
        for (Row edge : edges) {
            if (edge.getDouble(3) > 0) {
                int src = (int) edge.getLong(0);
                int dst = (int) edge.getLong(1);
                neighbours.get(src).add(dst);
                neighbours.get(dst).add(src);
            }
        }
        long[] labels = new long[rows];
        Arrays.fill(labels, -1);
        for (int start = 0; start < rows; start++) {
            if (labels[start] >= 0) {
                continue;
            }
            ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(start));
            labels[start] = start;
            while (!queue.isEmpty()) {
                for (int next : neighbours.get(queue.poll())) {
                    if (labels[next] < 0) {
                        labels[next] = start;
                        queue.add(next);
                    }
                }
            }
        }
        return labels;
    }

    private static long[] flattened(List<BlockColumns> blocks, int rows) {
        long[] labels = new long[rows];
        for (BlockColumns block : blocks) {
            for (int i = 0; i < block.rows(); i++) {
                labels[(int) block.firstRow() + i] = (long) block.get(i, 0);
            }
        }
        return labels;
    }
}
