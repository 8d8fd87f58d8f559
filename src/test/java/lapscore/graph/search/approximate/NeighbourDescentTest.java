package lapscore.graph.search.approximate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import lapscore.data.CacheScope;
import lapscore.graph.WeightedGraph;
import lapscore.graph.distance.DistanceMeasure;
import lapscore.graph.kernel.PackedRows;
import lapscore.graph.kernel.RowEmbedding;
import lapscore.graph.search.NeighbourLists;
import lapscore.data.RowHash;
import lapscore.graph.search.SearchInput;
import lapscore.progress.StageListener;
import lapscore.progress.StageTimer;
import lapscore.progress.StepNames;
import lapscore.terminal.TaskRowsListener;
import lapscore.selection.LaplacianScoreSelector;
import lapscore.testkit.NeighbourEntries;
import lapscore.testkit.SparkTestSession;
import lapscore.testkit.StepDescriptions;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaPairRDD;
import org.junit.jupiter.api.Test;

/** NN-descent refinement against brute-force neighbours computed plainly here. */
class NeighbourDescentTest {

    private static final int K = 6;

    @Test
    void refinementOnlyImprovesListsAndRaisesRecall() {
        double[][] data = gaussianRows(1500, 8, 17);
        try (WeightedGraph graph = new LaplacianScoreSelector().setKnnMethod("exact").setNumNeighbors(K).setBlockSize(400)
                .buildGraph(SparkTestSession.denseFrame(data, 3));
             CacheScope caches = new CacheScope()) {
            SearchInput input = inputOf(graph, 8, caches);
            ForestSettings twoSmallTrees = new ForestSettings(2, 40, K, 0, 0, 0, 4L);
            JavaPairRDD<Long, NeighbourLists> fromTree = ApproximateKnnSearch.run(input, new SearchSettings(K, twoSmallTrees),
                    testTimer());
            Map<Long, double[]> before = distancesByRow(fromTree, data);
            SearchSettings threeRounds = new SearchSettings(K, new ForestSettings(2, 40, K, 3, 0, 0, 4L));
            JavaPairRDD<Long, NeighbourLists> refined = NeighbourDescent.refine(fromTree, packed(input), threeRounds, testTimer());
            Map<Long, double[]> after = distancesByRow(refined, data);

            double recallBefore = 0.0;
            double recallAfter = 0.0;
            for (int row = 0; row < data.length; row++) {
                double[] exact = bruteForceDistances(data, row);
                double kth = exact[K - 1] + 1e-9;
                double[] was = before.get((long) row);
                double[] is = after.get((long) row);
                assertEquals(K, is.length, "row " + row + " keeps k neighbours");
                for (int n = 0; n < K; n++) {
                    assertTrue(is[n] <= was[n], "row " + row + ": neighbour " + n + " got worse, " + was[n] + " -> " + is[n]);
                    recallBefore += was[n] <= kth ? 1 : 0;
                    recallAfter += is[n] <= kth ? 1 : 0;
                }
            }
            recallBefore /= data.length * K;
            recallAfter /= data.length * K;
            assertTrue(recallBefore < 0.6, "two trees of 40-row leaves alone finds few true neighbours: " + recallBefore);
            assertTrue(recallAfter >= recallBefore + 0.25 && recallAfter >= 0.7,
                    "three rounds of neighbours of neighbours: recall " + recallBefore + " -> " + recallAfter);
        }
    }

    /**
     * The lists after the rounds are the same to the last bit whether a block's local joins run in
     * one task or are cut into batches of at most 30, 60 or 150 named rows (each batch receiving the
     * rows it names), and the rounds did change them. Each run refines a view of the trees' lists
     * that the scope does not hold: refining releases the lists it is given, and released lists that
     * forgot their lineage cannot be read again.
     */
    @Test
    void theListsDoNotDependOnTheBatches() throws Exception {
        double[][] data = gaussianRows(900, 5, 29);
        try (WeightedGraph graph = new LaplacianScoreSelector().setKnnMethod("exact").setNumNeighbors(K).setBlockSize(300)
                .buildGraph(SparkTestSession.denseFrame(data, 3));
             CacheScope caches = new CacheScope()) {
            SearchInput input = inputOf(graph, 5, caches);
            JavaPairRDD<Long, NeighbourLists> fromTrees = ApproximateKnnSearch.run(input,
                    new SearchSettings(K, new ForestSettings(2, 12, K, 0, 0, 0, 5L)), testTimer());
            List<String> reference = null;
            SparkContext context = SparkTestSession.spark().sparkContext();
            for (int maxRows : new int[]{100_000, 30, 60, 150}) {
                SearchSettings twoRounds = new SearchSettings(K, new ForestSettings(2, 12, K, 2, maxRows, 0, 4L));
                TaskRowsListener taskRows = new TaskRowsListener();
                context.addSparkListener(taskRows);
                List<String> entries;
                try {
                    JavaPairRDD<Long, NeighbourLists> refined = NeighbourDescent.refine(fromTrees.mapValues(lists -> lists), packed(input),
                            twoRounds, testTimer());
                    entries = NeighbourEntries.of(refined);
                    caches.release(refined);
                    context.listenerBus().waitUntilEmpty();
                } finally {
                    context.removeSparkListener(taskRows);
                }
                assertTrue(taskRows.mostRows() > 0 && taskRows.mostRows() <= maxRows,
                        "a batch named at most " + maxRows + " rows: " + taskRows.mostRows());
                if (reference == null) {
                    reference = entries;
                } else {
                    assertEquals(reference, entries, "batches of at most " + maxRows + " rows against whole blocks");
                }
            }
            List<String> before = NeighbourEntries.of(fromTrees);
            assertEquals(900 * K, reference.size(), "every row keeps k neighbours");
            assertTrue(neighbourPairs(before).size() == before.size()
                    && !neighbourPairs(before).equals(neighbourPairs(reference)), "the rounds found new neighbours");
        }
    }

    /**
     * The rows of {@code graph} as a search reads them: {@code numFeatures} values, Euclidean, about
     * the feature means; the search caches in {@code caches}.
     */
    private static SearchInput inputOf(WeightedGraph graph, int numFeatures, CacheScope caches) {
        return new SearchInput(graph.blocks(), graph.layout(),
                new RowEmbedding(numFeatures, DistanceMeasure.EUCLIDEAN, graph.featureMeans(), true), caches);
    }

    /** The rows of {@code input} packed in their blocks, as the rounds read the cells ({@link CellInput}). */
    private static CellInput packed(SearchInput input) {
        return new CellInput(input.blocks().map(PackedRows::of), input.layout(), input.embedding(), input.caches());
    }

    /** A listener that adds to {@code descriptions} every stage description containing {@code fragment}. */
    private static StageListener collecting(String fragment, List<String> descriptions) {
        return (stage, description, seconds) -> {
            if (description.contains(fragment)) {
                descriptions.add(description);
            }
        };
    }

    /** The (row, neighbour) pairs of {@link #entries}. */
    private static Set<String> neighbourPairs(List<String> entries) {
        Set<String> pairs = new HashSet<>();
        for (String entry : entries) {
            String[] fields = entry.split(" ");
            pairs.add(fields[0] + " " + fields[1]);
        }
        return pairs;
    }

    @Test
    void longerSearchListsReachFurtherAndRoundsStopOnceConverged() {
        double[][] data = gaussianRows(2000, 12, 29);
        WeightedGraph graph = new LaplacianScoreSelector().setKnnMethod("exact").setNumNeighbors(K).setBlockSize(500)
                .buildGraph(SparkTestSession.denseFrame(data, 3));
        List<String> rounds = new ArrayList<>();
        StageListener listener = collecting(StepNames.REFINEMENT, rounds);
        StageTimer.addListener(listener);
        try (CacheScope caches = new CacheScope()) {
            double[] recall = new double[2];
            int[] listSizes = {K, 3 * K};
            for (int s = 0; s < listSizes.length; s++) {
                ForestSettings settings = new ForestSettings(2, 40, listSizes[s], 2, 0, 0, 4L);
                JavaPairRDD<Long, NeighbourLists> found = ApproximateKnnSearch.run(inputOf(graph, 12, caches),
                        new SearchSettings(K, settings), testTimer());
                recall[s] = bruteForceRecall(distancesByRow(found, data), data);
                caches.release(found);
            }
            assertTrue(recall[1] >= recall[0] + 0.1, "two rounds with lists of 3k instead of k: recall " + recall[0] + " -> "
                    + recall[1]);

            rounds.clear();
            ForestSettings untilConverged = new ForestSettings(2, 40, 3 * K, 100, 0, 0, 4L);
            JavaPairRDD<Long, NeighbourLists> converged = ApproximateKnnSearch.run(inputOf(graph, 12, caches),
                    new SearchSettings(K, untilConverged), testTimer());
            double convergedRecall = bruteForceRecall(distancesByRow(converged, data), data);
            assertTrue(rounds.size() >= 3 && rounds.size() < 30, "rounds run until converged: " + rounds.size());
            assertEquals(List.of(1.0, 100.0, 100.0), StepDescriptions.numbers(rounds.get(0), StepNames.REFINEMENT),
                    "round 1 of at most 100 finds every list entry new: " + rounds.get(0));
            assertTrue(convergedRecall >= 0.95 && convergedRecall >= recall[1], "recall once converged: " + convergedRecall);
        } finally {
            StageTimer.removeListener(listener);
            graph.unpersist();
        }
    }

    /** A timer for the searches run here, apart from the graph's build. */
    private static StageTimer testTimer() {
        return new StageTimer(SparkTestSession.spark().sparkContext(), "NeighbourDescentTest: ");
    }

    /** {@code rows x dims} independent standard normal values. */
    private static double[][] gaussianRows(int rows, int dims, long seed) {
        Random random = new Random(seed);
        double[][] data = new double[rows][dims];
        for (double[] row : data) {
            for (int c = 0; c < dims; c++) {
                row[c] = random.nextGaussian();
            }
        }
        return data;
    }

    /** Share of every row's true k nearest distances (brute force here) that its list matches. */
    private static double bruteForceRecall(Map<Long, double[]> found, double[][] data) {
        double hits = 0.0;
        for (int row = 0; row < data.length; row++) {
            double kth = bruteForceDistances(data, row)[K - 1] + 1e-9;
            for (double distance : found.get((long) row)) {
                hits += distance <= kth ? 1 : 0;
            }
        }
        return hits / (data.length * K);
    }

    /**
     * A round's candidates, against Dong, Charikar and Li's sampling written plainly here: for every
     * row, the K lowest hash priorities (ties by id) among its new entries and the rows that hold it
     * as a new entry, and likewise among the old ones, less those already new; a row with no new
     * candidate joins nothing and gets none at all. The lists are those of two rounds, so that some
     * rows still have a new candidate and some have none. Cut into pieces for the shuffle, a block's
     * candidates join back whole.
     */
    @Test
    void aRoundsCandidatesAreTheLowestPrioritiesOfEachKindAndNoneForRowsWithoutANewOne() {
        double[][] data = gaussianRows(700, 5, 37);
        long roundSeed = 91L;
        try (WeightedGraph graph = new LaplacianScoreSelector().setKnnMethod("exact").setNumNeighbors(K).setBlockSize(200)
                .buildGraph(SparkTestSession.denseFrame(data, 3));
             CacheScope caches = new CacheScope()) {
            SearchInput input = inputOf(graph, 5, caches);
            JavaPairRDD<Long, NeighbourLists> fromTrees = ApproximateKnnSearch.run(input,
                    new SearchSettings(K, new ForestSettings(2, 12, K, 0, 0, 0, 5L)), testTimer());
            JavaPairRDD<Long, NeighbourLists> lists = NeighbourDescent.refine(fromTrees, packed(input),
                    new SearchSettings(K, new ForestSettings(2, 12, K, 2, 0, 0, 4L)), testTimer());
            List<NeighbourLists> blocks = lists.values().collect();
            List<Candidates> chosen = NeighbourDescent.candidates(lists, input.layout(), K, roundSeed).collect();

            Map<Long, Set<Long>> freshPool = new HashMap<>();
            Map<Long, Set<Long>> oldPool = new HashMap<>();
            for (NeighbourLists block : blocks) {
                for (int row = 0; row < block.rows(); row++) {
                    long id = block.rowId(row);
                    freshPool.computeIfAbsent(id, r -> new HashSet<>());
                    oldPool.computeIfAbsent(id, r -> new HashSet<>());
                    for (int n = 0; n < block.count(row); n++) {
                        long neighbour = block.neighbour(row, n);
                        Map<Long, Set<Long>> pool = block.isFresh(row, n) ? freshPool : oldPool;
                        pool.get(id).add(neighbour);
                        pool.computeIfAbsent(neighbour, r -> new HashSet<>()).add(id);
                    }
                }
            }
            int joining = 0;
            int idle = 0;
            for (int b = 0; b < blocks.size(); b++) {
                for (int row = 0; row < blocks.get(b).rows(); row++) {
                    long id = blocks.get(b).rowId(row);
                    long[] fresh = lowestPriorities(freshPool.get(id), id, roundSeed);
                    List<Long> old = new ArrayList<>();
                    for (long candidate : lowestPriorities(oldPool.get(id), id, roundSeed)) {
                        if (fresh.length > 0 && Arrays.binarySearch(fresh, candidate) < 0) {
                            old.add(candidate);
                        }
                    }
                    assertArrayEquals(fresh, chosen.get(b).fresh(row), "row " + id + "'s new candidates");
                    assertArrayEquals(old.stream().mapToLong(Long::longValue).toArray(), chosen.get(b).old(row),
                            "row " + id + "'s old candidates");
                    joining += fresh.length > 0 ? 1 : 0;
                    idle += fresh.length > 0 ? 0 : 1;
                }
            }
            assertEquals(700, joining + idle);
            assertTrue(joining > 0 && idle > 0 && !oldPool.values().stream().allMatch(Set::isEmpty),
                    "rows with and without a new candidate: " + joining + " and " + idle);
            for (Candidates block : chosen) {
                assertShippedInPiecesWhole(block, 2048);
            }
        }
    }

    /**
     * {@code candidates} cut into pieces of at most {@code maxBytes} (8 per candidate and per row; a
     * single row may exceed it) travel as several records and join back into the same candidates.
     */
    private static void assertShippedInPiecesWhole(Candidates candidates, long maxBytes) {
        List<Candidates> pieces = candidates.pieces(maxBytes);
        assertTrue(pieces.size() > 1, "a block of " + candidates.rows() + " rows travels in pieces");
        for (Candidates piece : pieces) {
            long bytes = 0;
            for (int row = 0; row < piece.rows(); row++) {
                bytes += Long.BYTES * (1L + piece.fresh(row).length + piece.old(row).length);
            }
            assertTrue(bytes <= maxBytes || piece.rows() == 1, piece.rows() + " rows, " + bytes + " bytes");
        }
        Candidates joined = Candidates.concat(pieces);
        assertEquals(candidates.rows(), joined.rows());
        for (int row = 0; row < candidates.rows(); row++) {
            assertArrayEquals(candidates.fresh(row), joined.fresh(row));
            assertArrayEquals(candidates.old(row), joined.old(row));
        }
    }

    /**
     * The pair distances the search counts: two trees whose one leaf holds every row measure
     * {@code 2 m (m - 1) / 2} pairs; one round screens, for every row with a new candidate, every pair
     * of two new candidates and of a new and an old one, counted here from that round's candidates.
     */
    @Test
    void thePairCountsAreTheLeavesPairsAndTheJoinsPairs() {
        double[][] data = gaussianRows(600, 4, 41);
        try (WeightedGraph graph = new LaplacianScoreSelector().setKnnMethod("exact").setNumNeighbors(K).setBlockSize(200)
                .buildGraph(SparkTestSession.denseFrame(data, 3));
             CacheScope caches = new CacheScope()) {
            SearchInput input = inputOf(graph, 4, caches);
            StageTimer timer = testTimer();
            JavaPairRDD<Long, NeighbourLists> fromTrees = ApproximateKnnSearch.run(input,
                    new SearchSettings(K, new ForestSettings(2, 600, K, 0, 0, 0, 5L)), timer);
            assertEquals(2L * 600 * 599 / 2, timer.pairCounts().treePairs().sum(), "two trees of one leaf each");
            assertEquals(0L, timer.pairCounts().roundPairs().sum(), "no round ran");

            ForestSettings oneRound = new ForestSettings(2, 600, K, 1, 0, 0, 4L);
            long roundSeed = RowHash.of(oneRound.seed(), 0, RowHash.DESCENT_ROUNDS, 0);
            long expected = 0;
            for (Candidates block : NeighbourDescent.candidates(fromTrees, input.layout(), K, roundSeed).collect()) {
                for (int row = 0; row < block.rows(); row++) {
                    long fresh = block.fresh(row).length;
                    expected += fresh * (fresh - 1) / 2 + fresh * block.old(row).length;
                }
            }
            StageTimer roundTimer = testTimer();
            caches.release(NeighbourDescent.refine(fromTrees, packed(input), new SearchSettings(K, oneRound), roundTimer));
            assertTrue(expected > 0, "the round had pairs to join");
            assertEquals(expected, roundTimer.pairCounts().roundPairs().sum(), "the round's local joins");
        }
    }

    /** The (at most) K of {@code pool} of lowest priority for row {@code row}, ties by id, ascending by id. */
    private static long[] lowestPriorities(Set<Long> pool, long row, long roundSeed) {
        return pool.stream()
                .sorted(Comparator.comparingDouble((Long candidate) -> RowHash.uniform(roundSeed, row, (int) (long) candidate,
                        (int) (candidate >>> 32))).thenComparing(Comparator.naturalOrder()))
                .limit(K)
                .mapToLong(Long::longValue)
                .sorted()
                .toArray();
    }

    @Test
    void roundsChangeTheGraphAndKeepItDeterministic() {
        double[][] data = SparkTestSession.clusteredData(1200, 6, 23L);
        LaplacianScoreSelector selector = new LaplacianScoreSelector().setKnnMethod("approximate").setNumNeighbors(5)
                .setNumTrees(2).setLeafSize(60).setRecallSampleSize(200).setSeed(8L);
        WeightedGraph treesOnly = selector.setRefinementRounds(0).buildGraph(SparkTestSession.denseFrame(data, 2));
        double withoutRounds = treesOnly.statistics().recall();
        treesOnly.unpersist();
        double[] withRounds = new double[2];
        int[] partitions = {2, 5};
        for (int p = 0; p < partitions.length; p++) {
            WeightedGraph graph = selector.setRefinementRounds(2).buildGraph(SparkTestSession.denseFrame(data, partitions[p]));
            withRounds[p] = graph.statistics().recall();
            graph.unpersist();
        }
        assertNotEquals(withoutRounds, withRounds[0]);
        assertTrue(withRounds[0] > withoutRounds, "recall " + withoutRounds + " -> " + withRounds[0]);
        assertEquals(withRounds[0], withRounds[1], 0.0, "the same recall from 2 and 5 input partitions");
    }

    /**
     * Every row's neighbour distances from {@code lists}, after checking that each neighbour is
     * another row, listed once, at its exact distance, in ascending order.
     */
    private static Map<Long, double[]> distancesByRow(JavaPairRDD<Long, NeighbourLists> lists, double[][] data) {
        Map<Long, double[]> byRow = new HashMap<>();
        for (NeighbourLists block : lists.values().collect()) {
            for (int row = 0; row < block.rows(); row++) {
                long id = block.rowId(row);
                Set<Long> seen = new HashSet<>();
                double[] distances = new double[block.count(row)];
                for (int n = 0; n < distances.length; n++) {
                    long neighbour = block.neighbour(row, n);
                    assertNotEquals(id, neighbour, "row " + id + " lists itself");
                    assertTrue(seen.add(neighbour), "row " + id + " lists " + neighbour + " twice");
                    distances[n] = block.distance(row, n);
                    assertEquals(distance(data[(int) id], data[(int) neighbour]), distances[n], 1e-9);
                    assertTrue(n == 0 || distances[n - 1] <= distances[n], "row " + id + " sorted");
                }
                byRow.put(id, distances);
            }
        }
        return byRow;
    }

    private static double distance(double[] a, double[] b) {
        double sum = 0.0;
        for (int c = 0; c < a.length; c++) {
            sum += (a[c] - b[c]) * (a[c] - b[c]);
        }
        return Math.sqrt(sum);
    }

    private static double[] bruteForceDistances(double[][] data, int row) {
        double[] distances = new double[data.length - 1];
        int n = 0;
        for (int other = 0; other < data.length; other++) {
            if (other != row) {
                distances[n++] = distance(data[row], data[other]);
            }
        }
        Arrays.sort(distances);
        return distances;
    }
}
