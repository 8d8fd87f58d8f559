package io.github.lapscore.job;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import io.github.lapscore.bench.Benchmark;
import io.github.lapscore.graph.search.ForestSettings;
import org.apache.spark.sql.SparkSession;

/** {@code lapscore bench}: runs the {@link Benchmark} with the options given. */
final class BenchCommand {

    private BenchCommand() {
    }

    static void run(SparkSession spark, JobArguments<BenchOption> args, PrintStream out) throws IOException {
        long[] sizes = Arrays.stream(args.text(BenchOption.ROWS).split(",")).map(String::trim).mapToLong(Long::parseLong).toArray();
        List<String> methods = Arrays.stream(args.text(BenchOption.METHODS).split(",")).map(String::trim).toList();
        for (String method : methods) {
            if (!List.of("exact", "approximate", "lsh").contains(method)) {
                throw new IllegalArgumentException("--methods takes exact, approximate and lsh, got '" + method + "'");
            }
        }
        new Benchmark(args.integer(BenchOption.DIMS), args.integer(BenchOption.INFORMATIVE), args.integer(BenchOption.CLUSTERS),
                args.integer(BenchOption.K), methods, args.longInteger(BenchOption.EXACT_MAX_ROWS),
                new ForestSettings(args.integer(BenchOption.TREES), args.integer(BenchOption.LEAF_SIZE),
                        args.integer(BenchOption.REFINEMENT_ROUNDS), args.integer(BenchOption.RECALL_SAMPLE),
                        args.longInteger(BenchOption.SEED)),
                args.number(BenchOption.LSH_TIME_FACTOR))
                .run(spark, sizes, out, Path.of(args.text(BenchOption.OUTPUT)));
    }
}
