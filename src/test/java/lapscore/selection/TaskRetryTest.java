package lapscore.selection;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.Supplier;
import java.util.stream.Stream;

import lapscore.progress.StepNames;
import lapscore.selection.base.FeatureSelector;
import lapscore.selection.base.FeatureSelectorModel;
import lapscore.testkit.FaultInjection;
import lapscore.testkit.LabeledFrames;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A fit whose tasks fail on their first attempt ({@link FaultInjection}) and are retried by Spark
 * gets exactly the result of a clean run: the same scores to the last bit, ranking and selection.
 * The injected failures are checked to have hit the graph (or the rows' layout) and the scoring.
 */
class TaskRetryTest {

    private static final double[][] DATA = SparkTestSession.clusteredData(400, 6, 19L);
    private static final Object[] LABELS = labels(DATA);

    /** One configuration: a name, a factory of configured selectors, and the {@link StepNames} of its graph or layout step and of its scoring. */
    record Case(String name, Supplier<FeatureSelector<?, ?>> estimator, String graphStep, String scoringStep) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
                new Case("Laplacian, exact kNN", () -> new LaplacianScoreSelector().setKnnMethod("exact").setNumNeighbors(5)
                        .setBlockSize(50), StepNames.EXACT_GRAPH, StepNames.LAPLACIAN_SCORES),
                new Case("Laplacian, approximate kNN", () -> new LaplacianScoreSelector().setKnnMethod("approximate")
                        .setNumNeighbors(5).setNumTrees(3).setLeafSize(60).setRefinementRounds(1).setRecallSampleSize(50)
                        .setBlockSize(100).setSeed(4L), StepNames.TREE, StepNames.LAPLACIAN_SCORES),
                new Case("Fisher", () -> new FisherScoreSelector().setLabelCol(LabeledFrames.LABEL), StepNames.CUTTING,
                        StepNames.FISHER_SCORES),
                new Case("LKR, exact kNN", () -> new LocalKernelRegressionSelector().setNumNeighbors(5).setBlockSize(80),
                        StepNames.EXACT_GRAPH, StepNames.LKR_SCORES),
                new Case("LKR, class graph with large classes", () -> new LocalKernelRegressionSelector().setGraphType("class")
                        .setLabelCol(LabeledFrames.LABEL).setMaxClassSize(100).setNumNeighbors(4).setBlockSize(80),
                        StepNames.EXACT_GRAPH, StepNames.LKR_SCORES));
    }

    private static Object[] labels(double[][] rows) {
        Object[] labels = new Object[rows.length];
        for (int i = 0; i < rows.length; i++) {
            labels[i] = (double) Math.floorMod(Math.round(rows[i][0]), 3);
        }
        return labels;
    }

    private static Dataset<Row> data() {
        return LabeledFrames.frame(DATA, LABELS, DataTypes.DoubleType, 4);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void fitWithFailedTasksGetsTheCleanResult(Case tested) {
        FeatureSelectorModel<?> clean = tested.estimator().get().setNumTopFeatures(3).fit(data());
        FaultInjection.Injected<FeatureSelectorModel<?>> faulty = FaultInjection.during(
                () -> tested.estimator().get().setNumTopFeatures(3).fit(data()));
        String failures = "failures injected by job: " + faulty.failuresByJob();
        assertTrue(faulty.in(tested.graphStep()) > 0, failures);
        assertTrue(faulty.in(tested.scoringStep()) > 0, failures);
        assertArrayEquals(clean.scores(), faulty.result().scores(), failures);
        assertArrayEquals(clean.featureRanking(), faulty.result().featureRanking());
        assertArrayEquals(clean.selectedFeatures(), faulty.result().selectedFeatures());
        assertEquals(clean.summary().numEdges(), faulty.result().summary().numEdges());
        assertEquals(clean.summary().recall(), faulty.result().summary().recall(), 0.0);
    }
}
