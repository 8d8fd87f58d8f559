package lapscore.job;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

import lapscore.bench.BenchResult;
import lapscore.bench.Benchmark;
import lapscore.bench.ClassRegressionRate;
import lapscore.bench.Machine;
import lapscore.graph.search.approximate.ForestSettings;
import lapscore.job.options.BenchOption;
import lapscore.job.options.JobArguments;
import lapscore.job.outputs.MarkdownSection;
import lapscore.job.outputs.OutputPaths;
import lapscore.job.outputs.StagedOutputs;
import lapscore.terminal.LiveProgress;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * {@code lapscore bench}: runs the {@link Benchmark} with the options given; {@code --output} follows
 * the rules of {@link OutputPaths}.
 */
final class BenchCommand {

    private BenchCommand() {
    }

    static void run(SparkSession spark, JobArguments<BenchOption> args, PrintStream out) throws IOException {
        if (args.given(BenchOption.LKR_CLASS_SIZES)) {
            classRegressions(args, out);
            return;
        }
        Dataset<Row> table = args.given(BenchOption.INPUT) ? Benchmark.table(spark, args.text(BenchOption.INPUT)) : null;
        long[] sizes = table == null ? args.longIntegers(BenchOption.ROWS) : new long[] {table.count()};
        int dims = table == null ? args.integer(BenchOption.DIMS) : Benchmark.featuresOf(table);
        List<String> methods = Arrays.stream(args.text(BenchOption.METHODS).split(",")).map(String::trim).toList();
        for (String method : methods) {
            if (!List.of("exact", "approximate", "pynndescent", "numpy", "lsh").contains(method)) {
                throw new IllegalArgumentException("--methods takes exact, approximate, pynndescent, numpy and lsh, got '" + method + "'");
            }
        }
        List<Integer> pynndescentNeighbors = pynndescentNeighbors(args);
        StagedOutputs outputs = new OutputPaths(spark.sparkContext().hadoopConfiguration(), args.given(BenchOption.OVERWRITE))
                .file(BenchOption.OUTPUT.flag(), args.text(BenchOption.OUTPUT)).check(null);
        MarkdownSection section = args.given(BenchOption.MARKDOWN)
                ? MarkdownSection.of(args.text(BenchOption.MARKDOWN), "bench") : null;
        if (section != null) {
            section.check(BenchOption.MARKDOWN.flag());
        }
        List<BenchResult> results;
        try (LiveProgress live = LiveProgress.start(spark.sparkContext(), out, UnaryOperator.identity())) {
            results = new Benchmark(dims, Math.min(dims, args.integer(BenchOption.INFORMATIVE)),
                    args.integer(BenchOption.CLUSTERS), args.integer(BenchOption.NOISE_RANK),
                    args.integer(BenchOption.K), methods, args.longInteger(BenchOption.EXACT_MAX_ROWS),
                    new ForestSettings(args.integer(BenchOption.TREES), args.integer(BenchOption.LEAF_SIZE), 0,
                            args.integer(BenchOption.REFINEMENT_ROUNDS), args.integer(BenchOption.MAX_ROWS_PER_TASK),
                            args.integer(BenchOption.RECALL_SAMPLE),
                            args.longInteger(BenchOption.SEED)),
                    searchNeighbors(args), args.number(BenchOption.LSH_TIME_FACTOR), pynndescentNeighbors, scripts(), table)
                    .run(spark, sizes, live.output());
        }
        byte[] csv = BenchResult.csv(results).getBytes(StandardCharsets.UTF_8);
        outputs.write(BenchOption.OUTPUT.flag(), "the results CSV", staged -> outputs.writeFile(staged, csv), out);
        if (section != null) {
            String heap = Machine.javaHeap();
            section.write(String.format(Locale.ROOT, "Written by `bin/lapscore bench %s`, on %s (Spark `%s`, Java heap %s):%n%n%s",
                    args.asGiven(List.of(BenchOption.OUTPUT, BenchOption.OVERWRITE, BenchOption.MARKDOWN)),
                    Machine.processor(), spark.sparkContext().master(), heap, BenchResult.userTable(results, heap)));
            out.println("Wrote the table to section " + section.name() + " of " + section.page());
        }
    }

    /** The approximate graph's K, one fit each: those of {@code --search-neighbors}, each at least k; none (the default K) when not given. */
    private static List<Integer> searchNeighbors(JobArguments<BenchOption> args) {
        if (!args.given(BenchOption.SEARCH_NEIGHBORS)) {
            return List.of();
        }
        int k = args.integer(BenchOption.K);
        int[] given = args.integers(BenchOption.SEARCH_NEIGHBORS);
        for (int listSize : given) {
            if (listSize < k) {
                throw new IllegalArgumentException(BenchOption.SEARCH_NEIGHBORS.flag() + " must each be at least --k (" + k + "), got "
                        + listSize);
            }
        }
        return Arrays.stream(given).boxed().toList();
    }

    /**
     * pynndescent's n_neighbors, one build each: those of {@code --pynndescent-neighbors}, each more
     * than k (pynndescent counts a row among its own neighbours), else
     * {@link Benchmark#PYNNDESCENT_NEIGHBORS} or k + 1 when k is larger.
     */
    private static List<Integer> pynndescentNeighbors(JobArguments<BenchOption> args) {
        int k = args.integer(BenchOption.K);
        if (!args.given(BenchOption.PYNNDESCENT_NEIGHBORS)) {
            return List.of(Math.max(Benchmark.PYNNDESCENT_NEIGHBORS, k + 1));
        }
        int[] given = args.integers(BenchOption.PYNNDESCENT_NEIGHBORS);
        for (int neighbors : given) {
            if (neighbors <= k) {
                throw new IllegalArgumentException(BenchOption.PYNNDESCENT_NEIGHBORS.flag() + " must each be more than --k ("
                        + k + "), got " + neighbors + ": pynndescent counts each row among its own neighbours");
            }
        }
        return Arrays.stream(given).boxed().toList();
    }

    /**
     * {@code bin/} of the installation that runs ({@code bin/lapscore} sets LAPSCORE_HOME), else of
     * the working directory: the baselines' scripts.
     */
    private static Path scripts() {
        String home = System.getenv("LAPSCORE_HOME");
        return Path.of(home == null ? "." : home, "bin");
    }

    /**
     * The supervised LKR regressions of one class per size, on {@code --dims} dimensions with the
     * paper's lambda = 0.1 and h = the dimension (the random points' mean squared distance is 2/3 of it).
     */
    private static void classRegressions(JobArguments<BenchOption> args, PrintStream out) {
        int dims = args.integer(BenchOption.DIMS);
        out.println("| class rows | one factorisation (s) | one solve per row (s) | ratio | largest difference |");
        out.println("|---|---|---|---|---|");
        for (int size : args.integers(BenchOption.LKR_CLASS_SIZES)) {
            ClassRegressionRate rate = ClassRegressionRate.measure(size, dims, dims, 0.1);
            out.printf(Locale.ROOT, "| %d | %.3f | %.3f | %.1f | %.1e |%n", rate.rows(), rate.leaveOneOutSeconds(),
                    rate.separateSolvesSeconds(), rate.separateSolvesSeconds() / rate.leaveOneOutSeconds(), rate.largestDifference());
        }
    }
}
