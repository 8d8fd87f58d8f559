package lapscore.job;

import java.util.List;

import lapscore.job.files.JobErrors;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * For {@link OutOfMemoryTaskTest}, in a JVM of its own: starts Spark as {@code lapscore} does
 * ({@link LapScoreJob#session}) on the master {@code args[0]}, runs a job one of whose tasks throws
 * the {@link OutOfMemoryError} of an exhausted heap, and prints the job's line for the failure.
 */
final class OutOfMemoryTaskRun {

    private OutOfMemoryTaskRun() {
    }

    public static void main(String[] args) {
        SparkSession spark = LapScoreJob.session("out of memory in a task", args[0]);
        try {
            JavaSparkContext.fromSparkContext(spark.sparkContext()).parallelize(List.of(1, 2, 3, 4), 2)
                    .map(value -> {
                        if (value == 3) {
                            throw new OutOfMemoryError("Java heap space");
                        }
                        return value;
                    })
                    .count();
            System.out.println("no failure");
        } catch (Exception failed) {
            System.out.println(JobErrors.unexpected(failed));
        }
        spark.stop();
    }
}
