package lapscore.selection.params;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import lapscore.selection.base.FitSummary;
import lapscore.selection.redundancy.Redundancy;
import lapscore.selection.registry.Score;
import lapscore.selection.registry.Scores;
import lapscore.testkit.DocsSection;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.Params;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/params.md} against the params themselves: per score of the registry, a heading and a table rendered from its estimator's
 * Spark {@link Param} objects (name, default as {@code getDefault} gives it, the values its validator
 * accepts, its doc string). A param added without its row, a row whose default or doc differs, fails.
 * {@code ./mvnw -q -o test -Dtest=ParamsReferenceTest -Dregenerate=true} rewrites the tables instead.
 */
class ParamsReferenceTest {

    private static final Path PAGE = Path.of("docs/params.md");

    @Test
    void pageListsEveryParamWithItsDefaultRangeAndDoc() throws IOException {
        DocsSection.check(PAGE, Map.of("selectors", sections(Scores.builtIn())),
                "./mvnw -q -o test -Dtest=ParamsReferenceTest -Dregenerate=true");
    }

    /** A score of another catalogue (the test class path's) gets its section by the same rendering, with its own params. */
    @Test
    void everyScoreOfTheRegistryHasItsSection() {
        for (Score score : Scores.all()) {
            String section = sections(List.of(score));
            assertTrue(section.startsWith("## " + score.estimator().getSimpleName() + "\n\nThe " + score.title()), section);
            for (String param : score.ownParams()) {
                assertTrue(section.contains("| `" + param + "` |"), score.name() + " lacks " + param);
            }
        }
    }

    /** The page says a model has its estimator's params: the same names, defaults, ranges and docs. */
    @Test
    void modelsHaveTheirEstimatorsParams() throws ReflectiveOperationException {
        FitSummary summary = new FitSummary(2, 0, 1, 0, "knn", 1, "exact", 1.0, 1, 0, 0, Double.NaN, 1, 2, 0, 0, 0, 0, 0, 0, 0);
        for (Score score : Scores.all()) {
            Params model = score.model().getConstructor(String.class, double[].class, int[].class, Redundancy.class, FitSummary.class)
                    .newInstance("m", new double[]{0.5}, new int[]{0}, Redundancy.none(1), summary);
            assertEquals(table(score.newEstimator()), table(model), score.name());
        }
    }

    /** Per score, a heading with its estimator's name, its title and description, and its params' table. */
    private static String sections(List<Score> scores) {
        StringBuilder text = new StringBuilder();
        for (Score score : scores) {
            text.append("## ").append(score.estimator().getSimpleName()).append("\n\nThe ").append(score.title()).append(": ")
                    .append(score.description()).append(".\n\n").append(table(score.newEstimator())).append("\n");
        }
        return text.toString();
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
