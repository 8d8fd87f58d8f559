package lapscore.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C (SIGINT) during a run, sent to {@code lapscore fit} in a JVM of its own
 * ({@link InterruptibleRun}): one line {@code lapscore: interrupted}, the last, exit status 130, and no output
 * or temporary sibling left, whether the signal comes while the fit computes or when an output is
 * complete under its hidden name and about to be renamed into place.
 */
class InterruptedRunTest {

    /** A bound on each wait for the other JVM, so that a broken run fails instead of hanging the build. */
    private static final long MAX_MINUTES = 10;

    @Test
    void anInterruptWhileTheFitComputesLeavesNoOutput(@TempDir Path root) throws Exception {
        Path input = root.resolve("rows.csv");
        writeRows(input, 100_000, 8);
        Path work = Files.createDirectories(root.resolve("work"));
        Path stdout = root.resolve("stdout.txt");
        Process run = start(root, List.of(), "--input", input.toString(), "--num-features", "2",
                "--output", work.resolve("reduced").toString(), "--scores-out", work.resolve("scores.csv").toString());
        // The first step's line: the outputs are checked and the fit has begun.
        waitFor(run, stdout, text -> text.lines().anyMatch(line -> line.startsWith("[")));
        assertInterrupted(run, root, work);
    }

    @Test
    void anInterruptJustBeforeAnOutputIsRenamedIntoPlaceRemovesIt(@TempDir Path root) throws Exception {
        Path work = Files.createDirectories(root.resolve("work"));
        Path paused = root.resolve("paused");
        Process run = start(root, List.of("-Dlapscore.test.pausedFile=" + paused), "--input", "data/iris.csv", "--label-col",
                "species", "--num-features", "2", "--output", work.resolve("reduced").toString());
        waitFor(run, paused, text -> !text.isEmpty());
        try (var listed = Files.list(work)) {
            assertTrue(listed.anyMatch(path -> path.getFileName().toString().startsWith(".reduced.lapscore-")),
                    "the complete output waits under its hidden name");
        }
        assertInterrupted(run, root, work);
    }

    /** Sends SIGINT to {@code run} and checks what it printed and left in {@code work}. */
    private static void assertInterrupted(Process run, Path root, Path work) throws Exception {
        Process kill = new ProcessBuilder("kill", "-INT", Long.toString(run.pid())).inheritIO().start();
        assertEquals(0, kill.waitFor());
        assertTrue(run.waitFor(MAX_MINUTES, TimeUnit.MINUTES), "the run ends");
        String stderr = Files.readString(root.resolve("stderr.txt"));
        assertEquals(130, run.exitValue(), stderr);
        assertEquals(List.of("lapscore: interrupted"), stderr.lines().filter(line -> line.contains("lapscore:")).toList(), stderr);
        assertEquals("lapscore: interrupted", stderr.lines().filter(line -> !line.isBlank()).reduce((first, second) -> second)
                .orElse(""), "nothing Spark logs while it stops follows the interruption: " + stderr);
        assertFalse(stderr.contains("\tat "), "no stack trace: " + stderr);
        assertFalse(stderr.contains("Spark failed"), stderr);
        try (var listed = Files.list(work)) {
            assertEquals(List.of(), listed.toList(), "no output and no temporary sibling");
        }
    }

    /**
     * {@code lapscore fit args} in a JVM on this test's class path, its output in {@code root}/stdout.txt and stderr.txt.
     * The JVM starts through {@code env --default-signal=INT} (GNU coreutils): a build started in the background of a
     * script ({@code ./mvnw verify &}, {@code nohup}) has SIGINT ignored, every child inherits that, and a JVM that
     * inherits an ignored SIGINT never runs its shutdown hooks on Ctrl-C, which is what this test sends.
     */
    private static Process start(Path root, List<String> properties, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("env", "--default-signal=INT",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "@conf/spark-jvm.options", "-Xmx1g", "-Dspark.ui.enabled=false", "-cp", System.getProperty("java.class.path")));
        command.addAll(properties);
        command.addAll(List.of(InterruptibleRun.class.getName(), "fit", "--master", "local[2]"));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectOutput(root.resolve("stdout.txt").toFile())
                .redirectError(root.resolve("stderr.txt").toFile()).start();
    }

    /** Waits until {@code file} exists and its text satisfies {@code ready}; fails when {@code run} ends first. */
    private static void waitFor(Process run, Path file, Predicate<String> ready) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(MAX_MINUTES);
        while (!(Files.exists(file) && ready.test(Files.readString(file)))) {
            assertTrue(run.isAlive(), "the run ended before it could be interrupted");
            assertTrue(System.nanoTime() < deadline, "the run never got there");
            Thread.sleep(100);
        }
    }

    /** {@code rows} rows of {@code columns} Gaussian features, with a header. */
    private static void writeRows(Path file, int rows, int columns) throws Exception {
        Random random = new Random(1);
        try (BufferedWriter writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            List<String> header = new ArrayList<>();
            for (int column = 0; column < columns; column++) {
                header.add("f" + column);
            }
            writer.write(String.join(",", header) + "\n");
            for (int row = 0; row < rows; row++) {
                StringBuilder line = new StringBuilder();
                for (int column = 0; column < columns; column++) {
                    line.append(column == 0 ? "" : ",").append(String.format(Locale.ROOT, "%.6f", random.nextGaussian()));
                }
                writer.write(line.append('\n').toString());
            }
        }
    }
}
