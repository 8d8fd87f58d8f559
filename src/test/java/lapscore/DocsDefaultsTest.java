package lapscore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import lapscore.graph.search.approximate.ForestSettings;
import lapscore.selection.LocalKernelRegressionSelector;
import lapscore.selection.registry.Score;
import lapscore.selection.registry.Scores;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.Params;
import org.junit.jupiter.api.Test;

/**
 * The defaults and definitions the user docs state in prose, against the code: docs/params.md is
 * generated from the params, but the guide, how-it-works and the other pages repeat some of them
 * in sentences, where they can drift. Read: README.md and docs/*.md but the benchmark log (a dated
 * record), with white space collapsed so that a statement may span lines.
 */
class DocsDefaultsTest {

    private static final List<Params> ESTIMATORS = Scores.builtIn().stream().<Params>map(Score::newEstimator).toList();

    /** {@code `param` (default X} or {@code `a = param` (default X}: a param's default stated in a sentence. */
    private static final Pattern PARAM_DEFAULT = Pattern.compile("`(?:[^`=]*= )?([a-z][A-Za-z]+)` \\(default ([^,;)]+)");

    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(Path.of("README.md")));
        try (Stream<Path> docs = Files.list(Path.of("docs"))) {
            docs.filter(page -> page.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    private static String text(Path page) throws IOException {
        return Files.readString(page).replaceAll("\\s+", " ");
    }

    /** Every {@code `param` (default X)} names a param of an estimator whose default is X (in any estimator that has it). */
    @Test
    void paramDefaultsInSentencesAreTheParamsDefaults() throws IOException {
        int stated = 0;
        for (Path page : pages()) {
            Matcher statement = PARAM_DEFAULT.matcher(text(page));
            while (statement.find()) {
                String name = statement.group(1);
                String value = statement.group(2).trim();
                List<String> defaults = ESTIMATORS.stream().filter(owner -> owner.hasParam(name))
                        .map(owner -> defaultOf(owner, owner.getParam(name))).distinct().toList();
                assertTrue(!defaults.isEmpty(), page + ": '" + statement.group() + "' names no param");
                assertTrue(defaults.contains(normalised(value)), page + ": '" + statement.group() + "', but the default is "
                        + defaults);
                stated++;
            }
        }
        assertTrue(stated >= 4, "the pages state at least the defaults of maxEdges, lkrLambda, maxClassSize and numBins: "
                + stated);
    }

    /** The number of trees by default: one rule, the code's, wherever it is stated. */
    @Test
    void theTreesRuleIsTheCodes() throws IOException {
        String rule = String.format(Locale.ROOT, "`round(sqrt(m) / %s)` within [%d, %d]", plain(ForestSettings.SQRT_ROWS_PER_TREE),
                ForestSettings.MIN_TREES, ForestSettings.MAX_TREES);
        Pattern anyRule = Pattern.compile("`round\\(sqrt\\(m\\) / [0-9.]+\\)` within \\[\\d+, \\d+\\]");
        int stated = 0;
        for (Path page : pages()) {
            Matcher statement = anyRule.matcher(text(page));
            while (statement.find()) {
                assertEquals(rule, statement.group(), page.toString());
                stated++;
            }
        }
        assertTrue(stated >= 2, "the guide and how-it-works state the rule: " + stated);
    }

    /**
     * The automatic bandwidth has one definition: the mean squared distance over all pairs of rows
     * i < j ("distinct rows" means rows of different values since {@code dropDuplicates}).
     */
    @Test
    void theBandwidthHasOneDefinition() throws IOException {
        int stated = 0;
        for (Path page : pages()) {
            Matcher statement = Pattern.compile("mean squared distance over all pairs[^.;|)]*").matcher(text(page));
            while (statement.find()) {
                assertTrue(statement.group().startsWith("mean squared distance over all pairs of rows i < j"), page + ": '"
                        + statement.group() + "'");
                stated++;
            }
        }
        assertTrue(stated >= 3, "params, cli and errors define it: " + stated);
    }

    /** The LKR's k in the guide's sentence is the LKR selector's default, not the Laplacian Score's. */
    @Test
    void theLkrNeighbourCountInTheGuideIsItsDefault() throws IOException {
        Matcher statement = Pattern.compile("a directed set; k defaults to (\\d+)").matcher(text(Path.of("docs/user-guide.md")));
        assertTrue(statement.find(), "the guide states LKR's k");
        LocalKernelRegressionSelector lkr = new LocalKernelRegressionSelector();
        assertEquals(lkr.getNumNeighbors(), Integer.parseInt(statement.group(1)));
    }

    private static String defaultOf(Params owner, Param<?> param) {
        return owner.getDefault(param).isEmpty() ? "unset" : normalised(owner.getDefault(param).get().toString());
    }

    /** A value as written in prose or code, in one form: 2·10^7 and 20000000 alike, 0.1 and 0.10 alike, quotes and backticks off. */
    private static String normalised(String value) {
        String text = value.replace("`", "").replace("\"", "").trim();
        Matcher power = Pattern.compile("([0-9.]+)·10\\^(\\d+)").matcher(text);
        if (power.matches()) {
            return plain(Double.parseDouble(power.group(1)) * Math.pow(10, Integer.parseInt(power.group(2))));
        }
        try {
            return plain(Double.parseDouble(text.replace(" ", "")));
        } catch (NumberFormatException notANumber) {
            return text.toLowerCase(Locale.ROOT);
        }
    }

    private static String plain(double number) {
        return number == Math.rint(number) && Math.abs(number) < 1e15 ? Long.toString((long) number) : Double.toString(number);
    }
}
