package lapscore.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import lapscore.bench.GaussianMixture;
import lapscore.job.options.GenerateOption;
import lapscore.job.options.JobArguments;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lapscore generate} writes the mixture's rows, the same as CSV and as Parquet, and refuses
 * sizes that make no mixture in the terms of its flags, before writing anything.
 */
class GenerateCommandTest {

    private static String refused(Path output, String... options) {
        List<String> args = new ArrayList<>(List.of(options));
        args.addAll(List.of("--output", output.toString()));
        JobArguments<GenerateOption> parsed = JobArguments.parse(GenerateOption.class, args.toArray(String[]::new),
                List.of(GenerateOption.OUTPUT));
        String message = assertThrows(IllegalArgumentException.class, () -> GenerateCommand.run(JobRuns.SPARK, parsed,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))).getMessage();
        assertFalse(Files.exists(output), "nothing written");
        return message;
    }

    @Test
    void csvAndParquetHoldTheMixturesRowsInOrder(@TempDir Path dir) throws Exception {
        String[] size = {"--rows", "300", "--dims", "40", "--informative", "3", "--clusters", "4", "--seed", "9", "--partitions", "3"};
        List<Row> expected = new GaussianMixture(40, 3, 4, 9L).generate(JobRuns.SPARK, 300, 1).collectAsList();
        for (String file : List.of("g.csv", "g.parquet")) {
            List<String> args = new ArrayList<>(List.of(size));
            args.addAll(List.of("--output", dir.resolve(file).toString()));
            GenerateCommand.run(JobRuns.SPARK, JobArguments.parse(GenerateOption.class, args.toArray(String[]::new),
                    List.of(GenerateOption.OUTPUT)), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            Dataset<Row> read = file.endsWith(".csv")
                    ? JobRuns.SPARK.read().option("header", true).option("inferSchema", true).csv(dir.resolve(file).toString())
                    : JobRuns.SPARK.read().parquet(dir.resolve(file).toString());
            assertEquals(expected, read.collectAsList(), file);
            assertEquals(41, read.columns().length, file);
        }
    }

    @Test
    void sizesAreRefusedByTheirFlags(@TempDir Path dir) {
        Path output = dir.resolve("g.parquet");
        assertEquals("--informative must be at most --dims (5), got 10", refused(output, "--dims", "5", "--informative", "10"));
        assertEquals("--dims must be at least 1, got 0", refused(output, "--dims", "0", "--informative", "0"));
        assertEquals("--informative must be at least 0, got -1", refused(output, "--informative", "-1"));
        assertEquals("--clusters must be at least 1, got 0", refused(output, "--clusters", "0"));
        assertEquals("--noise-rank must be at least 0, got -2", refused(output, "--noise-rank", "-2"));
    }
}
