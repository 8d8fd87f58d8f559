package lapscore.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import lapscore.job.CommandLine.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the terminal shows, in a JVM of its own with {@code bin/lapscore}'s options and logging: a
 * failure is one line {@code lapscore: ...} (exit 2 for the user's mistakes), never a stack trace
 * from Spark's loggers before it, and a run that works prints none either.
 */
class CommandLineTest {

    @Test
    void aMissingInputIsOneLineWithoutSparksWarning(@TempDir Path dir) throws Exception {
        String input = dir.resolve("nope.csv").toString();
        Run run = CommandLine.run("fit", "--input", input);
        run.failedWith(2, "--input: '" + input + "' does not exist; check the path");
        assertFalse(run.err().contains("FileStreamSink"), run.err());
    }

    @Test
    void aGlobInputPrintsNoStackTrace(@TempDir Path dir) throws Exception {
        Path parts = Files.createDirectories(dir.resolve("parts"));
        for (String part : new String[]{"part-1.csv", "part-2.csv"}) {
            Files.copy(Path.of("data/iris.csv"), parts.resolve(part));
        }
        Run run = CommandLine.run("fit", "--input", parts + "/*.csv", "--label-col", "species", "--num-features", "2");
        run.errLinesWithoutStackTrace();
        assertEquals(0, run.status(), run.err());
        assertTrue(run.out().contains("300 rows"), run.out());
    }

    @Test
    void anUnknownMasterNamesTheFlagAndTheForms() throws Exception {
        CommandLine.run("fit", "--input", "data/iris.csv", "--master", "foo://bar").failedWith(2, "--master 'foo://bar' is not a"
                + " Spark master; use local, local[N], local[*], spark://HOST:PORT, yarn or k8s://https://HOST:PORT");
    }

    /**
     * Mistakes the options alone show are answered before Spark starts: with a master where no Spark
     * runs, a session would wait for it (and fail with another message); these fail at once.
     */
    @Test
    void optionErrorsThatNeedNoDataComeBeforeSparkStarts(@TempDir Path dir) throws Exception {
        String nowhere = "spark://127.0.0.1:1";
        Path folder = Files.createDirectories(dir.resolve("parts"));
        CommandLine.run("fit", "--input", folder.toString(), "--master", nowhere).failedWith(2, "Cannot tell the format of '"
                + folder + "' from its extension; pass --format csv|parquet|libsvm");
        CommandLine.run("fit", "--input", "data/iris.csv", "--k", "0", "--master", nowhere).failedWith(2,
                "--k must be at least 1, got 0");
        CommandLine.run("fit", "--input", "data/iris.csv", "--delimiter", "ab", "--master", nowhere).failedWith(2,
                "--delimiter must be one character other than a quote or a backslash, e.g. ';', or \\t for a tab; got 'ab'");
        CommandLine.run("evaluate", "--input", "data/iris.csv", "--label-col", "species", "--output-dir", dir.resolve("out").toString(),
                "--score", "fisher", "--master", nowhere).failedWith(2, "--score does not apply to evaluate, which chooses the"
                + " selectors (--selectors) and numbers of features (--num-features) itself and needs every row");
        CommandLine.run("evaluate", "--input", "data/iris.csv", "--label-col", "species", "--output-dir", dir.resolve("out").toString(),
                "--graph", "class", "--master", nowhere).failedWith(2, "--graph class reads the labels, which evaluate gives to the"
                + " Fisher score only; use knn or epsilon");
    }

    @Test
    void aPynndescentBuildWithNoMoreNeighboursThanKIsRefused() throws Exception {
        CommandLine.run("bench", "--rows", "100", "--k", "30", "--pynndescent-neighbors", "40,30").failedWith(2,
                "--pynndescent-neighbors must each be more than --k (30), got 30: pynndescent counts each row among its own"
                        + " neighbours");
    }

    /** {@code bench --input} times the graphs on the rows of a table, every column but {@code cluster} a feature. */
    @Test
    void aBenchOnATableRunsOnItsRows(@TempDir Path dir) throws Exception {
        Path table = dir.resolve("iris.csv");
        List<String> lines = Files.readAllLines(Path.of("data/iris.csv"));
        Files.write(table, lines.stream().map(line -> line.substring(0, line.lastIndexOf(',')) + ","
                + (line.startsWith("sepal") ? "cluster" : "0")).toList());
        Run run = CommandLine.run("bench", "--input", table.toString(), "--methods", "exact,approximate", "--recall-sample", "50",
                "--output", dir.resolve("bench.csv").toString());
        assertEquals(0, run.status(), run.err());
        assertTrue(run.out().contains("| 150 | 4 | exact | all pairs |"), run.out());
        assertTrue(run.out().matches("(?s).*\\| 150 \\| 4 \\| approximate \\|[^\\n]*\\| [01]\\.\\d{4} \\| — \\|.*"), run.out());
    }

    @Test
    void noArgumentsPrintTheUsageOnStandardErrorAndExit2() throws Exception {
        Run run = CommandLine.run();
        assertEquals(2, run.status(), run.err());
        assertTrue(run.err().contains("lapscore: no command given"), run.err());
        assertTrue(run.err().contains("Usage: lapscore COMMAND [options]"), run.err());
        assertEquals("", run.out());
        Run help = CommandLine.run("--help");
        assertEquals(0, help.status(), help.err());
        assertTrue(help.out().startsWith("Usage: lapscore COMMAND [options]"), help.out());
    }

    /** A terminal escape typed or pasted into an argument is shown as '?', never sent to the terminal. */
    @Test
    void controlCharactersAreNeverPrinted() throws Exception {
        CommandLine.run("fit", "--input", "data/iris.csv", "\u001b[2J").failedWith(2, "Unknown option '?[2J'; see --help");
    }

    /**
     * {@code --output-dir .} is the working directory, which lapscore never writes over (its outputs are
     * renamed into place, and the folder a user runs in is theirs): one line, exit 2, before the input is read.
     */
    @Test
    void evaluateRefusesTheWorkingDirectoryInOneLine(@TempDir Path dir) throws Exception {
        Path here = Files.createDirectories(dir.resolve("here"));
        CommandLine.runIn(here, "evaluate", "--input", Path.of("data/iris.csv").toAbsolutePath().toString(), "--label-col",
                "species", "--output-dir", ".", "--selectors", "variance").failedWith(2, "--output-dir '.' is the working directory or"
                + " a folder that holds it, which lapscore never writes over; give the path of a new folder inside it, e.g. 'out'");
        try (var left = Files.list(here)) {
            assertEquals(0, left.count(), "nothing written");
        }
    }
}
