package lapscore.selection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import lapscore.progress.FitWarnings;
import lapscore.selection.SelectorContractTest.Contract;
import lapscore.selection.base.GraphFeatureSelector;
import lapscore.testkit.LabeledFrames;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A label with (nearly) one row per class, as a continuous target gives, is refused by every
 * supervised mode by the one rule of {@link lapscore.data.LabelClasses}: refused when the
 * classes outnumber the within-class degrees of freedom (c - 1 > n - c), warned about when only
 * some classes are singletons, whose Fisher score then follows the formula (checked by brute force).
 */
class ContinuousLabelTest {

    private static final int ROWS = 40;
    private static final double[][] DATA = SparkTestSession.clusteredData(ROWS, 4, 11L);

    static Stream<Contract> supervised() {
        return SelectorContractTest.CONTRACTS.stream().filter(contract -> contract.estimator().get() instanceof FisherScoreSelector
                || contract.estimator().get() instanceof GraphFeatureSelector<?, ?> graph && graph.graphSpec().needsLabels());
    }

    /** Labels 0, 0, 1, 1, ...: {@code pairs} classes of two rows, then one class per remaining row. */
    private static int[] pairsThenSingletons(int pairs) {
        int[] labels = new int[ROWS];
        for (int i = 0; i < ROWS; i++) {
            labels[i] = i < 2 * pairs ? i / 2 : i - pairs;
        }
        return labels;
    }

    private static Dataset<Row> frame(int[] labels) {
        return LabeledFrames.frame(DATA, LabeledFrames.doubles(labels), DataTypes.DoubleType, 3);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("supervised")
    void oneRowPerClassIsRefusedNamingTheLabel(Contract contract) {
        String message = assertThrows(IllegalArgumentException.class,
                () -> contract.estimator().get().fit(frame(pairsThenSingletons(0)))).getMessage();
        assertFalse(message.contains("\n"), message);
        for (String fragment : List.of("'label'", "looks like a continuous target", "40 distinct values in 40 rows",
                "no class has two rows", "graphType = knn", "bin the label")) {
            assertTrue(message.contains(fragment), () -> "'" + message + "' should mention '" + fragment + "'");
        }
    }

    /**
     * 20 classes of 2 rows leave n - c = 20 within-class degrees of freedom for c - 1 = 19 between:
     * scored. 19 pairs and 2 singletons make 21 classes, 20 > 19: refused.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("supervised")
    void theBoundaryIsTheDegreesOfFreedom(Contract contract) {
        assertEquals(DATA[0].length, contract.estimator().get().fit(frame(pairsThenSingletons(20))).scores().length);
        String message = assertThrows(IllegalArgumentException.class,
                () -> contract.estimator().get().fit(frame(pairsThenSingletons(19)))).getMessage();
        assertTrue(message.contains("21 distinct values in 40 rows (fewer than two rows per class)"), message);
    }

    @Test
    void someSingletonClassesAreWarnedAboutAndAddOnlyToTheBetweenClassSpread() {
        int[] labels = new int[ROWS];
        for (int i = 0; i < ROWS; i++) {
            labels[i] = i < 3 ? 10 + i : i % 3;
        }
        List<String> warnings = new ArrayList<>();
        FitWarnings.setListener(warnings::add);
        double[] scores;
        try {
            scores = new FisherScoreSelector().setLabelCol(LabeledFrames.LABEL).fit(frame(labels)).scores();
        } finally {
            FitWarnings.removeListener();
        }
        assertEquals(1, warnings.size(), warnings::toString);
        assertTrue(warnings.get(0).contains("Column 'label': 3 of 6 classes have a single row (40 rows in all)"), warnings.get(0));
        for (int r = 0; r < DATA[0].length; r++) {
            assertEquals(bruteForceFisher(labels, r), scores[r], 1e-12 * bruteForceFisher(labels, r));
        }
    }

    /** sum_l n_l (mu_l - mu)^2 / sum_l sum_{i in l} (f_i - mu_l)^2, straight from the definition. */
    private static double bruteForceFisher(int[] labels, int r) {
        double mean = 0.0;
        for (double[] row : DATA) {
            mean += row[r] / ROWS;
        }
        double between = 0.0;
        double within = 0.0;
        for (int label : Arrays.stream(labels).distinct().toArray()) {
            List<Double> values = new ArrayList<>();
            for (int i = 0; i < ROWS; i++) {
                if (labels[i] == label) {
                    values.add(DATA[i][r]);
                }
            }
            double classMean = values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
            between += values.size() * (classMean - mean) * (classMean - mean);
            within += values.stream().mapToDouble(value -> (value - classMean) * (value - classMean)).sum();
        }
        return between / within;
    }
}
