package lapscore.job.files;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;

import org.apache.spark.SparkException;
import org.junit.jupiter.api.Test;

/** The one line for a failure nobody checked for, when Spark lost the executor that ran the job's tasks. */
class JobErrorsTest {

    @Test
    void aJobFailedByALostExecutorSaysWhyAndWhatToChange() {
        SparkException failed = new SparkException("Job aborted due to stage failure: Task 3 in stage 80.0 failed 1 times, most"
                + " recent failure: Lost task 3.0 in stage 80.0 (TID 904) (localhost executor driver): ExecutorLostFailure"
                + " (executor driver exited caused by one of the running tasks) Reason: Executor heartbeat timed out after"
                + " 168104 ms\nDriver stacktrace:");
        assertEquals("Spark lost its executor (Executor heartbeat timed out after 168104 ms); " + JobErrors.MEMORY_ADVICE,
                JobErrors.unexpected(new RuntimeException("fit failed", failed)));
    }

    @Test
    void aJobThatFilledTheDiskSaysWhereSparkWritesAndWhatToChange() {
        SparkException failed = new SparkException("Job aborted due to stage failure: Task 20 in stage 118.0 failed 1 times",
                new IOException("No space left on device"));
        assertEquals("Spark failed: No space left on device; " + JobErrors.DISK_ADVICE,
                JobErrors.unexpected(new RuntimeException("fit failed", failed)));
        assertEquals("Spark failed: Job aborted: java.io.IOException: No space left on device; " + JobErrors.DISK_ADVICE,
                JobErrors.unexpected(new SparkException("Job aborted: java.io.IOException: No space left on device")),
                "a cluster's failure that carries the task's error as text only");
        assertEquals("Spark failed: No space left on device; " + JobErrors.DISK_ADVICE,
                JobErrors.unexpected(new SparkException("Job aborted", new IOException("No space left on device."))),
                "a message's closing full stop goes before the advice, as before the memory advice");
        assertEquals("Spark failed: Stream closed", JobErrors.unexpected(new SparkException("Job aborted", new IOException("Stream closed"))),
                "another I/O failure gets no advice about disk");
    }

    @Test
    void otherFailuresKeepTheirRootCause() {
        assertEquals("Spark failed: disk full", JobErrors.unexpected(new SparkException("Job aborted", new IllegalStateException("disk full"))));
    }
}
