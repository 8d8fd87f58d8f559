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
import lapscore.data.blocks.ShuffleRecords;
import lapscore.progress.StepNames;
import lapscore.testkit.ShuffleRecordSizes;
import lapscore.testkit.SparkTestSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The approximate graph as a user runs it ({@code lapscore fit --knn approximate} on a Parquet table,
 * no other option) at the largest scale the default suite affords, in a JVM of its own with a small
 * heap and a heartbeat timeout of seconds instead of minutes: the fit completes. A task that holds
 * the executor's memory manager for long (Spark evicting a cached block to disk under its lock)
 * stops the heartbeat, and the driver then gives the executor up, which fails this test within
 * {@value #TIMEOUT} instead of a user's run after minutes. (The cause of the failure at 10^6 rows,
 * cached input rows that each carried the table's schema, did not hold the lock that long at this
 * scale; {@link lapscore.job.files.CachedInputTest} guards it.) The same run measures every record
 * the refinement rounds shuffle ({@link ShuffleRecordSizes}): none may be much larger than
 * {@link ShuffleRecords#MAX_BYTES}, whatever the rows of a cell or a task.
 */
class SmallHeapApproximateFitTest {

    /** Rows of 50 features (20 clusters in 10 informative ones), as {@code lapscore generate} writes them. */
    private static final int ROWS = 100_000;
    private static final String HEAP = "-Xmx700m";
    /** The driver gives up an executor silent for this long (Spark's default: 120 s). */
    private static final String TIMEOUT = "20s";
    /** A record's bytes as Kryo writes it may exceed its values' by object headers and lengths: a fourth more, at most. */
    private static final double ENCODING_SLACK = 1.25;

    @Test
    void theApproximateFitCompletesUnderASmallHeapAndAShortHeartbeatTimeoutWithBoundedShuffleRecords(@TempDir Path root)
            throws Exception {
        Path input = root.resolve("rows.parquet");
        new GaussianMixture(50, 10, 20, 5).generate(SparkTestSession.spark(), ROWS, 4).coalesce(1).write().parquet(input.toString());
        Path sizes = root.resolve("record-sizes.txt");
        Path scores = root.resolve("scores.csv");
        Path stderr = root.resolve("stderr.txt");
        Process run = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "@conf/spark-jvm.options", HEAP, "-Dlog4j2.configurationFile=conf/log4j2.properties",
                "-Dspark.ui.enabled=false", "-Dspark.driver.host=127.0.0.1",
                "-Dspark.executor.heartbeatInterval=1s", "-Dspark.network.timeout=" + TIMEOUT, "-Dspark.network.timeoutInterval=1s",
                "-Dspark.serializer=" + ShuffleRecordSizes.class.getName(), "-D" + ShuffleRecordSizes.FILE + "=" + sizes,
                "-D" + ShuffleRecordSizes.JOBS + "=" + StepNames.REFINEMENT,
                "-cp", System.getProperty("java.class.path"), LapScoreJob.class.getName(), "fit", "--master", "local[2]",
                "--input", input.toString(), "--k", "10", "--knn", "approximate", "--seed", "1", "--scores-out", scores.toString()))
                .redirectOutput(root.resolve("stdout.txt").toFile()).redirectError(stderr.toFile()).start();
        assertTrue(run.waitFor(10, TimeUnit.MINUTES), "the fit never ended");
        String errors = Files.readString(stderr, StandardCharsets.UTF_8);
        assertEquals(0, run.exitValue(), errors);
        assertFalse(errors.contains("lapscore:"), errors);
        assertEquals(52, Files.readAllLines(scores).size(), "a header and 51 features scored");

        String[] measured = Files.readString(sizes).strip().split(" ");
        long largest = Long.parseLong(measured[0]);
        long records = Long.parseLong(measured[1]);
        assertTrue(records > 1000, "the rounds' records were measured: " + records);
        assertTrue(largest <= ENCODING_SLACK * ShuffleRecords.MAX_BYTES, "largest record the rounds shuffle: " + largest + " bytes");
    }
}
