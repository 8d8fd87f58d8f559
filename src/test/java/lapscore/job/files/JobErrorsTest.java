package lapscore.job.files;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
    void otherFailuresKeepTheirRootCause() {
        assertEquals("Spark failed: disk full", JobErrors.unexpected(new SparkException("Job aborted", new IllegalStateException("disk full"))));
    }
}
