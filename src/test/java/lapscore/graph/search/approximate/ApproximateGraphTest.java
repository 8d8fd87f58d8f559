package lapscore.graph.search.approximate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import lapscore.data.CacheScope;
import lapscore.graph.WeightedGraph;
import lapscore.graph.distance.DistanceMeasure;
import lapscore.graph.kernel.RowEmbedding;
import lapscore.graph.search.KnnMethod;
import lapscore.graph.search.RecallSample;
import lapscore.graph.search.SearchInput;
import lapscore.graph.spec.GraphSpec;
import lapscore.graph.spec.KnnGraph;
import lapscore.selection.LaplacianScoreSelector;
import lapscore.selection.LaplacianScoreSelectorModel;
import lapscore.testkit.BruteForceRecall;
import lapscore.testkit.BuiltGraphs;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/** The approximate graph against the exact one, its recall estimate against brute force, determinism and skew. */
class ApproximateGraphTest {

    private static final double[][] DATA = SparkTestSession.clusteredData(3000, 10, 11L);

    private static LaplacianScoreSelector selector(String method) {
        return new LaplacianScoreSelector().setKnnMethod(method).setNumNeighbors(5).setNumTrees(6).setLeafSize(200)
                .setRecallSampleSize(300).setNumTopFeatures(4).setSeed(3L);
    }

    /** The approximate kNN graph of k = 5, Euclidean and heat kernel, searched by {@code forest}. */
    private static GraphSpec approximate(ForestSettings forest) {
        return new KnnGraph(5, KnnMethod.APPROXIMATE, forest, BuiltGraphs.settings("euclidean", "heat", Double.NaN, false, 0));
    }

    /**
     * Recall is computed by brute force from the approximate graph's edges; the library's own estimate, from
     * {@code recallSampleSize} = 300 rows, lies within sampling error of it.
     */
    @Test
    void approximateGraphAgreesWithExact() {
        LaplacianScoreSelectorModel exact = selector("exact").fit(SparkTestSession.denseFrame(DATA, 4));
        LaplacianScoreSelector approximateSelector = selector("approximate");
        WeightedGraph graph = approximateSelector.buildGraph(SparkTestSession.denseFrame(DATA, 4));
        LaplacianScoreSelectorModel approximate;
        List<Row> edges;
        try {
            approximate = approximateSelector.fitGraph(graph);
            edges = graph.edges().collectAsList();
        } finally {
            graph.unpersist();
        }
        assertEquals("approximate", approximate.summary().knnMethod());
        BruteForceRecall recall = BruteForceRecall.of(DATA, edges, 5);
        assertTrue(recall.recall() >= 0.9,
                "6 trees of 200-row leaves over 3000 rows in 3 clusters find at least 90% of the 5 nearest: " + recall);
        assertEquals(recall.recall(), approximate.summary().recall(), recall.samplingTolerance(300),
                "the library's estimate against brute force " + recall);
        assertArrayEquals(exact.selectedFeatures(), approximate.selectedFeatures());
        for (int feature = 0; feature < DATA[0].length; feature++) {
            assertEquals(exact.scores()[feature], approximate.scores()[feature], 0.02 * exact.scores()[feature],
                    "score of feature " + feature);
        }
        assertTrue(Double.isNaN(exact.summary().recall()), "the exact graph reports no estimate");
    }

    /**
     * On a deliberately weak search (2 trees of 100-row leaves, no NN-descent round), which misses about a third
     * of the neighbours, the library's estimate still lies within sampling error of the brute-force recall.
     */
    @Test
    void recallEstimateOfAWeakGraphAgreesWithBruteForce() {
        try (WeightedGraph graph = BuiltGraphs.of(SparkTestSession.denseFrame(DATA, 4), approximate(new ForestSettings(2, 100, 0, 0, 0,
                300, 3L)))) {
            BruteForceRecall recall = BruteForceRecall.of(DATA, graph.edges().collectAsList(), 5);
            assertTrue(recall.recall() < 0.9, "the weak search misses neighbours: " + recall);
            assertEquals(recall.recall(), graph.statistics().recall(), recall.samplingTolerance(300),
                    "the library's estimate against brute force " + recall);
        }
    }

    /** Trees left to the search (0) are four on 3000 rows: the same edges as four trees set by hand, not those of five. */
    @Test
    void treesLeftToTheSearchAreFourOnSmallData() {
        List<Row> chosen = edgesOf(new ForestSettings(0, 100, 0, 0, 0, 0, 3L));
        assertEquals(edgesOf(new ForestSettings(4, 100, 0, 0, 0, 0, 3L)), chosen);
        assertNotEquals(edgesOf(new ForestSettings(5, 100, 0, 0, 0, 0, 3L)), chosen, "a fifth tree changes the edges");
    }

    private static List<Row> edgesOf(ForestSettings forest) {
        try (WeightedGraph graph = BuiltGraphs.of(SparkTestSession.denseFrame(DATA, 4), approximate(forest))) {
            return graph.edges().collectAsList();
        }
    }

    @Test
    void dataThatFitsInOneLeafGetsTheExactGraph() {
        double[][] small = Arrays.copyOf(DATA, 150);
        LaplacianScoreSelectorModel exact = selector("exact").fit(SparkTestSession.denseFrame(small, 2));
        LaplacianScoreSelectorModel approximate = selector("approximate").fit(SparkTestSession.denseFrame(small, 2));
        assertEquals(1.0, approximate.summary().recall(), "one leaf of 150 rows compares every pair");
        assertArrayEquals(exact.scores(), approximate.scores(), 1e-12);
    }

    @Test
    void autoIsExactForSmallData() {
        LaplacianScoreSelectorModel auto = selector("auto").fit(SparkTestSession.denseFrame(DATA, 2));
        assertEquals("exact", auto.summary().knnMethod());
    }

    @Test
    void recallEstimateMatchesBruteForce() {
        double[][] data = Arrays.copyOf(DATA, 500);
        int k = 5;
        try (WeightedGraph graph = BuiltGraphs.of(SparkTestSession.denseFrame(data, 3), approximate(new ForestSettings(6, 200, 0, 5, 0,
                300, 3L)));
             CacheScope caches = new CacheScope()) {
            SearchInput input = new SearchInput(graph.blocks(), graph.layout(),
                    new RowEmbedding(data[0].length, DistanceMeasure.EUCLIDEAN, graph.featureMeans(), true), caches);
            RecallSample sample = RecallSample.draw(input, k, 40, 9L);
            long[] ids = sample.ids();
            assertEquals(40, ids.length);
            Map<Long, double[]> approximate = new HashMap<>();
            long found = 0;
            for (int s = 0; s < ids.length; s++) {
                int row = (int) ids[s];
                assertArrayEquals(data[row], sample.vector(s).toArray(), "sampled vector is the row with that id");
                double[] sorted = bruteForceDistances(data, row);
                int replaced = s % (k + 1);
                double[] claimed = new double[k];
                for (int n = 0; n < k; n++) {
                    claimed[n] = n < k - replaced ? sorted[n] : sorted[k + 10 + n];
                }
                approximate.put(ids[s], claimed);
                for (double distance : claimed) {
                    found += distance <= sorted[k - 1] ? 1 : 0;
                }
            }
            assertEquals((double) found / (40 * k), sample.recallOf(approximate), 1e-12);
        }
    }

    /** Distances from {@code row} to every other row, ascending, computed plainly. */
    private static double[] bruteForceDistances(double[][] data, int row) {
        double[] distances = new double[data.length - 1];
        int n = 0;
        for (int other = 0; other < data.length; other++) {
            if (other != row) {
                double sum = 0.0;
                for (int c = 0; c < data[row].length; c++) {
                    sum += (data[row][c] - data[other][c]) * (data[row][c] - data[other][c]);
                }
                distances[n++] = Math.sqrt(sum);
            }
        }
        Arrays.sort(distances);
        return distances;
    }

    @Test
    void sameSeedSameGraphAndScoresWhateverThePartitioningAndOnReRuns() {
        Built one = Built.of(1);
        for (int partitions : new int[]{7, 64, 1}) {
            Built other = Built.of(partitions);
            String layout = partitions == 1 ? "a re-run" : partitions + " partitions";
            assertEquals(one.edges(), other.edges(), layout + ": the same edges, distances and weights");
            assertEquals(one.model().summary().recall(), other.model().summary().recall(), 0.0, layout);
            assertArrayEquals(one.model().scores(), other.model().scores(), layout + ": the same scores to the last bit");
            assertArrayEquals(one.model().featureRanking(), other.model().featureRanking(), layout);
        }
    }

    /** The approximate graph of 1000 rows of {@link #DATA} in some partitions: its edges (the union of the neighbour lists) and its model. */
    private record Built(List<Row> edges, LaplacianScoreSelectorModel model) {
        static Built of(int partitions) {
            LaplacianScoreSelector selector = selector("approximate").setLeafSize(100);
            try (WeightedGraph graph = selector.buildGraph(SparkTestSession.denseFrame(Arrays.copyOf(DATA, 1000), partitions))) {
                return new Built(graph.edges().orderBy("src", "dst").collectAsList(), selector.fitGraph(graph));
            }
        }
    }

    @Test
    void duplicatesAndOneHugeClusterStayCorrect() {
        Random random = new Random(5);
        double[][] skewed = new double[2400][6];
        for (int i = 0; i < skewed.length; i++) {
            for (int c = 0; c < 6; c++) {
                if (i < 1200) {
                    skewed[i][c] = c == 0 ? 1.0 : 0.0;
                } else if (i < 2200) {
                    skewed[i][c] = 0.01 * random.nextGaussian();
                } else {
                    skewed[i][c] = 5.0 + random.nextGaussian();
                }
            }
        }
        LaplacianScoreSelector approximate = selector("approximate").setLeafSize(100);
        try (WeightedGraph graph = approximate.buildGraph(SparkTestSession.denseFrame(skewed, 3))) {
            long duplicatePairs = graph.edges().filter("src < 1200 and dst < 1200 and distance = 0.0").count();
            assertTrue(duplicatePairs >= 1200L * 5 / 2, "every duplicate row is joined to 5 copies of itself: " + duplicatePairs);
            assertTrue(graph.statistics().recall() >= 0.9, "recall " + graph.statistics().recall());
            LaplacianScoreSelectorModel model = approximate.fitGraph(graph);
            LaplacianScoreSelectorModel exact = selector("exact").fit(SparkTestSession.denseFrame(skewed, 3));
            for (int feature = 0; feature < 6; feature++) {
                assertEquals(exact.scores()[feature], model.scores()[feature], 0.05 * exact.scores()[feature],
                        "score of feature " + feature);
            }
        }
    }
}
