package io.github.lapscore.job;

import java.io.PrintStream;
import java.util.Locale;

import io.github.lapscore.bench.GaussianMixture;
import io.github.lapscore.job.files.OutputPaths;
import io.github.lapscore.job.options.GenerateOption;
import io.github.lapscore.job.options.JobArguments;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;

/**
 * {@code lapscore generate}: writes a {@link GaussianMixture} as Parquet or CSV, refusing an
 * existing {@code --output} unless {@code --overwrite} is given.
 */
final class GenerateCommand {

    private GenerateCommand() {
    }

    static void run(SparkSession spark, JobArguments<GenerateOption> args, PrintStream out) {
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
                : spark.sparkContext().defaultParallelism();
        String path = args.text(GenerateOption.OUTPUT);
        new OutputPaths(spark.sparkContext().hadoopConfiguration(), args.given(GenerateOption.OVERWRITE))
                .directory(GenerateOption.OUTPUT.flag(), path).check(null);
        Dataset<Row> data = new GaussianMixture(dims, informative, clusters, noiseRank, args.longInteger(GenerateOption.SEED))
                .generate(spark, rows, partitions);
        if (path.toLowerCase(Locale.ROOT).endsWith(".csv")) {
            data.write().mode(SaveMode.Overwrite).option("header", "true").csv(path);
        } else {
            data.write().mode(SaveMode.Overwrite).parquet(path);
        }
        out.printf(Locale.ROOT, "Wrote %d rows x %d features (f0..f%d informative, %d clusters) and column %s to %s%n",
                rows, dims, informative - 1, clusters, GaussianMixture.CLUSTER_COLUMN, path);
    }
}
