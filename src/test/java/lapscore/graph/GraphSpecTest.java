package lapscore.graph;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.stream.IntStream;

import lapscore.ParamOption;
import lapscore.data.blocks.BlockLayout;
import lapscore.graph.search.KnnMethod;
import lapscore.graph.search.approximate.ForestSettings;
import lapscore.graph.spec.ClassGraph;
import lapscore.graph.spec.EpsilonGraph;
import lapscore.graph.spec.GraphSettings;
import lapscore.graph.spec.GraphSpec;
import lapscore.graph.spec.GraphType;
import lapscore.graph.spec.KnnGraph;
import lapscore.graph.spec.KnnWithinClassGraph;
import lapscore.selection.LaplacianScoreSelector;
import lapscore.selection.LocalKernelRegressionSelector;
import lapscore.testkit.BuiltGraphs;
import lapscore.testkit.LabeledFrames;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each graph spec's answers and checks against the rules the selectors and the command line applied
 * when they tested the graph type themselves (written out here as a table), and the refusals of the
 * public entry point {@link GraphBuilder}.
 */
class GraphSpecTest {

    private static final int K = 7;
    private static final GraphSettings EUCLIDEAN_HEAT = BuiltGraphs.settings("euclidean", "heat", Double.NaN, false, 0);

    /** The spec of a Laplacian Score selector with {@code graphType} and k = 7 (radius 1 for the epsilon graph). */
    private static GraphSpec specOf(String graphType) {
        return new LaplacianScoreSelector().setGraphType(graphType).setNumNeighbors(K).setRadius(1.0).graphSpec();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            // graphType, variant,      labels, search, radius, built, distances, k
            "knn,      KnnGraph,            false, true,  false,  true,  true,      7",
            "epsilon,  EpsilonGraph,        false, false, true,   true,  true,      0",
            "class,    ClassGraph,          true,  false, false,  false, false,     0",
            "classKnn, KnnWithinClassGraph, true,  false, false,  true,  true,      7"})
    void answersAsTheGraphTypeSwitchesDid(String graphType, String variant, boolean needsLabels, boolean usesSearch,
                                          boolean usesRadius, boolean materialised, boolean weighsDistances, int numNeighbours) {
        GraphSpec spec = specOf(graphType);
        assertEquals(variant, spec.getClass().getSimpleName());
        assertEquals(graphType, spec.graphType(), "the factory and the variant agree on the param value");
        assertEquals(needsLabels, spec.needsLabels(), "needs labelCol");
        assertEquals(usesSearch, spec.usesSearch(), "reads --knn, --trees, --leaf-size, --refinement-rounds, --recall-sample");
        assertEquals(usesRadius, spec.usesRadius(), "reads --radius, --max-edges");
        assertEquals(materialised, spec.materialised(), "built as an edge list (--edges-out, buildGraph)");
        assertEquals(weighsDistances, spec.weighsDistances(), "reads distances (--standardize applies)");
        assertEquals(numNeighbours, spec.numNeighbours(), "the k the rows must outnumber");
    }

    @Test
    void everyGraphTypeHasItsOwnVariantAndTitle() {
        Set<Class<?>> variants = new HashSet<>();
        Set<String> titles = new HashSet<>();
        for (String graphType : ParamOption.paramValues(GraphType.class)) {
            GraphSpec spec = specOf(graphType);
            variants.add(spec.getClass());
            titles.add(spec.title());
        }
        assertEquals(GraphType.values().length, variants.size());
        assertEquals(GraphType.values().length, titles.size());
        assertEquals(Set.of(GraphSpec.class.getPermittedSubclasses()), variants, "every variant is reachable from graphType");
    }

    @Test
    void cosinesAreNeededByEveryBuiltGraphOfTheCosineDistanceOrKernelButNotByTheClassGraph() {
        for (String graphType : new String[]{"knn", "epsilon", "classKnn"}) {
            assertTrue(new LaplacianScoreSelector().setGraphType(graphType).setRadius(1.0).setDistanceMeasure("cosine")
                    .graphSpec().needsCosines(), graphType);
            assertTrue(new LaplacianScoreSelector().setGraphType(graphType).setRadius(1.0).setWeightKernel("cosine")
                    .graphSpec().needsCosines(), graphType);
            assertEquals(false, specOf(graphType).needsCosines(), graphType + " with the Euclidean distance and heat kernel");
        }
        assertEquals(false, new LaplacianScoreSelector().setGraphType("class").setDistanceMeasure("cosine").setWeightKernel("cosine")
                .graphSpec().needsCosines());
    }

    /** Rows per block: bounded for the exact join only; the kNN graph's {@code auto} is exact up to its bound of rows. */
    @Test
    void onlyTheExactJoinBoundsTheBlocks() {
        long many = KnnMethod.AUTO_EXACT_MAX_ROWS + 1;
        int exact = BlockLayout.EXACT_JOIN_ROWS_PER_BLOCK;
        ForestSettings forest = new ForestSettings(4, 0, 0, 5, 0, 300, 1L);
        assertEquals(exact, new KnnGraph(K, KnnMethod.AUTO, forest, EUCLIDEAN_HEAT).maxRowsPerBlock(1000, 10));
        assertEquals(forest.maxRowsPerTask(10, K) / 2, new KnnGraph(K, KnnMethod.AUTO, forest, EUCLIDEAN_HEAT).maxRowsPerBlock(many, 10));
        assertEquals(exact, new KnnGraph(K, KnnMethod.EXACT, forest, EUCLIDEAN_HEAT).maxRowsPerBlock(many, 10));
        assertEquals(forest.maxRowsPerTask(10, K) / 2, new KnnGraph(K, KnnMethod.APPROXIMATE, forest, EUCLIDEAN_HEAT).maxRowsPerBlock(1000, 10));
        assertEquals(exact, new EpsilonGraph(1.0, 10, 1L, EUCLIDEAN_HEAT).maxRowsPerBlock(many, 10));
        assertEquals(exact, new KnnWithinClassGraph(K, KnnMethod.AUTO, EUCLIDEAN_HEAT).maxRowsPerBlock(many, 10));
        assertEquals(Integer.MAX_VALUE, new ClassGraph(EUCLIDEAN_HEAT).maxRowsPerBlock(1000, 10));
    }

    @Test
    void onlyAnExplicitExactKnnSearchWarnsOfItsCost() {
        long rows = 2_000_000;
        ForestSettings forest = new ForestSettings(4, 0, 0, 5, 0, 300, 1L);
        assertEquals(KnnMethod.exactCostWarning(rows, 50, 2), new KnnGraph(K, KnnMethod.EXACT, forest, EUCLIDEAN_HEAT)
                .costWarning(rows, 50, 2));
        assertTrue(new KnnGraph(K, KnnMethod.EXACT, forest, EUCLIDEAN_HEAT).costWarning(rows, 50, 2).isPresent());
        assertTrue(new KnnGraph(K, KnnMethod.AUTO, forest, EUCLIDEAN_HEAT).costWarning(rows, 50, 2).isEmpty());
        assertTrue(new EpsilonGraph(1.0, 10, 1L, EUCLIDEAN_HEAT).costWarning(rows, 50, 2).isEmpty());
        assertTrue(new KnnWithinClassGraph(K, KnnMethod.EXACT, EUCLIDEAN_HEAT).costWarning(rows, 50, 2).isEmpty());
    }

    @Test
    void checksRefuseWhatEachGraphCannotBeBuiltFrom() {
        IllegalArgumentException noRadius = assertThrows(IllegalArgumentException.class,
                () -> new LaplacianScoreSelector().setGraphType("epsilon").graphSpec().check());
        assertEquals("graphType = epsilon needs radius to be set", noRadius.getMessage());
        assertDoesNotThrow(() -> specOf("epsilon").check());

        IllegalArgumentException approximateWithinClasses = assertThrows(IllegalArgumentException.class,
                () -> new LaplacianScoreSelector().setGraphType("classKnn").setKnnMethod("approximate").graphSpec().check());
        assertEquals("graphType = classKnn is searched by the exact join only; set knnMethod to exact or auto",
                approximateWithinClasses.getMessage());
        for (String method : new String[]{"auto", "exact"}) {
            assertDoesNotThrow(() -> new LaplacianScoreSelector().setGraphType("classKnn").setKnnMethod(method).graphSpec().check());
        }
        assertDoesNotThrow(() -> new LaplacianScoreSelector().setKnnMethod("approximate").graphSpec().check());
        assertDoesNotThrow(() -> specOf("class").check());

        IllegalArgumentException classGraph = assertThrows(IllegalArgumentException.class,
                () -> specOf("class").requireMaterialised());
        assertTrue(classGraph.getMessage().startsWith("graphType = class is never materialised"), classGraph.getMessage());
        for (String graphType : new String[]{"knn", "epsilon", "classKnn"}) {
            assertDoesNotThrow(() -> specOf(graphType).requireMaterialised());
        }
    }

    /** Only the epsilon graph speaks of its radius in the messages about isolated rows and edge counts. */
    @Test
    void onlyTheEpsilonGraphAdvisesOnItsRadius() {
        EpsilonGraph epsilon = new EpsilonGraph(0.5, 100, 1L, EUCLIDEAN_HEAT);
        assertEquals("radius", epsilon.joiningParam());
        assertEquals("radius 0.5 joins no pair of rows; choose a larger radius", epsilon.noEdgeReason());
        assertTrue(epsilon.edgeCountWarning(100).isEmpty());
        assertEquals("radius 0.5 joined 101 pairs of rows, more than maxEdges = 100 (the estimate from a sample was lower)",
                epsilon.edgeCountWarning(101).orElseThrow());
        assertEquals(new GraphSpec.IsolatedRowsNote(" at radius 0.5", "; choose a larger radius to join more of them"),
                epsilon.isolatedRowsNote());
        for (String graphType : new String[]{"knn", "class", "classKnn"}) {
            GraphSpec spec = specOf(graphType);
            assertEquals("bandwidth", spec.joiningParam(), graphType);
            assertEquals("no class has two rows", spec.noEdgeReason(), graphType);
            assertTrue(spec.edgeCountWarning(Long.MAX_VALUE).isEmpty(), graphType);
            assertEquals(GraphSpec.IsolatedRowsNote.NONE, spec.isolatedRowsNote(), graphType);
        }
    }

    @Test
    void theLocalKernelRegressionScoreTakesTheKnnAndClassGraphsOnly() {
        assertInstanceOf(KnnGraph.class, new LocalKernelRegressionSelector().graphSpec());
        for (String graphType : new String[]{"epsilon", "classKnn"}) {
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                    () -> new LocalKernelRegressionSelector().setGraphType(graphType).setRadius(1.0).setLabelCol(LabeledFrames.LABEL)
                            .transformSchema(SparkTestSession.denseFrame(new double[][]{{1.0}, {2.0}}, 1).schema()));
            assertTrue(refused.getMessage().startsWith("The Local Kernel Regression score is defined on graphType knn (eq. 5) or"
                    + " class (eq. 6), got " + graphType), refused.getMessage());
        }
    }

    /** The public entry point refuses, before it reads a row, a graph it cannot build, and leaves nothing cached. */
    @Test
    void theEntryPointRefusesBeforeReading() {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(SparkTestSession.spark().sparkContext());
        Set<Integer> cachedBefore = new HashSet<>(jsc.getPersistentRDDs().keySet());
        Dataset<Row> frame = SparkTestSession.denseFrame(SparkTestSession.clusteredData(40, 3, 5L), 2);
        IllegalArgumentException noRadius = assertThrows(IllegalArgumentException.class,
                () -> BuiltGraphs.of(frame, new EpsilonGraph(Double.NaN, 10, 1L, EUCLIDEAN_HEAT)));
        assertEquals("graphType = epsilon needs radius to be set", noRadius.getMessage());
        IllegalArgumentException classGraph = assertThrows(IllegalArgumentException.class,
                () -> BuiltGraphs.of(LabeledFrames.frame(SparkTestSession.clusteredData(40, 3, 5L),
                        LabeledFrames.doubles(IntStream.range(0, 40).map(i -> i % 2).toArray()), DataTypes.DoubleType, 2),
                        new ClassGraph(EUCLIDEAN_HEAT)));
        assertTrue(classGraph.getMessage().contains("never materialised"), classGraph.getMessage());
        assertEquals(cachedBefore, new HashSet<>(jsc.getPersistentRDDs().keySet()), "nothing stays cached after a refusal");
    }
}
