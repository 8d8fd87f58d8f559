package lapscore.job.options;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import lapscore.selection.base.FeatureSelector;
import lapscore.selection.registry.Score;
import lapscore.selection.registry.Scores;
import org.apache.spark.ml.param.IntParam;
import org.junit.jupiter.api.Test;

/** Whole numbers on the command line: a value beyond the option's type is refused with the bound, in the flag's name. */
class JobArgumentsTest {

    private static final String TOO_LARGE_FOR_AN_INT = "99999999999";

    private static <E extends Enum<E> & CommandOption> JobArguments<E> given(Class<E> type, E option, String value) {
        return JobArguments.parse(type, new String[]{option.flag(), value}, List.of());
    }

    /** Every fit option that sets an int param of some score's estimator, as the job parses it. */
    @Test
    void everyIntParamOptionNamesItsBound() {
        int checked = 0;
        for (FitOption option : FitOption.values()) {
            for (Score score : Scores.all()) {
                FeatureSelector<?, ?> estimator = score.newEstimator();
                if (option.param() == null || !estimator.hasParam(option.param())
                        || !(estimator.getParam(option.param()) instanceof IntParam)) {
                    continue;
                }
                JobArguments<FitOption> args = given(FitOption.class, option, TOO_LARGE_FOR_AN_INT);
                assertEquals(option.flag() + " must be at most 2147483647, got " + TOO_LARGE_FOR_AN_INT,
                        assertThrows(IllegalArgumentException.class, () -> ParamFlags.apply(estimator, args)).getMessage());
                checked++;
            }
        }
        assertTrue(checked >= 10, "int param options checked: " + checked);
    }

    @Test
    void eachKindOfWholeNumberNamesItsBounds() {
        assertEquals("--partitions must be at most 2147483647, got 99999999999", assertThrows(IllegalArgumentException.class,
                () -> given(FitOption.class, FitOption.PARTITIONS, TOO_LARGE_FOR_AN_INT).integer(FitOption.PARTITIONS)).getMessage());
        assertEquals("--partitions must be at least -2147483648, got -99999999999", assertThrows(IllegalArgumentException.class,
                () -> given(FitOption.class, FitOption.PARTITIONS, "-99999999999").integer(FitOption.PARTITIONS)).getMessage());
        assertEquals("--rows must be at most 9223372036854775807, got 99999999999999999999", assertThrows(
                IllegalArgumentException.class, () -> given(GenerateOption.class, GenerateOption.ROWS, "99999999999999999999")
                        .longInteger(GenerateOption.ROWS)).getMessage());
        assertEquals("--num-features must be at most 2147483647, got 99999999999", assertThrows(IllegalArgumentException.class,
                () -> given(EvaluateOption.class, EvaluateOption.NUM_FEATURES, "1, 99999999999").integers(EvaluateOption.NUM_FEATURES))
                .getMessage());
        assertEquals("--rows must be whole numbers separated by commas, got '1e6'", assertThrows(IllegalArgumentException.class,
                () -> given(BenchOption.class, BenchOption.ROWS, "100,1e6").longIntegers(BenchOption.ROWS)).getMessage());
        assertEquals("--dims must be at least 1, got 0", assertThrows(IllegalArgumentException.class,
                () -> given(GenerateOption.class, GenerateOption.DIMS, "0").integerAtLeast(GenerateOption.DIMS, 1)).getMessage());
        assertArrayEquals(new int[]{1, 2147483647}, given(EvaluateOption.class, EvaluateOption.NUM_FEATURES, "1, 2147483647")
                .integers(EvaluateOption.NUM_FEATURES));
    }

    /** The command line of a run, as a generated table quotes it: the options given, in the table's order, less those left out. */
    @Test
    void theOptionsGivenReadBackInTheTablesOrder() {
        JobArguments<BenchOption> args = JobArguments.parse(BenchOption.class, new String[]{"--methods", "approximate", "--overwrite",
            "--rows", "1000,2000", "--output", "x.csv", "--markdown", "docs/performance.md#tall"}, List.of());
        assertEquals("--rows 1000,2000 --methods approximate", args.asGiven(List.of(BenchOption.OUTPUT, BenchOption.OVERWRITE,
                BenchOption.MARKDOWN)));
        assertEquals("--rows 1000,2000 --methods approximate --output x.csv --overwrite --markdown docs/performance.md#tall",
                args.asGiven(List.of()));
    }
}
