package lapscore.job;

import static lapscore.job.JobRuns.error;
import static lapscore.job.JobRuns.printed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import lapscore.selection.base.FeatureSelectorModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the job prints while and after it runs, and its outputs at the edges. */
class PresentationTest {

    /**
     * The closing seconds line has one entry per stage, the input stages first, and each entry is the
     * sum of the step lines of its stage printed as they finished.
     */
    @Test
    void secondsLineHasEveryStageInputFirstEachTheSumOfItsSteps() throws Exception {
        String output = printed("--input", "data/iris.csv", "--label-col", "species", "--num-features", "2");
        Map<String, Double> steps = new LinkedHashMap<>();
        Matcher step = Pattern.compile("(?m)^\\[([a-z ]+)] .*: ([0-9.]+) s$").matcher(output);
        while (step.find()) {
            steps.merge(step.group(1), Double.parseDouble(step.group(2)), Double::sum);
        }
        Matcher line = Pattern.compile("(?m)^Seconds: (.*) \\(\\d+ blocks of \\d+ rows\\)$").matcher(output);
        assertTrue(line.find(), output);
        Map<String, Double> totals = new LinkedHashMap<>();
        for (String entry : line.group(1).split(", ")) {
            int space = entry.lastIndexOf(' ');
            totals.put(entry.substring(0, space), Double.parseDouble(entry.substring(space + 1)));
        }
        assertEquals(List.of("read", "input checks", "validation", "graph", "weights", "scores"), new ArrayList<>(totals.keySet()));
        assertEquals(totals.keySet(), steps.keySet(), "a step line for every stage: " + output);
        // Each printed value is rounded to 0.01 s; a stage of s steps differs from their sum by at most (s + 1) / 200.
        totals.forEach((stage, seconds) -> assertEquals(seconds, steps.get(stage), 0.05, stage));
    }

    @Test
    void longRankingsPrintTheFirstFiftyAndCountTheRest(@TempDir Path dir) throws Exception {
        Random random = new Random(3);
        List<String> lines = new ArrayList<>();
        lines.add(IntStream.range(0, 60).mapToObj(i -> "c" + i).collect(Collectors.joining(",")));
        for (int row = 0; row < 20; row++) {
            lines.add(IntStream.range(0, 60).mapToObj(i -> Double.toString(random.nextGaussian())).collect(Collectors.joining(",")));
        }
        String input = Files.write(dir.resolve("wide.csv"), lines).toString();
        String output = printed("--input", input, "--k", "3");
        assertTrue(output.contains("\n   50  c"), output);
        assertFalse(output.contains("\n   51  c"), output);
        assertTrue(output.contains("  ... and 10 more features; --scores-out FILE writes all of them"), output);

        Path scores = dir.resolve("scores.csv");
        String withFile = printed("--input", input, "--k", "3", "--scores-out", scores.toString());
        assertTrue(withFile.contains("  ... and 10 more features; all of them are in " + scores), withFile);
        assertEquals(61, Files.readAllLines(scores).size());
    }

    /**
     * Iris multiplied by 1e300 ranks as iris does (the rows are scaled by a power of two first), and
     * the report says that the bandwidth, near 1e600, has no double in the data's units.
     */
    @Test
    void dataNear1e300RankAsTheirRescalingAndSaySoOfTheBandwidth(@TempDir Path dir) throws Exception {
        List<String> iris = Files.readAllLines(Path.of("data/iris.csv"));
        List<String> huge = new ArrayList<>(List.of(iris.get(0)));
        for (String line : iris.subList(1, iris.size())) {
            String[] cells = line.split(",");
            for (int c = 0; c < 4; c++) {
                cells[c] = Double.toString(Double.parseDouble(cells[c]) * 0x1p1000);
            }
            huge.add(String.join(",", cells));
        }
        String input = Files.write(dir.resolve("huge.csv"), huge).toString();
        String scaled = printed("--input", input, "--label-col", "species");
        String plain = printed("--input", "data/iris.csv", "--label-col", "species");
        assertTrue(scaled.contains("Heat kernel bandwidth t: beyond the range of a double in the data's units"), scaled);
        assertEquals(ranking(plain), ranking(scaled));
    }

    /** The ranking's lines, from its header on. */
    private static String ranking(String output) {
        return output.substring(output.indexOf(" rank  feature"));
    }

    @Test
    void eachStepIsPrintedAsItFinishes() throws Exception {
        String output = printed("--input", "data/iris.csv", "--label-col", "species");
        assertTrue(output.contains("[validation] Checking the features: rows, vector sizes, values: "), output);
        assertTrue(output.matches("(?s).*\\[graph] kNN graph \\(exact\\) 1/1: .*: \\d+\\.\\d\\d s\n.*"), output);
        assertTrue(output.indexOf("[scores] ") < output.indexOf(" rank  feature"), output);
    }

    /** Off a terminal, a step prints a progress line only once it has run 30 s: a quick fit prints none. */
    @Test
    void aQuickFitOffATerminalPrintsNoProgressLine() throws Exception {
        String output = printed("--input", "data/iris.csv", "--label-col", "species");
        assertFalse(Pattern.compile("tasks \\d+/\\d+").matcher(output).find(), output);
        assertFalse(output.contains("\r"), output);
    }

    /** The most rows one task held gets a line of its own beside the graph's summary when it was counted, none otherwise. */
    @Test
    void rowsPerTaskIsPrintedWhenCounted() throws Exception {
        FeatureSelectorModel<?> model = FitCommand.run(JobRuns.SPARK, new String[]{"--input", "data/iris.csv", "--label-col",
                "species"}, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        ScoresReport report = new ScoresReport(model, "Laplacian Score", new String[]{"a", "b", "c", "d"});
        String counted = report(report, 1234);
        assertTrue(counted.contains("\nRows per task: at most 1234\n"), counted);
        assertTrue(counted.indexOf("Rows per task") < counted.indexOf("Seconds: "), "among the summary lines: " + counted);
        String uncounted = report(report, 0);
        assertFalse(uncounted.contains("Rows per task"), uncounted);
        assertEquals(counted.replace("Rows per task: at most 1234\n", ""), uncounted);
    }

    private static String report(ScoresReport report, long rowsPerTask) {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        report.print(new PrintStream(printed, true, StandardCharsets.UTF_8), null, Map.of(), rowsPerTask);
        return printed.toString(StandardCharsets.UTF_8);
    }

    @Test
    void outputWhenNoFeatureIsSelected(@TempDir Path dir) throws Exception {
        Path scores = dir.resolve("scores.csv");
        assertEquals("--output: no feature was selected, so no reduced data was written (the other outputs were); select at least"
                        + " one, e.g. with a looser --threshold",
                error("--input", "data/iris.csv", "--label-col", "species", "--select", "threshold", "--threshold", "0.000001",
                        "--scores-out", scores.toString(), "--output", dir.resolve("reduced").toString()));
        assertEquals(5, Files.readAllLines(scores).size());
        assertFalse(Files.exists(dir.resolve("reduced")));
    }
}
