package lapscore.selection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.Supplier;
import java.util.stream.Stream;

import lapscore.graph.GraphBuilder;
import lapscore.graph.WeightedGraph;
import lapscore.progress.StageTimer;
import lapscore.progress.StepNames;
import lapscore.selection.base.FeatureSelector;
import lapscore.selection.base.FeatureSelectorModel;
import lapscore.selection.base.GraphFeatureSelector;
import lapscore.testkit.Caches;
import lapscore.testkit.FaultInjection;
import lapscore.testkit.LabeledFrames;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.SparkException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.storage.StorageLevel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A fit leaves nothing cached behind, whether it succeeds or fails after it has cached the rows
 * (bad values found by the validating pass, a problem found later, while building the graph, or a
 * Spark job lost for good), and the model it returns does not need anything it released. A graph
 * built without a fit ({@link GraphBuilder#build} or {@code buildGraph}) keeps its rows and edges
 * cached until it is unpersisted or closed, and leaves nothing cached after that or after a failure.
 */
class ReleasedCachesTest {

    private static final double[][] DATA = SparkTestSession.clusteredData(150, 5, 29L);

    /** One estimator: a name and a factory of configured selectors. */
    record Estimator(String name, Supplier<FeatureSelector<?, ?>> create) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Estimator> estimators() {
        Stream<Estimator> contracts = SelectorContractTest.CONTRACTS.stream()
                .map(contract -> new Estimator(contract.name(), contract.estimator()));
        Stream<Estimator> approximate = Stream.of(new Estimator("Laplacian approximate kNN", () -> new LaplacianScoreSelector()
                .setKnnMethod("approximate").setNumNeighbors(5).setLeafSize(40).setNumTrees(2).setRecallSampleSize(20)));
        return Stream.concat(contracts, approximate);
    }

    private static Dataset<Row> labelled(double[][] rows) {
        Object[] labels = new Object[rows.length];
        for (int i = 0; i < rows.length; i++) {
            labels[i] = (double) (i % 3);
        }
        return LabeledFrames.frame(rows, labels, DataTypes.DoubleType, 3);
    }

    private static double[][] withNaN() {
        double[][] rows = new double[DATA.length][];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = DATA[i].clone();
        }
        rows[77][2] = Double.NaN;
        return rows;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("estimators")
    void fitReleasesWhatItCachedAndTheModelStillWorks(Estimator estimator) {
        FeatureSelectorModel<?> model = Caches.leavesNothingCached("a fit", () -> estimator.create().get().setNumTopFeatures(2).fit(labelled(DATA)));
        long rows = model.transform(labelled(DATA)).count();
        assertEquals(DATA.length, rows);
        assertEquals(2, model.selectedFeatures().length);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("estimators")
    void fitRefusingBadValuesReleasesTheRows(Estimator estimator) {
        IllegalArgumentException refused = Caches.leavesNothingCached("a refused fit", () -> assertThrows(IllegalArgumentException.class,
                () -> estimator.create().get().fit(labelled(withNaN()))));
        assertTrue(refused.getMessage().contains("row 77"), refused.getMessage());
    }

    /** With handleInvalid = skip the rows are cached twice (all, then the usable ones); both copies are released. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("estimators")
    void fitSkippingBadRowsReleasesBothCopies(Estimator estimator) {
        FeatureSelectorModel<?> model = Caches.leavesNothingCached("a fit skipping a row", () -> estimator.create().get()
                .setHandleInvalid("skip").fit(labelled(withNaN())));
        assertEquals(1, model.summary().skippedRows());
    }

    /** Problems that only the graph build finds, after the rows are cached and laid out in blocks. */
    static Stream<Estimator> failingGraphs() {
        return Stream.of(
                new Estimator("approximate kNN with leafSize not above numNeighbors", () -> new LaplacianScoreSelector()
                        .setKnnMethod("approximate").setNumNeighbors(5).setLeafSize(5)),
                new Estimator("epsilon graph above maxEdges", () -> new LaplacianScoreSelector().setGraphType("epsilon")
                        .setRadius(100.0).setMaxEdges(10)),
                new Estimator("heat kernel too narrow for any edge", () -> new LaplacianScoreSelector().setBandwidth(1e-300)),
                new Estimator("LKR with leafSize not above numNeighbors", () -> new LocalKernelRegressionSelector()
                        .setKnnMethod("approximate").setNumNeighbors(5).setLeafSize(5)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("failingGraphs")
    void fitFailingWhileBuildingTheGraphReleasesEverything(Estimator estimator) {
        Caches.leavesNothingCached("a failed fit", () -> assertThrows(IllegalArgumentException.class,
                () -> estimator.create().get().fit(labelled(DATA))));
        Caches.leavesNothingCached("a failed buildGraph", () -> assertThrows(IllegalArgumentException.class,
                () -> ((GraphFeatureSelector<?, ?>) estimator.create().get()).buildGraph(labelled(DATA))));
        Caches.leavesNothingCached("a failed GraphBuilder.build", () -> assertThrows(IllegalArgumentException.class,
                () -> buildWithoutSelector((GraphFeatureSelector<?, ?>) estimator.create().get())));
    }

    /** The estimators whose graph is built as a list of edges. */
    static Stream<Estimator> builtGraphs() {
        return estimators().filter(estimator -> estimator.create().get() instanceof GraphFeatureSelector<?, ?> selector
                && selector.graphSpec().materialised());
    }

    /** The graph of the selector's spec on the labelled data, built by {@link GraphBuilder} without the selector. */
    private static WeightedGraph buildWithoutSelector(GraphFeatureSelector<?, ?> selector) {
        Dataset<Row> frame = labelled(DATA);
        return GraphBuilder.build(frame, selector.getFeaturesCol(), LabeledFrames.LABEL, selector.graphSpec(),
                new StageTimer(frame.sparkSession().sparkContext(), "ReleasedCachesTest: "));
    }

    /** The graph's blocks, edges and (when kept) neighbour lists are still cached. */
    private static void assertStillCached(WeightedGraph graph) {
        assertNotEquals(StorageLevel.NONE(), graph.blocks().getStorageLevel(), "blocks");
        assertNotEquals(StorageLevel.NONE(), graph.edgesByBlockPair().getStorageLevel(), "edges");
        if (graph.neighbourLists() != null) {
            assertNotEquals(StorageLevel.NONE(), graph.neighbourLists().getStorageLevel(), "neighbour lists");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("builtGraphs")
    void builtGraphStaysCachedUntilUnpersistedOrClosedThenLeavesNothing(Estimator estimator) {
        GraphFeatureSelector<?, ?> selector = (GraphFeatureSelector<?, ?>) estimator.create().get();
        long edges = Caches.leavesNothingCached("a graph of GraphBuilder, closed", () -> {
            try (WeightedGraph graph = buildWithoutSelector(selector)) {
                assertStillCached(graph);
                return graph.edges().count();
            }
        });
        Caches.leavesNothingCached("a graph of buildGraph, unpersisted", () -> {
            WeightedGraph graph = selector.buildGraph(labelled(DATA));
            assertStillCached(graph);
            assertEquals(edges, graph.edges().count());
            graph.unpersist();
            graph.unpersist();
            return null;
        });
    }

    @Test
    void layoutRefusedAfterValidationReleasesTheRows() {
        double[][] rows = new double[46_400][1];
        for (int i = 0; i < rows.length; i++) {
            rows[i][0] = i % 97;
        }
        IllegalArgumentException refused = Caches.leavesNothingCached("a refused layout", () -> assertThrows(IllegalArgumentException.class,
                () -> new LaplacianScoreSelector().setBlockSize(1).fit(SparkTestSession.denseFrame(rows, 2))));
        assertTrue(refused.getMessage().contains("blockSize"), refused.getMessage());
    }

    /**
     * Spark jobs of a fit lost for good (every task attempt fails): each case names a job by its step
     * ({@link StepNames}) and which of the step's jobs fails (0: all of them, 2: the second, e.g. the
     * second tree, whose job merges its candidates into the first tree's lists).
     */
    static Stream<Arguments> failingJobs() {
        Supplier<FeatureSelector<?, ?>> exact = () -> new LaplacianScoreSelector().setNumNeighbors(5).setBlockSize(40);
        Supplier<FeatureSelector<?, ?>> approximate = () -> new LaplacianScoreSelector().setKnnMethod("approximate")
                .setNumNeighbors(5).setLeafSize(40).setNumTrees(2).setRecallSampleSize(20);
        Supplier<FeatureSelector<?, ?>> lkr = () -> new LocalKernelRegressionSelector().setNumNeighbors(5).setBlockSize(40);
        Supplier<FeatureSelector<?, ?>> lkrClasses = () -> new LocalKernelRegressionSelector().setGraphType("class")
                .setLabelCol(LabeledFrames.LABEL).setMaxClassSize(20).setNumNeighbors(4);
        return Stream.of(
                Arguments.of(StepNames.CUTTING, 0, exact),
                Arguments.of(StepNames.EXACT_GRAPH, 2, exact),
                Arguments.of(StepNames.EXACT_GRAPH, 1, exact),
                Arguments.of(StepNames.COUNTING_EDGES, 0, exact),
                Arguments.of(StepNames.LAPLACIAN_SCORES, 0, exact),
                Arguments.of(StepNames.TREE, 2, approximate),
                Arguments.of(StepNames.REFINEMENT, 2, approximate),
                Arguments.of(StepNames.RECALL_SAMPLE, 0, approximate),
                Arguments.of(StepNames.LKR_SCORES, 0, lkr),
                Arguments.of(StepNames.LARGE_CLASSES, 0, lkrClasses),
                Arguments.of(StepNames.LARGE_CLASS_REGRESSIONS, 0, lkrClasses),
                Arguments.of(StepNames.FISHER_SCORES, 0, (Supplier<FeatureSelector<?, ?>>) () -> new FisherScoreSelector()
                        .setLabelCol(LabeledFrames.LABEL)));
    }

    @ParameterizedTest(name = "job ''{0}'' #{1}")
    @MethodSource("failingJobs")
    void fitWhoseSparkJobFailsReleasesEverything(String job, int occurrence, Supplier<FeatureSelector<?, ?>> estimator) {
        SparkException failed = Caches.leavesNothingCached("a fit losing job '" + job + "' #" + occurrence, () -> {
            SparkException[] thrown = new SparkException[1];
            FaultInjection.failingJobs(job, occurrence, () -> thrown[0] = assertThrows(SparkException.class,
                    () -> estimator.get().fit(labelled(DATA))));
            return thrown[0];
        });
        assertTrue(failed.getMessage().contains("every attempt of job '" + job + "' fails"), failed.getMessage());
    }
}
