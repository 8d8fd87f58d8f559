package lapscore.selection.params;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import lapscore.selection.FisherScoreSelector;
import lapscore.selection.FisherScoreSelectorModel;
import lapscore.selection.LaplacianScoreSelector;
import lapscore.selection.LaplacianScoreSelectorModel;
import lapscore.selection.LocalKernelRegressionSelector;
import lapscore.selection.LocalKernelRegressionSelectorModel;
import lapscore.selection.McfsSelector;
import lapscore.selection.McfsSelectorModel;
import lapscore.selection.SpecSelector;
import lapscore.selection.SpecSelectorModel;
import lapscore.selection.base.FitSummary;
import lapscore.selection.redundancy.Redundancy;
import lapscore.testkit.DocsSection;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.Params;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/params.md} against the params themselves: one table per estimator, rendered from its
 * Spark {@link Param} objects (name, default as {@code getDefault} gives it, the values its validator
 * accepts, its doc string). A param added without its row, a row whose default or doc differs, fails.
 * {@code ./mvnw -q -o test -Dtest=ParamsReferenceTest -Dregenerate=true} rewrites the tables instead.
 */
class ParamsReferenceTest {

    private static final Path PAGE = Path.of("docs/params.md");

    @Test
    void pageListsEveryParamWithItsDefaultRangeAndDoc() throws IOException {
        Map<String, String> tables = new LinkedHashMap<>();
        tables.put("LaplacianScoreSelector", table(new LaplacianScoreSelector()));
        tables.put("FisherScoreSelector", table(new FisherScoreSelector()));
        tables.put("LocalKernelRegressionSelector", table(new LocalKernelRegressionSelector()));
        tables.put("SpecSelector", table(new SpecSelector()));
        tables.put("McfsSelector", table(new McfsSelector()));
        DocsSection.check(PAGE, tables, "./mvnw -q -o test -Dtest=ParamsReferenceTest -Dregenerate=true");
    }

    /** The page says a model has its estimator's params: the same names, defaults, ranges and docs. */
    @Test
    void modelsHaveTheirEstimatorsParams() {
        FitSummary summary = new FitSummary(2, 0, 1, 0, "knn", 1, "exact", 1.0, 1, 0, 0, Double.NaN, 1, 2, 0, 0, 0, 0, 0, 0, 0);
        double[] scores = {0.5};
        int[] selected = {0};
        assertEquals(table(new LaplacianScoreSelector()),
                table(new LaplacianScoreSelectorModel("m", scores, selected, Redundancy.none(1), summary)));
        assertEquals(table(new FisherScoreSelector()),
                table(new FisherScoreSelectorModel("m", scores, selected, Redundancy.none(1), summary)));
        assertEquals(table(new LocalKernelRegressionSelector()),
                table(new LocalKernelRegressionSelectorModel("m", scores, selected, Redundancy.none(1), summary)));
        assertEquals(table(new SpecSelector()), table(new SpecSelectorModel("m", scores, selected, Redundancy.none(1), summary)));
        assertEquals(table(new McfsSelector()), table(new McfsSelectorModel("m", scores, selected, Redundancy.none(1), summary)));
    }

    /** The Markdown table of {@code owner}'s params, by name. */
    private static String table(Params owner) {
        StringBuilder text = new StringBuilder("| param | default | accepts | doc |\n|---|---|---|---|\n");
        Arrays.stream(owner.params()).sorted((a, b) -> a.name().compareTo(b.name())).forEach(param ->
                text.append("| `").append(param.name()).append("` | ").append(defaultOf(owner, param)).append(" | ")
                        .append(cell(accepted(param))).append(" | ").append(cell(param.doc())).append(" |\n"));
        return text.toString();
    }

    private static String defaultOf(Params owner, Param<?> param) {
        if (owner.getDefault(param).isEmpty()) {
            return "unset";
        }
        Object value = owner.getDefault(param).get();
        return value instanceof String ? "`\"" + value + "\"`" : "`" + value + "`";
    }

    /** What the param's validator accepts: a {@link ParamChecks} check says so; the others accept any value of their type. */
    private static String accepted(Param<?> param) {
        if (param.isValid() instanceof ParamChecks.Check<?>) {
            return param.isValid().toString();
        }
        if (param instanceof BooleanParam) {
            return "true or false";
        }
        return param instanceof LongParam ? "any long" : "any string";
    }

    private static String cell(String text) {
        return text.replace("|", "\\|");
    }
}
