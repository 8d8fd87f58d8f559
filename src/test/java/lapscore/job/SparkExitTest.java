package lapscore.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import lapscore.bench.GaussianMixture;
import lapscore.testkit.SparkTestSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spark's executor ends the JVM of a local-mode {@code lapscore fit} itself ({@link HeartbeatLoss}
 * makes it exit with Spark's status 56, as a lost heartbeat does): the run says so in one line, with
 * what to change, never "interrupted" (that stays for signals, {@link InterruptedRunTest}), shows no
 * stack trace, and leaves no unfinished output.
 */
class SparkExitTest {

    @Test
    void anExecutorThatGivesUpItsHeartbeatEndsTheRunWithOneLineThatSaysSo(@TempDir Path root) throws Exception {
        Path input = root.resolve("rows.parquet");
        new GaussianMixture(8, 4, 3, 2).generate(SparkTestSession.spark(), 20_000, 2).write().parquet(input.toString());
        Path work = Files.createDirectories(root.resolve("work"));
        Path stderr = root.resolve("stderr.txt");
        Process run = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "@conf/spark-jvm.options", "-Xmx1g", "-Dlog4j2.configurationFile=conf/log4j2.properties",
                "-Dspark.ui.enabled=false", "-Dspark.driver.host=127.0.0.1", "-Dspark.plugins=" + HeartbeatLoss.class.getName(),
                "-Dspark.executor.heartbeatInterval=500ms", "-Dspark.executor.heartbeat.maxFailures=1",
                "-cp", System.getProperty("java.class.path"), LapScoreJob.class.getName(), "fit", "--master", "local[2]",
                "--input", input.toString(), "--knn", "approximate", "--refinement-rounds", "1000", "--scores-out",
                work.resolve("scores.csv").toString()))
                .redirectOutput(root.resolve("stdout.txt").toFile()).redirectError(stderr.toFile()).start();
        assertTrue(run.waitFor(5, TimeUnit.MINUTES), "the run never ended");
        String errors = Files.readString(stderr, StandardCharsets.UTF_8);
        assertEquals(56, run.exitValue(), errors);
        List<String> lines = errors.lines().filter(line -> line.contains("lapscore:")).toList();
        assertEquals(1, lines.size(), errors);
        assertTrue(lines.get(0).startsWith("lapscore: Spark's executor stopped the run: it could not report to the driver"), errors);
        assertTrue(lines.get(0).contains("-Xmx") && lines.get(0).contains("--max-rows-per-task"), errors);
        assertFalse(errors.contains("interrupted"), errors);
        assertFalse(errors.contains("\tat "), "no stack trace: " + errors);
        try (var listed = Files.list(work)) {
            assertEquals(List.of(), listed.toList(), "no output and no temporary sibling");
        }
    }
}
