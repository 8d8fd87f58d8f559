package lapscore.job;

import static lapscore.job.JobRuns.error;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import lapscore.job.files.InputTable;
import lapscore.job.options.FitOption;
import lapscore.job.options.JobArguments;
import org.apache.spark.SparkException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The estimators' errors reach the user with flags, column names and data rows from 1, never the job's internal names. */
class EstimatorMessagesTest {

    @Test
    void tooManyNeighboursNamesTheFlag() {
        assertEquals("The input has 150 rows, so --k must be at most 149 (got 200)", error("--input", "data/iris.csv", "--k", "200"));
    }

    @Test
    void paramOutOfRangeNamesTheFlag() {
        assertEquals("--k must be at least 1, got 0", error("--input", "data/iris.csv", "--k", "0"));
    }

    @Test
    void aWholeNumberBeyondItsTypeNamesTheBound() {
        assertEquals("--num-features must be at most 2147483647, got 99999999999",
                error("--input", "data/iris.csv", "--num-features", "99999999999"));
    }

    @Test
    void missingParamNamesTheFlags() {
        assertEquals("--graph epsilon needs --radius to be set", error("--input", "data/iris.csv", "--graph", "epsilon"));
    }

    @Test
    void zeroRowForCosinesNamesTheDataRow(@TempDir Path dir) throws Exception {
        String input = Files.write(dir.resolve("zero.csv"), List.of("a,b", "1,2", "3,1", "0,0", "2,2")).toString();
        assertEquals("Data row 3 is the zero vector, whose cosine with other rows is undefined (needed by --distance cosine or"
                + " --kernel cosine); drop it, use the euclidean distance with a heat or binary kernel, or set --handle-invalid skip",
                error("--input", input, "--k", "1", "--distance", "cosine"));
    }

    @Test
    void rowsAndFeaturesBecomeDataRowsAndColumns(@TempDir Path dir) throws Exception {
        UserTerms terms = new UserTerms();
        try (InputTable input = InputTable.load(JobRuns.SPARK, JobArguments.parse(FitOption.class, new String[]{"--input",
                "data/iris.csv", "--label-col", "species"}, List.of(FitOption.INPUT)), new PrintStream(new ByteArrayOutputStream(),
                true, StandardCharsets.UTF_8))) {
            terms.learn(input);
        }
        assertEquals("Data row 8 has Infinity in column 'sepal_width'; remove or impute non-finite values, or set"
                + " --handle-invalid skip", terms.translate("Column 'lapscore_features' row 7 (counting from 0) has Infinity at feature"
                + " 1 ('sepal_width'); remove or impute non-finite values, or set handleInvalid = skip"));
        assertEquals("Every feature is constant over the 23 rows, so none has a score and none is selected",
                terms.translate("Column 'lapscore_features': every feature is constant over the 23 rows, so none has a score and"
                        + " none is selected"));
        assertEquals("Column 'species' has no label (null or NaN) at data row 6; drop or fill unlabelled rows, or set"
                + " --handle-invalid skip", terms.translate("Column 'species' has no label (null or NaN) at row 5 (counting from 0);"
                + " drop or fill unlabelled rows, or set handleInvalid = skip"));
    }

    @Test
    void anyOtherSparkFailureShowsItsRootCauseOnly() {
        SparkException failure = new SparkException("Job aborted due to stage failure: Task 0 in stage 3.0 failed\nDriver stacktrace:",
                new RuntimeException("wrapped", new IOException("Stream is corrupted\n\tat somewhere")));
        assertEquals("Spark failed: Stream is corrupted", new UserTerms().translate(failure).getMessage());
    }

    @Test
    void aFullDiskSaysWhereSparkWritesAndWhatToChange() {
        SparkException failure = new SparkException("Job aborted due to stage failure: Task 20 in stage 118.0 failed\nDriver stacktrace:",
                new RuntimeException("wrapped", new IOException("No space left on device\n\tat somewhere")));
        String line = new UserTerms().translate(failure).getMessage();
        assertEquals("Spark failed: No space left on device; free disk where Spark writes its shuffles (spark.local.dir,"
                + " SPARK_LOCAL_DIRS on a cluster) or point them at a larger one: each NN-descent round of the approximate graph"
                + " writes copies of the rows, fewer when a task holds more rows (--max-rows-per-task, with the heap it needs)", line);
        assertEquals(1, line.lines().count());
    }

    @Test
    void aTaskOutOfMemorySaysWhatToChange() {
        SparkException failure = new SparkException("Job aborted due to stage failure",
                new OutOfMemoryError("[UNABLE_TO_ACQUIRE_MEMORY] Unable to acquire 260750578 bytes of memory, got 135393396."));
        String line = new UserTerms().translate(failure).getMessage();
        assertEquals("Spark failed: [UNABLE_TO_ACQUIRE_MEMORY] Unable to acquire 260750578 bytes of memory, got 135393396;"
                + " give Spark more memory (LAPSCORE_JAVA_OPTS=-Xmx… for bin/lapscore in local mode, spark.executor.memory on a"
                + " cluster) or lower --max-rows-per-task, the rows one task holds", line);
        assertEquals(1, line.lines().count());
    }
}
