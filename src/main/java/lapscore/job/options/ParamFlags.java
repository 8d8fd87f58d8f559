package lapscore.job.options;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import lapscore.selection.base.FeatureSelector;
import lapscore.selection.registry.Score;
import lapscore.selection.registry.Scores;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.Param;

/**
 * The command-line flags that set an estimator param ({@code --k} sets {@code numNeighbors}, ...):
 * their help text and default come from the param itself (so a default is written once, in the
 * estimator), and their values are parsed by the param's type and checked by the param's own
 * validator. (A param whose value is one of a fixed set of words reads it through
 * {@link lapscore.ParamOption}; that is the library's side, this the command line's.)
 */
public final class ParamFlags {

    private ParamFlags() {
    }

    /**
     * The spec of the option {@code flag} that sets {@code param}: the param's doc, and its default
     * in every estimator that has it ("5" when all agree, "5; lkr: 10" when they differ).
     */
    static CommandOption.Spec spec(String flag, String placeholder, String param) {
        Map<Score, String> defaults = new LinkedHashMap<>();
        String doc = null;
        for (Score score : Scores.builtIn()) {
            FeatureSelector<?, ?> estimator = score.newEstimator();
            if (estimator.hasParam(param)) {
                Param<?> declared = estimator.getParam(param);
                doc = doc == null ? declared.doc() : doc;
                if (estimator.hasDefault(declared)) {
                    defaults.put(score, String.valueOf(estimator.getDefault(declared).get()));
                }
            }
        }
        if (doc == null) {
            throw new IllegalStateException("No estimator has the param " + param + " of option " + flag);
        }
        String first = defaults.values().stream().findFirst().orElse(null);
        String shown = first == null ? null : defaults.values().stream().allMatch(first::equals) ? first
                : first + defaults.entrySet().stream().filter(entry -> !entry.getValue().equals(first))
                .map(entry -> "; " + entry.getKey().name() + ": " + entry.getValue()).collect(Collectors.joining());
        return new CommandOption.Spec(flag, placeholder, shown, doc);
    }

    /**
     * Sets on {@code estimator} every param option given in {@code args}; returns the flags given
     * that this estimator has no param for (to be reported as ignored). A value the param refuses
     * fails in the param's words ({@code numNeighbors must be ...}), which the job turns into the flag's.
     */
    public static List<String> apply(FeatureSelector<?, ?> estimator, JobArguments<FitOption> args) {
        List<String> ignored = new ArrayList<>();
        for (FitOption option : FitOption.values()) {
            if (option.param() == null || !args.given(option)) {
                continue;
            }
            if (!estimator.hasParam(option.param())) {
                ignored.add(option.flag());
                continue;
            }
            Param<?> param = estimator.getParam(option.param());
            set(estimator, param, parse(param, option, args));
        }
        return ignored;
    }

    @SuppressWarnings("unchecked")
    private static void set(FeatureSelector<?, ?> estimator, Param<?> param, Object value) {
        estimator.set((Param<Object>) param, value);
    }

    private static Object parse(Param<?> param, FitOption option, JobArguments<FitOption> args) {
        if (param instanceof IntParam) {
            return args.integer(option);
        } else if (param instanceof LongParam) {
            return args.longInteger(option);
        } else if (param instanceof DoubleParam) {
            return args.number(option);
        } else if (param instanceof BooleanParam) {
            return args.flag(option);
        }
        return args.text(option);
    }
}
