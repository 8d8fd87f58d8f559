package lapscore.job;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Locale;

import lapscore.bench.GaussianMixture;
import lapscore.job.outputs.OutputPaths;
import lapscore.job.outputs.StagedOutputs;
import lapscore.job.options.GenerateOption;
import lapscore.job.options.JobArguments;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;

/**
 * {@code lapscore generate}: writes a {@link GaussianMixture}: a path ending in {@code .csv} (with a
 * header) or {@code .parquet} as one single file, any other path as a folder of Parquet parts. The
 * output follows the rules of {@link OutputPaths} (an existing one needs {@code --overwrite}).
 */
final class GenerateCommand {

    private GenerateCommand() {
    }

    static void run(SparkSession spark, JobArguments<GenerateOption> args, PrintStream out) throws IOException {
        long rows = args.longInteger(GenerateOption.ROWS);
        int dims = args.integerAtLeast(GenerateOption.DIMS, 1);
        int informative = args.integerAtLeast(GenerateOption.INFORMATIVE, 0);
        int clusters = args.integerAtLeast(GenerateOption.CLUSTERS, 1);
        int noiseRank = args.integerAtLeast(GenerateOption.NOISE_RANK, 0);
        if (rows < 1) {
            throw new IllegalArgumentException("--rows must be at least 1, got " + rows);
        }
        if (informative > dims) {
            throw new IllegalArgumentException("--informative must be at most --dims (" + dims + "), got " + informative);
        }
        int partitions = args.given(GenerateOption.PARTITIONS) ? args.integerAtLeast(GenerateOption.PARTITIONS, 1)
                : GaussianMixture.defaultPartitions(rows, spark.sparkContext().defaultParallelism());
        String path = args.text(GenerateOption.OUTPUT);
        String format = singleFileFormat(path);
        OutputPaths paths = new OutputPaths(spark.sparkContext().hadoopConfiguration(), args.given(GenerateOption.OVERWRITE));
        StagedOutputs outputs = (format == null ? paths.directory(GenerateOption.OUTPUT.flag(), path)
                : paths.file(GenerateOption.OUTPUT.flag(), path)).check(null);
        GaussianMixture mixture = new GaussianMixture(dims, informative, clusters, noiseRank, args.longInteger(GenerateOption.SEED));
        String what = String.format(Locale.ROOT, "%d rows x %d features (f0..f%d informative, %d clusters) and column %s", rows,
                dims, informative - 1, clusters, GaussianMixture.CLUSTER_COLUMN);
        outputs.write(GenerateOption.OUTPUT.flag(), what + (format == null ? " as a Parquet folder" : " as one " + format + " file"),
                staged -> write(spark, mixture, rows, partitions, format, staged), out);
    }

    /**
     * Writes the rows at {@code path}: a CSV as its lines ({@link GaussianMixture#csvLines}), Parquet
     * as a table without dictionary encoding (random doubles repeat no value, and trying a dictionary
     * for each column doubles the writer's time on wide tables).
     */
    private static void write(SparkSession spark, GaussianMixture mixture, long rows, int partitions, String format, String path) {
        if ("csv".equals(format)) {
            mixture.csvLines(spark, rows, partitions).coalesce(1).write().mode(SaveMode.ErrorIfExists).text(path);
            return;
        }
        Dataset<Row> data = mixture.generate(spark, rows, partitions);
        (format == null ? data.write() : data.coalesce(1).write()).mode(SaveMode.ErrorIfExists)
                .option("parquet.enable.dictionary", "false").parquet(path);
    }

    /** {@code csv} or {@code parquet} when {@code path} ends in {@code .csv} or {@code .parquet} (one file), else null (a folder). */
    private static String singleFileFormat(String path) {
        String lower = path.toLowerCase(Locale.ROOT);
        return lower.endsWith(".csv") ? "csv" : lower.endsWith(".parquet") ? "parquet" : null;
    }
}
