package io.github.lapscore.job;

import static io.github.lapscore.job.JobRuns.error;
import static io.github.lapscore.job.JobRuns.printed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.github.lapscore.job.options.GenerateOption;
import io.github.lapscore.job.options.JobArguments;
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
        assertEquals("index,feature,score,rank,selected,redundant_with", Files.readAllLines(scores).get(0));
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
    void generateRefusesAnExistingOutputUnlessOverwrite(@TempDir Path root) throws Exception {
        Path data = Files.createDirectories(root.resolve("data.parquet"));
        Files.writeString(data.resolve("mine.txt"), "keep");
        String[] args = {"--rows", "20", "--dims", "3", "--informative", "1", "--clusters", "2", "--output", data.toString()};
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> GenerateCommand.run(JobRuns.SPARK,
                JobArguments.parse(GenerateOption.class, args, List.of(GenerateOption.OUTPUT)), quiet));
        assertEquals("--output '" + data + "' already exists; choose another path or pass --overwrite to replace it",
                refused.getMessage());
        assertEquals("keep", Files.readString(data.resolve("mine.txt")));

        String[] replacing = List.of("--rows", "20", "--dims", "3", "--informative", "1", "--clusters", "2", "--output",
                data.toString(), "--overwrite").toArray(String[]::new);
        GenerateCommand.run(JobRuns.SPARK, JobArguments.parse(GenerateOption.class, replacing, List.of(GenerateOption.OUTPUT)), quiet);
        assertEquals(20, JobRuns.SPARK.read().parquet(data.toString()).count());
    }
}
