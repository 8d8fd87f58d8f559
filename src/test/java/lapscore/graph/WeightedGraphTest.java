package lapscore.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import lapscore.graph.search.KnnMethod;
import lapscore.graph.search.approximate.ForestSettings;
import lapscore.graph.spec.GraphSpec;
import lapscore.graph.spec.KnnGraph;
import lapscore.testkit.BuiltGraphs;
import lapscore.testkit.DenseLaplacianReference;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.sql.Row;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The public edge list is exactly the reference graph: same edges, distances and weights, each edge once. */
class WeightedGraphTest {

    @ParameterizedTest(name = "m={0} k={1} blockSize={2} {3} {4} selfLoops={5}")
    @CsvSource({
            "90, 4, 0, euclidean, heat, false",
            "130, 6, 16, euclidean, heat, true",
            "130, 6, 30, cosine, cosine, false",
            "75, 74, 20, euclidean, binary, false"})
    void edgesMatchTheReferenceGraph(int rows, int k, int blockSize, String measure, String kernel, boolean selfLoops) {
        double[][] data = SparkTestSession.clusteredData(rows, 5, rows + k);
        GraphSpec spec = new KnnGraph(k, KnnMethod.AUTO, new ForestSettings(4, 0, 0, 5, 0, 300, 1L),
                BuiltGraphs.settings(measure, kernel, Double.NaN, selfLoops, blockSize));
        try (WeightedGraph graph = BuiltGraphs.of(SparkTestSession.denseFrame(data, 3), spec)) {
            DenseLaplacianReference reference = new DenseLaplacianReference(data, k, measure, kernel, Double.NaN, selfLoops);
            List<Row> edges = graph.edges().collectAsList();
            boolean[][] seen = new boolean[rows][rows];
            long expectedEdges = 0;
            for (int i = 0; i < rows; i++) {
                for (int j = i + 1; j < rows; j++) {
                    expectedEdges += reference.adjacency[i][j] ? 1 : 0;
                }
            }
            for (Row edge : edges) {
                int src = (int) edge.getLong(0);
                int dst = (int) edge.getLong(1);
                assertTrue(src <= dst, "src <= dst");
                assertTrue(!seen[src][dst], "edge stored once");
                seen[src][dst] = true;
                if (src == dst) {
                    assertTrue(selfLoops);
                    assertEquals(1.0, edge.getDouble(3));
                    continue;
                }
                assertTrue(reference.adjacency[src][dst], "edge " + src + "-" + dst + " is in the reference graph");
                assertEquals(Math.sqrt(reference.squaredDistances[src][dst]), edge.getDouble(2), 1e-12);
                assertEquals(reference.weights[src][dst], edge.getDouble(3), 1e-12);
            }
            assertEquals(expectedEdges + (selfLoops ? rows : 0), edges.size());
            assertEquals(expectedEdges, graph.statistics().numEdges());
            assertEquals(selfLoops ? rows : 0, graph.statistics().numSelfLoops());
            assertEquals(0, graph.statistics().isolatedRows());
        }
    }
}
