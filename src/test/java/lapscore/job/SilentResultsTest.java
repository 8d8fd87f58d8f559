package lapscore.job;

import static lapscore.job.JobRuns.error;
import static lapscore.job.JobRuns.printed;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.IntStream;

import lapscore.selection.base.FeatureSelectorModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Results that once came back without a word: each now comes with a note, a warning or a refusal in the user's terms. */
class SilentResultsTest {

    /** What {@code fit} prints and the model it returns. */
    private record Run(String printed, FeatureSelectorModel<?> model) {
    }

    private static Run run(String... args) throws Exception {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        FeatureSelectorModel<?> model = FitCommand.run(JobRuns.SPARK, args, new PrintStream(printed, true, StandardCharsets.UTF_8));
        return new Run(printed.toString(StandardCharsets.UTF_8), model);
    }

    /** Three features and a continuous target y = a + noise, one distinct value per row. */
    private static String continuousTarget(Path dir) throws Exception {
        Random random = new Random(7);
        List<String> lines = new ArrayList<>(List.of("a,b,c,y"));
        for (int row = 0; row < 60; row++) {
            double a = random.nextGaussian();
            lines.add(String.format(Locale.ROOT, "%.6f,%.6f,%.6f,%.9f", a, random.nextGaussian(), random.nextGaussian(),
                    a + 0.1 * random.nextGaussian()));
        }
        return Files.write(dir.resolve("continuous.csv"), lines).toString();
    }

    @Test
    void continuousTargetIsRefusedByEverySupervisedMode(@TempDir Path dir) throws Exception {
        String input = continuousTarget(dir);
        for (String[] mode : List.of(new String[]{"--score", "fisher"}, new String[]{"--graph", "class"},
                new String[]{"--graph", "classKnn"}, new String[]{"--score", "lkr", "--graph", "class"})) {
            List<String> args = new ArrayList<>(List.of("--input", input, "--label-col", "y"));
            args.addAll(List.of(mode));
            String message = error(args.toArray(String[]::new));
            assertTrue(message.startsWith("Column 'y' looks like a continuous target: 60 distinct values in 60 rows"), message);
            assertTrue(message.contains("use an unsupervised graph (--graph knn) or bin the label"), message);
        }
    }

    @Test
    void theOneModeOptionGivenChoosesTheMode() throws Exception {
        Run threshold = run("--input", "data/iris.csv", "--label-col", "species", "--threshold", "0.03");
        assertTrue(threshold.printed().contains("Note: --select threshold follows from --threshold (the only selection option given)"),
                threshold.printed());
        double[] scores = threshold.model().scores();
        int[] atMostThreshold = IntStream.range(0, scores.length).filter(feature -> scores[feature] <= 0.03).toArray();
        assertTrue(atMostThreshold.length < scores.length, "some feature scores above 0.03 on iris");
        assertArrayEquals(atMostThreshold, threshold.model().selectedFeatures());

        Run percentile = run("--input", "data/iris.csv", "--label-col", "species", "--percentile", "0.5");
        assertTrue(percentile.printed().contains("Note: --select percentile follows from --percentile"), percentile.printed());
        assertEquals(2, percentile.model().selectedFeatures().length, "floor(0.5 * 4) features");

        assertFalse(printed("--input", "data/iris.csv", "--label-col", "species", "--num-features", "2").contains("Note:"),
                "--num-features alone is the default mode");
    }

    @Test
    void modeOptionsOfAnotherModeAreNotedOrRefused() throws Exception {
        String ignored = printed("--input", "data/iris.csv", "--label-col", "species", "--select", "threshold", "--threshold", "0.03",
                "--num-features", "2", "--percentile", "0.5");
        assertTrue(ignored.contains("Note: --num-features, --percentile do not apply to --select threshold and are ignored"), ignored);
        assertEquals("--percentile, --threshold belong to different selection modes; give --select to choose one",
                error("--input", "data/iris.csv", "--percentile", "0.5", "--threshold", "0.1"));
    }

    @Test
    void aPercentileThatKeepsNothingIsNoted() throws Exception {
        Run run = run("--input", "data/iris.csv", "--label-col", "species", "--select", "percentile", "--percentile", "0.2");
        assertEquals(0, run.model().selectedFeatures().length);
        assertTrue(run.printed().contains("Warning: --percentile 0.2 keeps floor(0.2 * 4) = 0 of the 4 features (rounded down, as"
                + " the selectors of Spark do), so none is selected; set --percentile to at least 0.25 to keep one"), run.printed());
    }

    @Test
    void isolatedRowsAreNamedNotConstantFeatures() throws Exception {
        Run run = run("--input", "data/iris.csv", "--label-col", "species", "--graph", "epsilon", "--radius", "0.05");
        long isolated = run.model().summary().isolatedRows();
        long rows = run.model().summary().numRows();
        assertTrue(isolated > 0.9 * rows, "radius 0.05 leaves most iris rows alone");
        String printed = run.printed();
        assertTrue(printed.contains("Warning: " + isolated + " of " + rows + " rows are isolated at --radius 0.05"), printed);
        assertTrue(printed.contains("Warning: The input has no feature with a score, so none is selected: " + isolated + " of " + rows
                + " rows are isolated (no edge of positive weight) and every feature is constant over the " + (rows - isolated)
                + " others; choose a larger --radius"), printed);
        assertFalse(printed.contains("lapscore_"), printed);
        assertFalse(printed.contains("Features without a score"), "every feature lacks a score here, which the warning says");
        assertEquals(4, run.model().numUnscoredFeatures());
        assertEquals("constant over the " + (rows - isolated) + " rows with an edge of positive weight (" + isolated + " rows are"
                + " isolated and weigh nothing)", run.model().unscoredReason());
    }

    /**
     * Iris with 60 columns constant over its rows (as whole sets of zeros are in gene expression
     * subsets): the console counts the features with a score, says how many have none and why, and
     * the scores file ranks the constant ones last, by index, with the reason.
     */
    @Test
    void constantColumnsAreCountedExplainedAndRankedLast(@TempDir Path dir) throws Exception {
        List<String> iris = Files.readAllLines(Path.of("data/iris.csv"));
        int constants = 60;
        String header = iris.get(0) + IntStream.range(0, constants).mapToObj(c -> ",zero" + c).reduce("", String::concat);
        List<String> lines = new ArrayList<>(List.of(header));
        iris.subList(1, iris.size()).forEach(line -> lines.add(line + ",0".repeat(constants)));
        Path scores = dir.resolve("scores.csv");
        Run run = run("--input", Files.write(dir.resolve("constant.csv"), lines).toString(), "--label-col", "species",
                "--scores-out", scores.toString());
        String printed = run.printed();
        assertEquals(constants, run.model().numUnscoredFeatures());
        assertEquals("constant over the 150 rows", run.model().unscoredReason());
        assertTrue(printed.contains("Features without a score: 60 of 64, each constant over the 150 rows; ranked last (ranks 5 to 64),"
                + " never selected; all of them are in " + scores), printed);
        assertTrue(printed.contains("Warning: The input has 60 of 64 features without a score, each constant over the 150 rows; they"
                + " rank last and are never selected"), printed);
        assertFalse(printed.contains("zero0"), "only the four scored features are listed: " + printed);
        List<String> rows = Files.readAllLines(scores);
        for (int c = 0; c < constants; c++) {
            assertEquals((4 + c) + ",zero" + c + ",NaN," + (5 + c) + ",false,,constant over the 150 rows", rows.get(5 + c));
        }
        for (int feature = 0; feature < 4; feature++) {
            String[] cells = rows.get(1 + feature).split(",", -1);
            assertTrue(Integer.parseInt(cells[3]) <= 4 && cells[6].isEmpty(), rows.get(1 + feature));
        }
    }
}
