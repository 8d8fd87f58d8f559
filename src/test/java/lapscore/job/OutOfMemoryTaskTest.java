package lapscore.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A task that exhausts the heap in local mode, in a JVM of its own ({@link OutOfMemoryTaskRun}):
 * Spark's default would stop that JVM (exit status 52, with Spark's stack trace), since the executor
 * is the driver's JVM; the job's session makes it fail like any other task, so the job says in one
 * line what to change.
 */
class OutOfMemoryTaskTest {

    @Test
    void aTaskOutOfHeapInLocalModeFailsTheJobWithTheMemoryAdvice(@TempDir Path root) throws Exception {
        Path stdout = root.resolve("stdout.txt");
        Process run = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "@conf/spark-jvm.options", "-Xmx512m", "-Dspark.ui.enabled=false", "-Dspark.driver.host=127.0.0.1",
                "-cp", System.getProperty("java.class.path"), OutOfMemoryTaskRun.class.getName(), "local[2]"))
                .redirectOutput(stdout.toFile()).redirectError(root.resolve("stderr.txt").toFile()).start();
        assertTrue(run.waitFor(5, TimeUnit.MINUTES), "the run never ended");
        String errors = Files.readString(root.resolve("stderr.txt"));
        assertEquals(0, run.exitValue(), () -> "the JVM was stopped; stderr: " + errors);
        String printed = Files.readString(stdout);
        assertTrue(printed.startsWith("Spark failed: Java heap space; give Spark more memory (LAPSCORE_JAVA_OPTS=-Xmx…"),
                printed);
        assertEquals(1, printed.lines().count(), printed);
    }
}
