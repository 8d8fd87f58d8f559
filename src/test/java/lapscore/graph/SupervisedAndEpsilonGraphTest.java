package lapscore.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;

import lapscore.graph.search.KnnMethod;
import lapscore.graph.spec.EpsilonGraph;
import lapscore.graph.spec.GraphSpec;
import lapscore.graph.spec.KnnWithinClassGraph;
import lapscore.progress.StepNames;
import lapscore.selection.LaplacianScoreSelector;
import lapscore.selection.LaplacianScoreSelectorModel;
import lapscore.selection.base.FitSummary;
import lapscore.testkit.BuiltGraphs;
import lapscore.testkit.ClassLabels;
import lapscore.testkit.DenseDistances;
import lapscore.testkit.DenseLaplacianReference;
import lapscore.testkit.LabeledFrames;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The kNN graph within classes and the epsilon graph against brute-force graphs built here
 * (every pair measured, neighbours found by sorting), and the Laplacian Scores on them against eq. 1
 * evaluated with dense matrices.
 */
class SupervisedAndEpsilonGraphTest {

    private static final int K = 4;
    /** A class of one row (isolated without self-loops) and one of fewer than k + 1 rows. */
    private static final int[] CLASS_SIZES = {1, 3, 30, 46};
    private static final int[] CLASSES;
    private static final double[][] LABELLED;

    /** Clustered rows and four far outliers, which no moderate radius reaches. */
    private static final double[][] SPREAD;
    private static final int OUTLIERS = 4;

    static {
        Random random = new Random(23);
        CLASSES = ClassLabels.shuffled(CLASS_SIZES, random);
        int dims = 4;
        double[][] centres = new double[CLASS_SIZES.length][dims];
        for (double[] centre : centres) {
            for (int j = 0; j < dims; j++) {
                centre[j] = 2.0 * random.nextGaussian();
            }
        }
        LABELLED = new double[CLASSES.length][dims];
        for (int i = 0; i < CLASSES.length; i++) {
            for (int j = 0; j < dims; j++) {
                LABELLED[i][j] = centres[CLASSES[i]][j] + (0.5 + j % 3) * random.nextGaussian();
            }
        }

        double[][] clustered = SparkTestSession.clusteredData(66, 3, 29L);
        SPREAD = Arrays.copyOf(clustered, clustered.length + OUTLIERS);
        SPREAD[clustered.length] = new double[]{60, 0, 0};
        SPREAD[clustered.length + 1] = new double[]{0, 80, 0};
        SPREAD[clustered.length + 2] = new double[]{0, 0, 100};
        SPREAD[clustered.length + 3] = new double[]{-90, -90, -90};
    }

    /** The mean squared distance over all pairs of distinct rows, the automatic bandwidth. */
    private static double meanSquaredDistance(double[][] squared) {
        double sum = 0;
        for (double[] row : squared) {
            for (double value : row) {
                sum += value;
            }
        }
        return sum / ((double) squared.length * (squared.length - 1));
    }

    /** Dense weights of the adjacency {@code adjacent} (i != j) under {@code kernel}, plus unit self-loops when asked. */
    private static double[][] weights(boolean[][] adjacent, double[][] squared, String kernel, double bandwidth, boolean selfLoops) {
        int m = adjacent.length;
        double[][] w = new double[m][m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                if (adjacent[i][j]) {
                    w[i][j] = kernel.equals("heat") ? Math.exp(-squared[i][j] / bandwidth) : 1.0;
                }
            }
            if (selfLoops) {
                w[i][i] = 1.0;
            }
        }
        return w;
    }

    /** Rows that no other row is adjacent to. */
    private static int isolated(boolean[][] adjacent) {
        int count = 0;
        for (boolean[] row : adjacent) {
            boolean any = false;
            for (boolean edge : row) {
                any |= edge;
            }
            count += any ? 0 : 1;
        }
        return count;
    }

    /**
     * The edge list equals the reference: each unordered edge once with src &lt; dst, the same pairs,
     * distances within 1e-9 and weights within 1e-12 relative; self-loops (weight 1) exactly when asked.
     */
    private static void assertEdgesMatch(WeightedGraph graph, boolean[][] adjacent, double[][] w, double[][] squared,
                                         boolean selfLoops) {
        int m = adjacent.length;
        List<Row> edges = graph.edges().collectAsList();
        Set<Long> seen = new HashSet<>();
        long expectedEdges = 0;
        for (int i = 0; i < m; i++) {
            for (int j = i + 1; j < m; j++) {
                expectedEdges += adjacent[i][j] ? 1 : 0;
            }
        }
        long loops = 0;
        for (Row edge : edges) {
            int src = (int) edge.getLong(0);
            int dst = (int) edge.getLong(1);
            assertTrue(src <= dst, "src <= dst");
            assertTrue(seen.add((long) src * m + dst), "edge " + src + "-" + dst + " stored once");
            if (src == dst) {
                assertTrue(selfLoops, "self-loop only when asked");
                assertEquals(0.0, edge.getDouble(2));
                assertEquals(1.0, edge.getDouble(3));
                loops++;
                continue;
            }
            assertTrue(adjacent[src][dst], "edge " + src + "-" + dst + " is in the reference graph");
            double distance = Math.sqrt(squared[src][dst]);
            assertEquals(distance, edge.getDouble(2), 1e-9 * distance, "distance " + src + "-" + dst);
            assertEquals(w[src][dst], edge.getDouble(3), 1e-12 * w[src][dst], "weight " + src + "-" + dst);
        }
        assertEquals(expectedEdges, edges.size() - loops, "every reference edge is there");
        assertEquals(selfLoops ? m : 0, loops);
        assertEquals(expectedEdges, graph.statistics().numEdges());
        assertEquals(selfLoops ? m : 0, graph.statistics().numSelfLoops());
    }

    private static void assertScores(double[] expected, double[] actual, String message) {
        assertEquals(expected.length, actual.length);
        for (int r = 0; r < expected.length; r++) {
            assertTrue(Double.isFinite(expected[r]) && expected[r] > 0, "reference score must be finite and positive");
            assertEquals(expected[r], actual[r], 1e-9 * expected[r], message + ", feature " + r);
        }
    }

    // ---------------------------------------------------------------- kNN within classes

    /** For each row its k nearest rows of the same label (ties by row index), union symmetrised. */
    private static boolean[][] classKnnAdjacency(double[][] squared, int k) {
        int m = squared.length;
        boolean[][] adjacent = new boolean[m][m];
        for (int i = 0; i < m; i++) {
            final int row = i;
            Integer[] sameLabel = IntStream.range(0, m).filter(j -> j != row && CLASSES[j] == CLASSES[row])
                    .boxed().toArray(Integer[]::new);
            Arrays.sort(sameLabel, Comparator.<Integer>comparingDouble(j -> squared[row][j]).thenComparingInt(j -> j));
            for (int n = 0; n < Math.min(k, sameLabel.length); n++) {
                adjacent[i][sameLabel[n]] = true;
                adjacent[sameLabel[n]][i] = true;
            }
        }
        return adjacent;
    }

    @ParameterizedTest(name = "blockSize={0} selfLoops={1} partitions={2} alsoFit={3}")
    @CsvSource({"0, false, 3, true", "20, true, 2, false"})
    void classKnnGraphMatchesTheBruteForceGraph(int blockSize, boolean selfLoops, int partitions, boolean alsoFit) {
        double bandwidth = 3.0;
        LaplacianScoreSelector selector = new LaplacianScoreSelector().setGraphType("classKnn")
                .setLabelCol(LabeledFrames.LABEL).setNumNeighbors(K).setBandwidth(bandwidth)
                .setIncludeSelfLoops(selfLoops).setBlockSize(blockSize);
        Dataset<Row> frame = LabeledFrames.frame(LABELLED, LabeledFrames.doubles(CLASSES), DataTypes.DoubleType, partitions);

        double[][] squared = DenseDistances.squared(LABELLED);
        boolean[][] adjacent = classKnnAdjacency(squared, K);
        for (int i = 0; i < adjacent.length; i++) {
            for (int j = 0; j < adjacent.length; j++) {
                assertFalse(adjacent[i][j] && CLASSES[i] != CLASSES[j], "the reference joins rows of one label only");
            }
        }
        double[][] w = weights(adjacent, squared, "heat", bandwidth, selfLoops);
        double[] expected = DenseLaplacianReference.scoresOf(w, LABELLED, false);
        int isolated = selfLoops ? 0 : isolated(adjacent);
        assertEquals(selfLoops ? 0 : 1, isolated, "the class of one row has no neighbour");

        try (WeightedGraph graph = BuiltGraphs.of(frame, new KnnWithinClassGraph(K, KnnMethod.AUTO,
                BuiltGraphs.settings("euclidean", "heat", bandwidth, selfLoops, blockSize)))) {
            assertEdgesMatch(graph, adjacent, w, squared, selfLoops);
            assertEquals(isolated, graph.statistics().isolatedRows());
            assertEquals(CLASS_SIZES.length, graph.statistics().numClasses());
            assertEquals(bandwidth, graph.weighting().bandwidth());
            LaplacianScoreSelectorModel model = selector.fitGraph(graph);
            assertScores(expected, model.scores(), "fitGraph");
            FitSummary summary = model.summary();
            assertEquals("classKnn", summary.graphType());
            assertEquals(K, summary.numNeighbors());
            assertEquals(isolated, summary.isolatedRows());
            assertEquals(CLASS_SIZES.length, summary.numClasses());
        }
        if (alsoFit) {
            assertScores(expected, selector.fit(frame).scores(), "fit");
        }
    }

    // ---------------------------------------------------------------- epsilon graph

    /**
     * A radius halfway between two consecutive distinct pair distances near quantile {@code q} of the
     * clustered rows, so that no pair lies within rounding of it.
     */
    private static double radiusAt(double[][] squared, double q) {
        List<Double> distances = new ArrayList<>();
        for (int i = 0; i < squared.length - OUTLIERS; i++) {
            for (int j = i + 1; j < squared.length - OUTLIERS; j++) {
                distances.add(Math.sqrt(squared[i][j]));
            }
        }
        Collections.sort(distances);
        int n = (int) (q * distances.size());
        while (distances.get(n + 1) - distances.get(n) < 1e-6 * distances.get(n)) {
            n++;
        }
        return (distances.get(n) + distances.get(n + 1)) / 2;
    }

    private static boolean[][] epsilonAdjacency(double[][] squared, double radius) {
        int m = squared.length;
        boolean[][] adjacent = new boolean[m][m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                adjacent[i][j] = i != j && Math.sqrt(squared[i][j]) <= radius;
            }
        }
        return adjacent;
    }

    @ParameterizedTest(name = "{0} bandwidth={1} selfLoops={2} blockSize={3} quantile={4}")
    @CsvSource({
            "heat, 2.0, false, 0, 0.04",
            "heat, NaN, true, 16, 0.1",
            "binary, NaN, false, 25, 0.02"})
    void epsilonGraphMatchesTheBruteForceGraph(String kernel, double bandwidth, boolean selfLoops, int blockSize, double quantile) {
        double[][] squared = DenseDistances.squared(SPREAD);
        double radius = radiusAt(squared, quantile);
        boolean[][] adjacent = epsilonAdjacency(squared, radius);
        double t = kernel.equals("heat") && Double.isNaN(bandwidth) ? meanSquaredDistance(squared) : bandwidth;
        double[][] w = weights(adjacent, squared, kernel, t, selfLoops);
        double[] expected = DenseLaplacianReference.scoresOf(w, SPREAD, false);
        int isolated = isolated(adjacent);
        assertTrue(isolated >= OUTLIERS && isolated < SPREAD.length / 2, "some rows, the outliers among them, are isolated");

        try (WeightedGraph graph = BuiltGraphs.of(SparkTestSession.denseFrame(SPREAD, 3), new EpsilonGraph(radius, 20_000_000L, 1L,
                BuiltGraphs.settings("euclidean", kernel, bandwidth, selfLoops, blockSize)))) {
            assertEdgesMatch(graph, adjacent, w, squared, selfLoops);
            long expectedIsolated = selfLoops ? 0 : isolated;
            assertEquals(expectedIsolated, graph.statistics().isolatedRows());
            if (kernel.equals("heat")) {
                assertEquals(t, graph.weighting().bandwidth(), 1e-12 * t);
            }
            LaplacianScoreSelectorModel model = new LaplacianScoreSelector().fitGraph(graph);
            assertScores(expected, model.scores(), "epsilon graph");
            assertEquals(expectedIsolated, model.summary().isolatedRows(), "isolated rows in the summary");
            assertEquals("epsilon", model.summary().graphType());
            assertEquals(0, model.summary().numNeighbors());
        }
    }

    @Test
    void epsilonEdgesDoNotDependOnInputPartitioning() {
        double radius = radiusAt(DenseDistances.squared(SPREAD), 0.1);
        GraphSpec spec = new EpsilonGraph(radius, 20_000_000L, 1L, BuiltGraphs.settings("euclidean", "heat", Double.NaN, false, 20));
        List<List<Row>> edgeLists = new ArrayList<>();
        for (int partitions : new int[]{1, 4}) {
            try (WeightedGraph graph = BuiltGraphs.of(SparkTestSession.denseFrame(SPREAD, partitions), spec)) {
                List<Row> edges = new ArrayList<>(graph.edges().collectAsList());
                edges.sort(Comparator.<Row>comparingLong(row -> row.getLong(0)).thenComparingLong(row -> row.getLong(1)));
                edgeLists.add(edges);
            }
        }
        assertFalse(edgeLists.get(0).isEmpty());
        assertEquals(edgeLists.get(0), edgeLists.get(1), "same edges, distances and weights to the last bit");
    }

    // ---------------------------------------------------------------- refused radii

    /** Job descriptions seen by a listener, so that a test can tell which stages ran. */
    private static final class JobDescriptions extends SparkListener {
        static final String JOB_DESCRIPTION = "spark.job.description";
        final List<String> seen = new CopyOnWriteArrayList<>();

        @Override
        public void onJobStart(SparkListenerJobStart jobStart) {
            String description = jobStart.properties() == null ? null : jobStart.properties().getProperty(JOB_DESCRIPTION);
            seen.add(description == null ? "" : description);
        }

        /** Runs a marker job and waits until it is seen: every earlier job has been seen then (the bus delivers in order). */
        void drain(SparkContext sc) throws InterruptedException {
            String marker = "marker " + System.nanoTime();
            String previous = sc.getLocalProperty(JOB_DESCRIPTION);
            sc.setJobDescription(marker);
            SparkTestSession.spark().range(1).count();
            sc.setJobDescription(previous);
            long deadline = System.currentTimeMillis() + 30_000;
            while (!seen.contains(marker) && System.currentTimeMillis() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(seen.contains(marker), "listener saw the marker job");
        }
    }

    @Test
    void radiusJoiningTooManyPairsIsRefusedBeforeTheGraphIsBuilt() throws InterruptedException {
        int m = SPREAD.length;
        long allPairs = (long) m * (m - 1) / 2;
        Dataset<Row> frame = SparkTestSession.denseFrame(SPREAD, 2);
        SparkContext sc = SparkTestSession.spark().sparkContext();
        Set<Integer> cachedBefore = new HashSet<>(JavaSparkContext.fromSparkContext(sc).getPersistentRDDs().keySet());
        JobDescriptions jobs = new JobDescriptions();
        sc.addSparkListener(jobs);
        try {
            // fewer than 1000 rows: every row is in the sample and the estimate is the exact count
            LaplacianScoreSelector refused = new LaplacianScoreSelector().setGraphType("epsilon").setRadius(1e6)
                    .setMaxEdges(allPairs - 1);
            IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> refused.fit(frame));
            assertTrue(error.getMessage().contains("radius") && error.getMessage().contains("maxEdges"), error.getMessage());
            jobs.drain(sc);
        } finally {
            sc.removeSparkListener(jobs);
        }
        assertTrue(jobs.seen.stream().anyMatch(d -> d.contains(StepNames.EPSILON_ESTIMATE)), "the estimate ran: " + jobs.seen);
        assertFalse(jobs.seen.stream().anyMatch(d -> d.contains(StepNames.COUNTING_EDGES) || d.contains(StepNames.EDGE_WEIGHTS)),
                "no edge was formed or counted: " + jobs.seen);
        assertEquals(cachedBefore, new HashSet<>(JavaSparkContext.fromSparkContext(sc).getPersistentRDDs().keySet()),
                "nothing stays cached after the refusal");

        LaplacianScoreSelectorModel model = new LaplacianScoreSelector().setGraphType("epsilon").setRadius(1e6)
                .setMaxEdges(allPairs).setWeightKernel("binary").fit(frame);
        assertEquals(allPairs, model.summary().numEdges(), "maxEdges equal to the exact count is allowed");
        assertEquals(0, model.summary().isolatedRows());
        double[][] complete = new double[m][m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                complete[i][j] = i == j ? 0.0 : 1.0;
            }
        }
        assertScores(DenseLaplacianReference.scoresOf(complete, SPREAD, false), model.scores(), "complete graph");
    }

    @Test
    void radiusJoiningNoPairIsRefused() {
        double[][] squared = DenseDistances.squared(SPREAD);
        double nearest = Double.POSITIVE_INFINITY;
        for (int i = 0; i < squared.length; i++) {
            for (int j = i + 1; j < squared.length; j++) {
                nearest = Math.min(nearest, Math.sqrt(squared[i][j]));
            }
        }
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(SparkTestSession.spark().sparkContext());
        Set<Integer> cachedBefore = new HashSet<>(jsc.getPersistentRDDs().keySet());
        LaplacianScoreSelector selector = new LaplacianScoreSelector().setGraphType("epsilon").setRadius(nearest / 2);
        Dataset<Row> frame = SparkTestSession.denseFrame(SPREAD, 2);
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> selector.fit(frame));
        assertTrue(error.getMessage().contains("larger radius"), error.getMessage());
        IllegalArgumentException fromBuild = assertThrows(IllegalArgumentException.class, () -> selector.buildGraph(frame));
        assertEquals(error.getMessage(), fromBuild.getMessage());
        assertEquals(cachedBefore, new HashSet<>(jsc.getPersistentRDDs().keySet()), "nothing stays cached after the refusal");
    }

    @Test
    void epsilonNeedsARadiusAndTheClassGraphHasNoEdgeList() {
        IllegalArgumentException noRadius = assertThrows(IllegalArgumentException.class,
                () -> new LaplacianScoreSelector().setGraphType("epsilon").transformSchema(
                        SparkTestSession.denseFrame(SPREAD, 1).schema()));
        assertTrue(noRadius.getMessage().contains("radius"), noRadius.getMessage());
        IllegalArgumentException classGraph = assertThrows(IllegalArgumentException.class,
                () -> new LaplacianScoreSelector().setGraphType("class").setLabelCol(LabeledFrames.LABEL)
                        .buildGraph(LabeledFrames.frame(LABELLED, LabeledFrames.doubles(CLASSES), DataTypes.DoubleType, 1)));
        assertTrue(classGraph.getMessage().contains("class"), classGraph.getMessage());
    }
}
