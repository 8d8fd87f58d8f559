package lapscore.job;

import static lapscore.job.JobRuns.error;
import static lapscore.job.JobRuns.printed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

import lapscore.job.outputs.OutputPaths;
import lapscore.progress.StageListener;
import lapscore.progress.StageTimer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An output path that appears after the checks, while the fit runs, is never replaced: by a file of
 * the user's, or by the output of another fit started at the same time.
 */
class OutputRaceTest {

    /** Runs {@code action} once, at the first step the calling thread's fit finishes (after the outputs were checked). */
    private static StageListener atFirstStep(Runnable action) {
        AtomicBoolean done = new AtomicBoolean();
        return (stage, description, seconds) -> {
            if (!done.getAndSet(true)) {
                action.run();
            }
        };
    }

    @Test
    void aFileCreatedDuringTheFitIsNotReplaced(@TempDir Path root) throws Exception {
        Path scores = root.resolve("scores.csv");
        StageListener createsTheFile = atFirstStep(() -> {
            try {
                Files.writeString(scores, "mine");
            } catch (Exception unwritable) {
                throw new IllegalStateException(unwritable);
            }
        });
        StageTimer.addListener(createsTheFile);
        try {
            String message = error("--input", "data/iris.csv", "--label-col", "species", "--scores-out", scores.toString());
            assertEquals("--scores-out '" + scores + "' was created or changed while lapscore ran (another run?) and was left as it"
                    + " is; this run's output was not written there: choose another path", message);
        } finally {
            StageTimer.removeListener(createsTheFile);
        }
        assertEquals("mine", Files.readString(scores));
        try (var listed = Files.list(root)) {
            assertEquals(List.of(scores), listed.toList(), "no temporary file left");
        }
    }

    @Test
    void ofTwoFitsWritingOneOutputAtOnceOneFailsAndTheOtherOutputIsWhole(@TempDir Path root) throws Exception {
        Path reduced = root.resolve("reduced");
        CyclicBarrier bothFitting = new CyclicBarrier(2);
        ExecutorService threads = Executors.newFixedThreadPool(2);
        List<Future<String>> runs = new ArrayList<>();
        try {
            for (String numFeatures : List.of("2", "3")) {
                runs.add(threads.submit(() -> {
                    StageListener waits = atFirstStep(() -> {
                        try {
                            bothFitting.await();
                        } catch (InterruptedException | BrokenBarrierException stopped) {
                            throw new IllegalStateException(stopped);
                        }
                    });
                    StageTimer.addListener(waits);
                    try {
                        printed("--input", "data/iris.csv", "--label-col", "species", "--num-features", numFeatures,
                                "--output", reduced.toString());
                        return null;
                    } catch (IllegalArgumentException refused) {
                        return refused.getMessage();
                    } finally {
                        StageTimer.removeListener(waits);
                    }
                }));
            }
            List<String> messages = new ArrayList<>();
            for (Future<String> run : runs) {
                messages.add(run.get());
            }
            List<String> failures = messages.stream().filter(message -> message != null).toList();
            assertEquals(1, failures.size(), "exactly one fails: " + messages);
            assertEquals("--output '" + reduced + "' was created or changed while lapscore ran (another run?) and was left as it"
                    + " is; this run's output was not written there: choose another path", failures.get(0));
            int winner = messages.get(0) == null ? 0 : 1;
            assertNull(messages.get(winner));
            assertEquals(winner + 3, JobRuns.SPARK.read().parquet(reduced.toString()).columns().length,
                    "the label and the winner's features, complete");
            assertTrue(Files.exists(reduced.resolve("_SUCCESS")));
            assertTrue(Files.exists(reduced.resolve(OutputPaths.MARKER)));
            try (var listed = Files.list(root)) {
                assertEquals(List.of(reduced), listed.toList(), "no temporary folder left");
            }
        } finally {
            threads.shutdownNow();
        }
    }
}
