package lapscore.deployment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/lapscore} itself, run by bash as a user runs it: it needs the packaged jar, so it runs
 * after {@code package} (maven-failsafe-plugin), when the jar is newer than the sources and the
 * script starts it without building.
 */
class LauncherScriptIT {

    private static final Path SCRIPT = Path.of("bin/lapscore").toAbsolutePath();

    /** How one run of the script ended. */
    private record Run(int status, String out, String err) {
    }

    private static Run bash(Path directory, String... args) throws IOException, InterruptedException {
        return bash(directory, Map.of(), args);
    }

    private static Run bash(Path directory, Map<String, String> environment, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash"));
        command.addAll(List.of(args));
        Path out = Files.createTempFile("script-out", ".txt");
        Path err = Files.createTempFile("script-err", ".txt");
        try {
            ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile()).redirectOutput(out.toFile())
                    .redirectError(err.toFile());
            builder.environment().putAll(environment);
            Process process = builder.start();
            if (!process.waitFor(10, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " did not end");
            }
            return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /** A link to the script elsewhere (e.g. in ~/bin) finds the installation the script belongs to, not the link's directory. */
    @Test
    void aSymlinkToTheScriptRunsIt(@TempDir Path dir) throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("lapscore"), SCRIPT);
        Run run = bash(dir, link.toString(), "--version");
        assertEquals(0, run.status(), run.err());
        assertTrue(run.out().startsWith("lapscore ") && run.out().contains("built for Spark"), run.out());
    }

    @Test
    void noArgumentsPrintTheUsageOnStandardErrorAndExit2(@TempDir Path dir) throws Exception {
        Run run = bash(dir, SCRIPT.toString());
        assertEquals(2, run.status(), run.err());
        assertTrue(run.err().contains("Usage: lapscore COMMAND [options]"), run.err());
        assertEquals("", run.out());
    }

    /**
     * The first fit records the classes it loads (class-data sharing) in target/, and the next maps
     * them: with {@code -Xshare:on} a JVM that cannot map its archive refuses to start, so the second
     * run succeeds only from the archive. Both rank alike.
     */
    @Test
    void theFirstFitRecordsItsClassesAndTheNextStartsFromThem(@TempDir Path dir) throws Exception {
        Path archive = Path.of("target/lapscore-classes.jsa").toAbsolutePath();
        Files.deleteIfExists(archive);
        String[] fit = {SCRIPT.toString(), "fit", "--input", Path.of("data/iris.csv").toAbsolutePath().toString(), "--label-col",
                "species"};
        Run first = bash(dir, fit);
        assertEquals(0, first.status(), first.err());
        assertTrue(first.err().contains("lapscore: recording the classes Spark loads, once"), first.err());
        assertTrue(Files.getLastModifiedTime(archive).compareTo(Files.getLastModifiedTime(Path.of("target/spark-laplacian-score-app.jar")))
                > 0, "the archive is newer than the jar it records");
        Run second = bash(dir, Map.of("LAPSCORE_JAVA_OPTS", "-Xshare:on"), fit);
        assertEquals(0, second.status(), second.err());
        assertFalse(second.err().contains("recording"), second.err());
        assertEquals(ranking(first.out()), ranking(second.out()));
        try (var left = Files.list(archive.getParent())) {
            assertEquals(List.of(), left.filter(file -> file.getFileName().toString().startsWith("lapscore-classes.jsa.")).toList(),
                    "no recording is left behind");
        }
    }

    /** The ranking table a fit prints, from its header line on. */
    private static String ranking(String printed) {
        return printed.substring(printed.indexOf(" rank  feature"));
    }
}
