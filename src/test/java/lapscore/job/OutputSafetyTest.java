package lapscore.job;

import static lapscore.job.JobRuns.error;
import static lapscore.job.JobRuns.printed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import lapscore.job.outputs.OutputPaths;
import lapscore.job.options.BenchOption;
import lapscore.job.options.GenerateOption;
import lapscore.job.options.JobArguments;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** No output option destroys what the user owns: the input, another output, or an existing path without --overwrite. */
class OutputSafetyTest {

    /** A directory holding a copy of iris and a file of the user's. */
    private static Path userDirectory(Path root) throws Exception {
        Path demo = Files.createDirectories(root.resolve("demo"));
        Files.copy(Path.of("data/iris.csv"), demo.resolve("iris.csv"));
        Files.writeString(demo.resolve("notes.txt"), "keep");
        return demo;
    }

    private static void assertUntouched(Path demo) throws Exception {
        assertEquals("keep", Files.readString(demo.resolve("notes.txt")));
        assertEquals(Files.readAllLines(Path.of("data/iris.csv")), Files.readAllLines(demo.resolve("iris.csv")));
    }

    @Test
    void edgesIntoTheInputsDirectoryAreRefusedEvenWithOverwrite(@TempDir Path root) throws Exception {
        Path demo = userDirectory(root);
        String message = error("--input", demo.resolve("iris.csv").toString(), "--label-col", "species",
                "--edges-out", demo.toString(), "--overwrite");
        assertTrue(message.startsWith("--edges-out '" + demo + "' is or holds the input"), message);
        assertTrue(message.contains("choose another path"), message);
        assertUntouched(demo);
    }

    @Test
    void outputAtTheInputFileIsRefusedEvenWithOverwrite(@TempDir Path root) throws Exception {
        Path demo = userDirectory(root);
        String input = demo.resolve("iris.csv").toString();
        String message = error("--input", input, "--label-col", "species", "--scores-out", input, "--overwrite");
        assertTrue(message.startsWith("--scores-out '" + input + "' is or holds the input"), message);
        assertUntouched(demo);
    }

    @Test
    void outputInsideAnInputDirectoryIsRefused(@TempDir Path root) throws Exception {
        Path demo = userDirectory(root);
        Files.delete(demo.resolve("notes.txt"));
        String message = error("--input", demo.toString(), "--format", "csv", "--label-col", "species",
                "--output", demo.resolve("reduced").toString(), "--overwrite");
        assertTrue(message.startsWith("--output '" + demo.resolve("reduced") + "' lies inside the input directory"), message);
    }

    @Test
    void pathsAreComparedQualifiedWhateverTheirSpelling(@TempDir Path root) throws Exception {
        Path demo = userDirectory(root);
        String message = error("--input", demo.resolve("iris.csv").toString(), "--label-col", "species",
                "--output", "file://" + demo + "/./", "--overwrite");
        assertTrue(message.contains("is or holds the input"), message);
        assertUntouched(demo);
    }

    @Test
    void anExistingOutputNeedsOverwriteAndIsCheckedBeforeTheInputIsRead(@TempDir Path root) throws Exception {
        Path scores = root.resolve("scores.csv");
        Files.writeString(scores, "mine");
        String message = error("--input", root.resolve("absent.csv").toString(), "--scores-out", scores.toString());
        assertEquals("--scores-out '" + scores + "' already exists; choose another path or pass --overwrite to replace it", message);
        assertEquals("mine", Files.readString(scores));

        printed("--input", "data/iris.csv", "--label-col", "species", "--scores-out", scores.toString(), "--overwrite");
        assertEquals("index,feature,score,rank,selected,redundant_with,no_score", Files.readAllLines(scores).get(0));
    }

    @Test
    void anEmptyDirectoryIsUsedWithoutOverwrite(@TempDir Path root) throws Exception {
        Path reduced = Files.createDirectories(root.resolve("reduced"));
        printed("--input", "data/iris.csv", "--label-col", "species", "--num-features", "2", "--output", reduced.toString());
        assertEquals(3, JobRuns.SPARK.read().parquet(reduced.toString()).columns().length);
    }

    @Test
    void twoOutputsAtOnePathAreRefused(@TempDir Path root) {
        String message = error("--input", "data/iris.csv", "--label-col", "species", "--output", root.resolve("out").toString(),
                "--model-out", root.resolve("out/model").toString());
        assertTrue(message.startsWith("--model-out '" + root.resolve("out/model") + "' and --output '" + root.resolve("out")
                + "' are the same path or one is inside the other"), message);
    }

    @Test
    void scoresOutMustNotBeADirectory(@TempDir Path root) {
        String message = error("--input", "data/iris.csv", "--scores-out", root.toString(), "--overwrite");
        assertEquals("--scores-out '" + root + "' is a directory; give the path of a file", message);
    }

    @Test
    void aScoresOutLinkedToTheInputIsRefused(@TempDir Path root) throws Exception {
        Path demo = userDirectory(root);
        Path link = Files.createSymbolicLink(demo.resolve("link.csv"), Path.of("iris.csv"));
        String message = error("--input", demo.resolve("iris.csv").toString(), "--label-col", "species",
                "--scores-out", link.toString(), "--overwrite");
        assertTrue(message.startsWith("--scores-out '" + link + "' is or holds the input"), message);
        assertUntouched(demo);
    }

    @Test
    void anInputReachedThroughALinkedFolderIsRecognised(@TempDir Path root) throws Exception {
        Path demo = userDirectory(root);
        Path link = Files.createSymbolicLink(root.resolve("link"), demo);
        String message = error("--input", link.resolve("iris.csv").toString(), "--label-col", "species",
                "--output", demo.toString(), "--overwrite");
        assertTrue(message.startsWith("--output '" + demo + "' is or holds the input"), message);
        assertUntouched(demo);
    }

    @Test
    void anOutputThatIsALinkIsRefused(@TempDir Path root) throws Exception {
        Path demo = userDirectory(root);
        Path link = Files.createSymbolicLink(root.resolve("scores.csv"), demo.resolve("notes.txt"));
        String message = error("--input", "data/iris.csv", "--label-col", "species", "--scores-out", link.toString(),
                "--overwrite");
        assertEquals("--scores-out '" + link + "' is a symbolic link; lapscore does not write through links, so give the path"
                + " itself", message);
        assertUntouched(demo);
    }

    @Test
    void overwriteNeverReplacesAFolderHoldingFilesOfTheUsers(@TempDir Path root) throws Exception {
        Path thesis = Files.writeString(root.resolve("thesis.tex"), "precious");
        for (String flag : List.of("--output", "--model-out", "--edges-out")) {
            String message = error("--input", "data/iris.csv", "--label-col", "species", flag, root.toString(), "--overwrite");
            assertEquals(flag + " '" + root + "' is a folder that lapscore did not write (it has no " + OutputPaths.MARKER
                    + " listing all it holds), which --overwrite never replaces; empty it or choose another path", message);
            assertEquals("precious", Files.readString(thesis));
        }
    }

    @Test
    void overwriteReplacesAnEarlierOutputUnlessSomethingWasAddedToIt(@TempDir Path root) throws Exception {
        Path reduced = root.resolve("reduced");
        Path model = root.resolve("model");
        printed("--input", "data/iris.csv", "--label-col", "species", "--num-features", "3", "--output", reduced.toString(),
                "--model-out", model.toString());
        String printed = printed("--input", "data/iris.csv", "--label-col", "species", "--num-features", "2",
                "--output", reduced.toString(), "--model-out", model.toString(), "--overwrite");
        assertTrue(printed.contains("Wrote the model to " + model + "\nWrote the reduced data (Parquet) to " + reduced), printed);
        assertEquals(3, JobRuns.SPARK.read().parquet(reduced.toString()).columns().length, "the second run's two features");
        assertTrue(Files.readString(reduced.resolve(OutputPaths.MARKER)).lines().anyMatch(line -> line.startsWith("part-")));

        Files.writeString(reduced.resolve("notes.txt"), "keep");
        String message = error("--input", "data/iris.csv", "--label-col", "species", "--output", reduced.toString(), "--overwrite");
        assertTrue(message.startsWith("--output '" + reduced + "' is a folder that lapscore did not write"), message);
        assertEquals("keep", Files.readString(reduced.resolve("notes.txt")));
    }

    @Test
    void theWorkingDirectoryItsParentsAndTheHomeAreNeverOutputs(@TempDir Path root) throws Exception {
        Path demo = userDirectory(root);
        String input = demo.resolve("iris.csv").toString();
        Path working = Path.of("").toAbsolutePath();
        for (String output : List.of(".", working.toString(), working.getParent().toString())) {
            String message = error("--input", input, "--label-col", "species", "--output", output, "--overwrite");
            assertEquals("--output '" + output + "' is the working directory or a folder that holds it, which lapscore never"
                    + " writes over; give the path of a new folder inside it, e.g. 'out'", message);
        }
        String home = System.getProperty("user.home");
        String message = error("--input", input, "--label-col", "species", "--model-out", home, "--overwrite");
        assertTrue(message.equals("--model-out '" + home + "' is your home directory, which lapscore never writes over; give the"
                + " path of a new folder inside it") || message.contains("is the working directory"), message);
    }

    @Test
    void anOutputThatCannotBeCreatedIsRefusedBeforeTheInputIsRead(@TempDir Path root) throws Exception {
        String absent = root.resolve("absent.csv").toString();
        assertEquals("--output '/proc/self/x' cannot be written: nothing can be created in '/proc/self'; choose a path in a"
                + " folder you can write to", error("--input", absent, "--output", "/proc/self/x"));
        Path file = Files.writeString(root.resolve("file"), "mine");
        String under = file.resolve("sub/scores.csv").toString();
        assertEquals("--scores-out '" + under + "' cannot be created: '" + file + "' is a file, not a folder; choose a path in a"
                + " folder", error("--input", absent, "--scores-out", under));
        assertEquals("mine", Files.readString(file));
    }

    @Test
    void fitSaysWhatItWroteAndLeavesNoChecksumFiles(@TempDir Path root) throws Exception {
        Path scores = root.resolve("scores.csv");
        Path edges = root.resolve("edges");
        String printed = printed("--input", "data/iris.csv", "--label-col", "species", "--scores-out", scores.toString(),
                "--edges-out", edges.toString());
        assertTrue(printed.contains("Wrote the graph's edges to " + edges + "\n"), printed);
        assertTrue(printed.contains("Wrote the scores to " + scores + "\n"), printed);
        try (var listed = Files.list(root)) {
            assertEquals(List.of("edges", "scores.csv"), listed.map(path -> path.getFileName().toString()).sorted().toList(),
                    "no .crc or temporary file beside the outputs");
        }
    }

    @Test
    void benchRefusesAnExistingOutputBeforeItRuns(@TempDir Path root) throws Exception {
        Path results = Files.writeString(root.resolve("results.csv"), "mine");
        String[] args = {"--rows", "40", "--dims", "3", "--informative", "1", "--clusters", "2", "--methods", "exact",
                "--output", results.toString()};
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> BenchCommand.run(JobRuns.SPARK,
                JobArguments.parse(BenchOption.class, args, List.of()), quiet));
        assertEquals("--output '" + results + "' already exists; choose another path or pass --overwrite to replace it",
                refused.getMessage());
        assertEquals("mine", Files.readString(results));
    }

    @Test
    void generateRefusesAnExistingOutputUnlessOverwrite(@TempDir Path root) throws Exception {
        Path data = Files.createDirectories(root.resolve("data"));
        Files.writeString(data.resolve("mine.txt"), "keep");
        assertEquals("--output '" + data + "' already exists; choose another path or pass --overwrite to replace it",
                generateError(data.toString()));
        assertEquals("--output '" + data + "' is a folder that lapscore did not write (it has no " + OutputPaths.MARKER
                + " listing all it holds), which --overwrite never replaces; empty it or choose another path",
                generateError(data.toString(), "--overwrite"));
        assertEquals("keep", Files.readString(data.resolve("mine.txt")));

        Path generated = root.resolve("generated");
        generate(generated.toString());
        String printed = generate(generated.toString(), "--overwrite");
        assertEquals(20, JobRuns.SPARK.read().parquet(generated.toString()).count());
        assertTrue(printed.contains("Wrote 20 rows x 3 features (f0..f0 informative, 2 clusters) and column cluster as a Parquet"
                + " folder to " + generated), printed);
    }

    @Test
    void generateWritesOneFileForACsvOrParquetName(@TempDir Path root) throws Exception {
        Path csv = root.resolve("g.csv");
        String printed = generate(csv.toString());
        assertTrue(Files.isRegularFile(csv), "one file, not a folder");
        List<String> lines = Files.readAllLines(csv);
        assertEquals(21, lines.size(), "a header and 20 rows");
        assertEquals("f0,f1,f2,cluster", lines.get(0));
        assertTrue(printed.contains("as one csv file to " + csv), printed);
        Path parquet = root.resolve("g.parquet");
        generate(parquet.toString());
        assertTrue(Files.isRegularFile(parquet), "one file, not a folder");
        assertEquals(20, JobRuns.SPARK.read().parquet(parquet.toString()).count());
        try (var listed = Files.list(root)) {
            assertEquals(List.of("g.csv", "g.parquet"), listed.map(path -> path.getFileName().toString()).sorted().toList(),
                    "no part, checksum or temporary files beside them");
        }
    }

    /** What {@code generate} of 20 rows to {@code output} prints. */
    private static String generate(String output, String... more) throws Exception {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        GenerateCommand.run(JobRuns.SPARK, generateArguments(output, more), new PrintStream(printed, true, StandardCharsets.UTF_8));
        return printed.toString(StandardCharsets.UTF_8);
    }

    private static String generateError(String output, String... more) {
        return assertThrows(IllegalArgumentException.class, () -> generate(output, more)).getMessage();
    }

    private static JobArguments<GenerateOption> generateArguments(String output, String... more) {
        List<String> args = new ArrayList<>(List.of("--rows", "20", "--dims", "3", "--informative", "1", "--clusters", "2",
                "--output", output));
        args.addAll(List.of(more));
        return JobArguments.parse(GenerateOption.class, args.toArray(String[]::new), List.of(GenerateOption.OUTPUT));
    }
}
