package lapscore.selection;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.Stream;

import lapscore.selection.base.FeatureSelector;
import lapscore.selection.base.FeatureSelectorModel;
import lapscore.testkit.DenseLaplacianReference;
import lapscore.testkit.LabeledFrames;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Data near 1e300 (whose squares overflow) and denormal data near 1e-310 (whose squares underflow)
 * get the scores of the same values multiplied by a power of two into the ordinary range, which is
 * exact: every score is invariant under one common scaling of the features, with the radius and the
 * heat kernel's bandwidth scaled along. The ordinary range is checked against dense references
 * elsewhere ({@code ReferenceScoresTest}, {@code FisherIdentityTest}, {@code DenseLkrReferenceTest}).
 */
class ExtremeMagnitudeTest {

    private static final int ROWS = 60;
    private static final double[][] DATA = SparkTestSession.clusteredData(ROWS, 4, 23L);
    private static final Object[] LABELS = labels();

    /** A configured selector for data in units where distances are multiplied by {@code 2^exponent}. */
    private record Config(String name, IntFunction<FeatureSelector<?, ?>> selector) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static Object[] labels() {
        int[] classes = new int[ROWS];
        for (int i = 0; i < ROWS; i++) {
            classes[i] = DATA[i][0] > 0 ? (DATA[i][2] > 0 ? 0 : 1) : 2;
        }
        return LabeledFrames.doubles(classes);
    }

    private static List<Config> configs() {
        List<Config> configs = new ArrayList<>();
        for (String measure : new String[]{"euclidean", "cosine"}) {
            for (String kernel : new String[]{"heat", "binary", "cosine"}) {
                configs.add(new Config("Laplacian knn " + measure + "/" + kernel,
                        e -> new LaplacianScoreSelector().setNumNeighbors(5).setDistanceMeasure(measure).setWeightKernel(kernel)));
            }
        }
        configs.add(new Config("Laplacian knn, approximate", e -> new LaplacianScoreSelector().setNumNeighbors(5)
                .setKnnMethod("approximate").setLeafSize(20).setNumTrees(3).setRecallSampleSize(20)));
        configs.add(new Config("Laplacian epsilon, radius 2^1", e -> new LaplacianScoreSelector().setGraphType("epsilon")
                .setRadius(Math.scalb(2.0, e))));
        configs.add(new Config("Laplacian classKnn", e -> new LaplacianScoreSelector().setGraphType("classKnn")
                .setLabelCol(LabeledFrames.LABEL).setNumNeighbors(4)));
        configs.add(new Config("Laplacian class", e -> new LaplacianScoreSelector().setGraphType("class")
                .setLabelCol(LabeledFrames.LABEL)));
        configs.add(new Config("Fisher", e -> new FisherScoreSelector().setLabelCol(LabeledFrames.LABEL)));
        configs.add(new Config("LKR knn", e -> new LocalKernelRegressionSelector().setNumNeighbors(5)));
        configs.add(new Config("LKR class, a large class", e -> new LocalKernelRegressionSelector().setGraphType("class")
                .setLabelCol(LabeledFrames.LABEL).setMaxClassSize(15).setNumNeighbors(4)));
        return configs;
    }

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (double factor : new double[]{1e300, 1e-310}) {
            for (Config config : configs()) {
                cases.add(Arguments.of(factor, config));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "x {0}: {1}")
    @MethodSource("cases")
    void extremeDataScoreAsTheirExactRescaling(double factor, Config config) {
        double[][] extreme = new double[ROWS][];
        double[][] rescaled = new double[ROWS][];
        int exponent = -Math.getExponent(factor);
        for (int i = 0; i < ROWS; i++) {
            extreme[i] = new double[DATA[i].length];
            rescaled[i] = new double[DATA[i].length];
            for (int j = 0; j < DATA[i].length; j++) {
                extreme[i][j] = DATA[i][j] * factor;
                rescaled[i][j] = Math.scalb(extreme[i][j], exponent);
            }
        }
        FeatureSelectorModel<?> onExtreme = fit(config.selector().apply(-exponent), extreme);
        FeatureSelectorModel<?> onRescaled = fit(config.selector().apply(0), rescaled);
        for (int feature = 0; feature < DATA[0].length; feature++) {
            double expected = onRescaled.scores()[feature];
            assertTrue(Double.isFinite(expected), "the rescaled data score every feature: " + expected);
            assertEquals(expected, onExtreme.scores()[feature], 1e-12 * Math.abs(expected), "score of feature " + feature);
        }
        assertArrayEquals(onRescaled.selectedFeatures(), onExtreme.selectedFeatures());
        assertEquals(onRescaled.summary().numEdges(), onExtreme.summary().numEdges());
        assertBandwidthInTheDataUnits(onRescaled.summary().bandwidth(), -2 * exponent, onExtreme.summary().bandwidth());
    }

    /**
     * The bandwidth t is a squared distance, so in the extreme data's units it is the rescaled data's t times
     * 2^{@code squaredExponent}, exactly. Near 1e300 that has no double and the model reports Infinity; near
     * 1e-310 it reports 0: the product rounded as {@link Math#scalb} rounds it. Kernels without a bandwidth
     * report NaN on both.
     */
    private static void assertBandwidthInTheDataUnits(double rescaled, int squaredExponent, double reported) {
        double expected = Math.scalb(rescaled, squaredExponent);
        double tolerance = Double.isFinite(expected) ? 1e-12 * Math.abs(expected) : 0.0;
        assertEquals(expected, reported, tolerance, "bandwidth in the data's units (rescaled: " + rescaled + ")");
    }

    /**
     * A row far from all others, under a bandwidth small enough that each of its weights underflows to
     * 0, is isolated (D_ii = 0) and drops out of the scores exactly as in the dense reference, which
     * underflows the same way; a bandwidth under which every weight underflows is refused.
     */
    @Test
    void heatKernelUnderflowIsolatesRowsInsteadOfTurningScoresToNaN() {
        double[][] data = Arrays.copyOf(DATA, ROWS);
        data[17] = new double[]{1e3, -1e3, 1e3, -1e3};
        double bandwidth = 2.0;
        DenseLaplacianReference reference = new DenseLaplacianReference(data, 5, "euclidean", "heat", bandwidth, false);
        LaplacianScoreSelectorModel model = new LaplacianScoreSelector().setNumNeighbors(5).setBandwidth(bandwidth)
                .setNumTopFeatures(2).fit(LabeledFrames.frame(data, LABELS, DataTypes.DoubleType, 3));
        assertEquals(1, model.summary().isolatedRows());
        assertArrayEquals(reference.scores(data, false), model.scores(), 1e-10);
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> new LaplacianScoreSelector()
                .setBandwidth(1e-300).fit(LabeledFrames.frame(data, LABELS, DataTypes.DoubleType, 3)));
        assertTrue(error.getMessage().contains("bandwidth t = 1.0E-300 is too small"), error.getMessage());
    }

    private static FeatureSelectorModel<?> fit(FeatureSelector<?, ?> selector, double[][] rows) {
        return selector.setNumTopFeatures(2).fit(LabeledFrames.frame(rows, LABELS, DataTypes.DoubleType, 3));
    }
}
