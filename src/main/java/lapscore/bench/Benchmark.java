package lapscore.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import lapscore.data.CacheScope;
import lapscore.data.blocks.BlockLayout;
import lapscore.graph.WeightedGraph;
import lapscore.graph.distance.DistanceMeasure;
import lapscore.graph.kernel.RowEmbedding;
import lapscore.graph.search.RecallSample;
import lapscore.graph.search.SearchInput;
import lapscore.graph.search.approximate.ForestSettings;
import lapscore.terminal.ListenerScope;
import lapscore.progress.StageTimer;
import lapscore.terminal.TaskRowsListener;
import lapscore.selection.LaplacianScoreSelector;
import lapscore.selection.LaplacianScoreSelectorModel;
import lapscore.selection.base.FitSummary;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The benchmark harness: for each data size, a fresh {@link GaussianMixture} (or the user's table),
 * then the exact graph, the approximate graph and the LSH baseline, each fitted in this JVM, and the
 * Python baselines on the same rows (pynndescent, the exact graph in plain numpy:
 * {@link PythonBaselines}), each reported as a {@link BenchResult}; the distance kernel is measured
 * against a plain dgemm first.
 *
 * @param dims          features D
 * @param informative   informative features I (selection keeps I)
 * @param clusters      clusters C
 * @param noiseRank     rank of the noise features (0: independent), see {@link GaussianMixture}
 * @param k             neighbours k
 * @param methods       any of exact, approximate, pynndescent, numpy, lsh
 * @param exactMaxRows  larger data skip the exact graph and numpy's
 * @param forest        settings of the approximate graph (trees, leaf size, refinement rounds, rows
 *                      sampled for recall@k, seed); its seed also seeds the data
 * @param searchNeighbors the approximate graph's K, one fit for each (the first's graph is kept for
 *                      the baselines' recall); {@code forest}'s alone when empty
 * @param lshTimeFactor an LSH setting stops after this many times the approximate graph's time
 * @param pynndescentNeighbors pynndescent's n_neighbors, one build for each
 * @param scripts       the folder of {@code pynndescent-knn.py} and {@code numpy-knn.py}, run for the
 *                      baselines ({@link PythonBaselines})
 * @param table         the rows to run on instead of generated ones ({@link #table}), or null; its
 *                      features number {@code dims}, and none is counted as informative
 */
public record Benchmark(int dims, int informative, int clusters, int noiseRank, int k, List<String> methods, long exactMaxRows,
                        ForestSettings forest, List<Integer> searchNeighbors, double lshTimeFactor, List<Integer> pynndescentNeighbors,
                        Path scripts, Dataset<Row> table) {

    /**
     * pynndescent's default n_neighbors here: 30, the approximate graph's K for k = 10 and the
     * value its documentation starts from.
     */
    public static final int PYNNDESCENT_NEIGHBORS = 30;

    /** Rows of the untimed approximate fit that runs before the timed ones ({@link #warmUp}). */
    static final int WARM_UP_ROWS = 20_000;

    public Benchmark {
        searchNeighbors = searchNeighbors.isEmpty() ? List.of(forest.searchNeighbors()) : List.copyOf(searchNeighbors);
        pynndescentNeighbors = List.copyOf(pynndescentNeighbors);
    }

    /** Runs every size and prints the Markdown table to {@code out}; {@link BenchResult#csv} gives each result's CSV line. */
    public List<BenchResult> run(SparkSession spark, long[] sizes, PrintStream out) {
        int blockRows = BlockLayout.EXACT_JOIN_ROWS_PER_BLOCK;
        KernelRate rate = KernelRate.measure(blockRows, dims, k, 2.0);
        out.printf(Locale.ROOT, "Distance kernel (%s screen + exact distances + top-%d heaps), one thread, two blocks of the exact join, %d x %d x %d:"
                + " %.2f GFLOP/s (%.2f with the dgemm screen); plain dgemm of the same tiles: %.2f GFLOP/s (kernel at %.0f%% of dgemm)%n",
                rate.singlePrecision() ? "single-precision" : "dgemm", k, blockRows, blockRows, dims, rate.kernelGflops(), rate.doubleScreenGflops(),
                rate.dgemmGflops(), 100 * rate.ratio());
        List<BenchResult> results = new ArrayList<>();
        for (long rows : sizes) {
            results.addAll(runSize(spark, rows, out));
        }
        out.println();
        out.println(BenchResult.MARKDOWN_HEADER);
        results.forEach(result -> out.println(result.markdown()));
        out.println();
        return results;
    }

    /** The results of one size; the data and the graph kept for the baselines are cached in one scope. */
    private List<BenchResult> runSize(SparkSession spark, long rows, PrintStream out) {
        try (CacheScope caches = new CacheScope()) {
            return measureSize(spark, rows, out, caches);
        }
    }

    private List<BenchResult> measureSize(SparkSession spark, long rows, PrintStream out, CacheScope caches) {
        GaussianMixture mixture = table == null ? new GaussianMixture(dims, informative, clusters, noiseRank, forest.seed()) : null;
        int partitions = GaussianMixture.defaultPartitions(rows, spark.sparkContext().defaultParallelism());
        Dataset<Row> data = withIds(spark, table == null ? mixture.generate(spark, rows, partitions) : table, caches);
        List<BenchResult> results = new ArrayList<>();
        LaplacianScoreSelectorModel exact = null;
        if (methods.contains("exact") && rows <= exactMaxRows) {
            Fitted fitted = fit(data, "exact", forest, false, caches);
            exact = fitted.model;
            results.add(result(rows, "exact", "all pairs", fitted, mixture));
            out.println(results.get(results.size() - 1).markdown());
        }
        if (methods.contains("approximate") || methods.contains("lsh") || methods.contains("pynndescent") || methods.contains("numpy")) {
            warmUp(data, caches);
            Fitted approximate = null;
            BenchResult approximateResult = null;
            for (int listSize : methods.contains("approximate") ? searchNeighbors : searchNeighbors.subList(0, 1)) {
                ForestSettings settings = forest.withSearchNeighbors(listSize);
                Fitted fitted = fit(data, "approximate", settings, approximate == null, caches);
                BenchResult result = result(rows, "approximate", settings.numTrees(rows) + " trees, leaves of "
                        + settings.leafSize(dims, k) + ", K = " + settings.listSize(k) + ", at most " + settings.refinementRounds()
                        + " NN-descent rounds", fitted, mixture);
                if (approximate == null) {
                    approximate = fitted;
                    approximateResult = result;
                }
                if (methods.contains("approximate")) {
                    results.add(result);
                    out.println(result.markdown());
                    if (!fitted.graphBreakdown().isEmpty()) {
                        out.printf("%n%s%n%n", fitted.graphBreakdown());
                    }
                    if (exact != null) {
                        out.println(agreement(exact, fitted.model));
                    }
                }
            }
            SearchInput input = new SearchInput(approximate.graph.blocks(), approximate.graph.layout(),
                    new RowEmbedding(dims, DistanceMeasure.EUCLIDEAN, approximate.graph.featureMeans(), false), caches);
            RecallSample sample = RecallSample.draw(input, k, forest.recallSampleSize(), forest.seed());
            results.addAll(baselines(spark, data, rows, sample, out));
            if (methods.contains("lsh")) {
                results.addAll(lsh(data, rows, sample, approximateResult, out));
            }
        }
        return results;
    }

    /**
     * The Python baselines asked for, on the same rows ({@link PythonBaselines}): a pynndescent build
     * for each of {@link #pynndescentNeighbors}, and the exact graph in plain numpy up to
     * {@link #exactMaxRows} rows; each only when {@code /usr/bin/python3} has its module.
     */
    private List<BenchResult> baselines(SparkSession spark, Dataset<Row> data, long rows, RecallSample sample, PrintStream out) {
        int threads = spark.sparkContext().defaultParallelism();
        List<PythonBaselines.Build> builds = new ArrayList<>();
        if (methods.contains("pynndescent") && available("pynndescent", "bin/bench installs Debian's python3-pynndescent", out)) {
            for (int neighbors : pynndescentNeighbors) {
                builds.add(new PythonBaselines.Build("pynndescent", scripts.resolve("pynndescent-knn.py"),
                        List.of("--neighbors", String.valueOf(neighbors), "--threads", String.valueOf(threads), "--seed",
                                String.valueOf(Math.floorMod(forest.seed(), Integer.MAX_VALUE))),
                        numbers -> String.format(Locale.ROOT, "pynndescent, n_neighbors %d, best %d kept, %d threads (+%.1f s numba"
                                + " compilation)", neighbors, k, threads, numbers.get("compile_seconds"))));
            }
        }
        if (methods.contains("numpy") && rows <= exactMaxRows && available("numpy", "apt-get install python3-numpy", out)) {
            builds.add(new PythonBaselines.Build("numpy", scripts.resolve("numpy-knn.py"), List.of("--threads", String.valueOf(threads)),
                    numbers -> String.format(Locale.ROOT, "plain numpy, all pairs (float64 BLAS), %d threads", threads)));
        }
        if (builds.isEmpty()) {
            return List.of();
        }
        try {
            List<BenchResult> results = PythonBaselines.run(data, rows, dims, k, builds, sample);
            results.forEach(result -> out.println(result.markdown()));
            return results;
        } catch (IOException | InterruptedException | RuntimeException failed) {
            out.println("  baselines: failed, " + failed.getMessage());
            return List.of();
        }
    }

    /** Whether {@code /usr/bin/python3} can import {@code module}; says it is skipped, and how to get it, when not. */
    private static boolean available(String module, String remedy, PrintStream out) {
        if (PythonBaselines.available(module)) {
            return true;
        }
        out.println("  " + module + ": skipped, /usr/bin/python3 cannot import " + module + " (" + remedy + ")");
        return false;
    }

    private List<BenchResult> lsh(Dataset<Row> data, long rows, RecallSample sample, BenchResult approximateResult, PrintStream out) {
        double limit = Math.max(30.0, lshTimeFactor * approximateResult.graphSeconds());
        List<BenchResult> results = new ArrayList<>();
        for (double[] setting : LshBaseline.SETTINGS) {
            BenchResult result = LshBaseline.run(data, rows, dims, k, setting[0], (int) setting[1], sample, limit, forest.seed());
            if (result == null) {
                out.printf(Locale.ROOT, "| %d | %d | lsh | bucket %.1f x d_k, %d tables | stopped after %.0f s | | | | | | | | | | | |%n",
                        rows, dims, setting[0], (int) setting[1], limit);
                results.add(new BenchResult(rows, dims, "lsh", String.format(Locale.ROOT, "bucket %.1f x d_k, %d tables (stopped)",
                        setting[0], (int) setting[1]), limit, Double.NaN, Double.NaN, Double.NaN, Double.NaN, -1, 0, Double.NaN, 0,
                        FitFootprint.NOT_MEASURED));
                break;
            }
            results.add(result);
            out.println(result.markdown());
            if (result.recall() >= approximateResult.recall()) {
                break;
            }
        }
        return results;
    }

    /**
     * One approximate fit of the first {@value #WARM_UP_ROWS} rows, not timed, so that the first
     * timed fit of this JVM does not pay for compiling the search's code, as pynndescent's timings
     * leave out numba's compilation.
     */
    private void warmUp(Dataset<Row> data, CacheScope caches) {
        fit(data.limit(WARM_UP_ROWS), "approximate", forest, false, caches);
    }

    /**
     * The model, its graph when kept (the approximate one, to sample recall for LSH), the peak heap,
     * the footprint of the fit, and where its graph's time went ({@link GraphBreakdown}; empty when
     * the listeners missed events).
     */
    private record Fitted(LaplacianScoreSelectorModel model, WeightedGraph graph, long peakHeapMegabytes, FitFootprint footprint,
                          String graphBreakdown) {
    }

    /**
     * Fits with {@code method} and the approximate search's {@code settings}; the graph is owned by
     * {@code caches} and released once fitted, or kept there for the baselines with {@code keepGraph}.
     * The fit's rows per task and shuffle bytes are heard by listeners added for this fit alone.
     */
    private Fitted fit(Dataset<Row> data, String method, ForestSettings settings, boolean keepGraph, CacheScope caches) {
        LaplacianScoreSelector selector = new LaplacianScoreSelector().setKnnMethod(method).setNumNeighbors(k)
                .setNumTrees(settings.numTrees()).setLeafSize(settings.leafSize()).setSearchNeighbors(settings.searchNeighbors())
                .setRefinementRounds(settings.refinementRounds()).setMaxRowsPerTask(settings.maxRowsPerTask())
                .setRecallSampleSize(settings.recallSampleSize()).setSeed(settings.seed())
                .setNumTopFeatures(informative);
        PeakHeap.reset();
        SparkContext context = data.sparkSession().sparkContext();
        StageTimer timer = new StageTimer(context, selector.uid() + ": ");
        TaskRowsListener taskRows = new TaskRowsListener();
        StepLedger steps = new StepLedger();
        GraphBreakdown breakdown = new GraphBreakdown();
        ListenerScope listening = ListenerScope.listen(context, taskRows, steps);
        WeightedGraph graph;
        LaplacianScoreSelectorModel model;
        StageTimer.addListener(breakdown);
        try (listening) {
            graph = caches.own(selector.buildGraph(data, timer));
            model = selector.fitGraph(graph, timer);
        } finally {
            StageTimer.removeListener(breakdown);
        }
        long peak = PeakHeap.megabytes();
        FitFootprint footprint = listening.heardAll()
                ? FitFootprint.of(taskRows.mostRows(), steps, timer.pairCounts(), data.count()) : FitFootprint.NOT_MEASURED;
        String where = listening.heardAll()
                ? breakdown.table(steps.workByStep(), selector.uid() + ": ", context.defaultParallelism()) : "";
        if (!keepGraph) {
            graph.unpersist();
            return new Fitted(model, null, peak, footprint, where);
        }
        return new Fitted(model, graph, peak, footprint, where);
    }

    private BenchResult result(long rows, String method, String setting, Fitted fitted, GaussianMixture mixture) {
        FitSummary s = fitted.model.summary();
        double graphGflops = method.equals("exact") ? (double) rows * rows * dims / s.graphSeconds() / 1e9 : Double.NaN;
        return new BenchResult(rows, dims, method, setting, s.graphSeconds(), s.recallSeconds(), s.weightsSeconds(),
                s.scoresSeconds(), method.equals("exact") ? 1.0 : s.recall(),
                mixture == null ? -1 : mixture.informativeAmong(fitted.model.featureRanking(), informative), informative, graphGflops,
                fitted.peakHeapMegabytes, fitted.footprint);
    }

    /**
     * What a user of the scores sees of the approximation: whether the approximate graph selects what
     * the exact one does, the largest relative difference of a score, and the Spearman correlation of
     * all scores.
     */
    private String agreement(LaplacianScoreSelectorModel exact, LaplacianScoreSelectorModel approximate) {
        boolean same = Arrays.equals(exact.selectedFeatures(), approximate.selectedFeatures());
        return String.format(Locale.ROOT, "  approximate vs exact: same top %d features: %s; largest relative score difference:"
                + " %.4f; Spearman correlation of all scores: %.4f", informative, same ? "yes" : "no",
                largestRelativeDifference(exact.scores(), approximate.scores()),
                spearman(exact.featureRanking(), approximate.featureRanking()));
    }

    /** max over features of |b - a| / |a|. */
    static double largestRelativeDifference(double[] a, double[] b) {
        double largest = 0.0;
        for (int r = 0; r < a.length; r++) {
            largest = Math.max(largest, Math.abs(b[r] - a[r]) / Math.abs(a[r]));
        }
        return largest;
    }

    /** Spearman's rho of two rankings of the same items (no ties: rankings are total orders). */
    static double spearman(int[] rankingA, int[] rankingB) {
        int n = rankingA.length;
        int[] positionA = new int[n];
        int[] positionB = new int[n];
        for (int p = 0; p < n; p++) {
            positionA[rankingA[p]] = p;
            positionB[rankingB[p]] = p;
        }
        double squares = 0.0;
        for (int item = 0; item < n; item++) {
            double difference = positionA[item] - positionB[item];
            squares += difference * difference;
        }
        return 1.0 - 6.0 * squares / ((double) n * ((double) n * n - 1.0));
    }

    /**
     * The table in {@code path} to run on: Parquet, or CSV with a header when the path ends in
     * {@code .csv} (its columns' types inferred); every column but {@link GaussianMixture#CLUSTER_COLUMN}
     * is a feature.
     */
    public static Dataset<Row> table(SparkSession spark, String path) {
        return path.endsWith(".csv") ? spark.read().option("header", "true").option("inferSchema", "true").csv(path)
                : spark.read().parquet(path);
    }

    /** The features of {@code table} ({@link #table}): every column but {@link GaussianMixture#CLUSTER_COLUMN}. */
    public static int featuresOf(Dataset<Row> table) {
        return (int) Arrays.stream(table.columns()).filter(name -> !name.equals(GaussianMixture.CLUSTER_COLUMN)).count();
    }

    /**
     * Columns {@code id} (position, from 0) and {@code features}, cached in {@code caches}, so ids match
     * the selector's row numbering.
     */
    private Dataset<Row> withIds(SparkSession spark, Dataset<Row> generated, CacheScope caches) {
        String[] featureColumns = Arrays.stream(generated.columns()).filter(name -> !name.equals(GaussianMixture.CLUSTER_COLUMN))
                .toArray(String[]::new);
        Dataset<Row> assembled = new VectorAssembler().setInputCols(featureColumns).setOutputCol("features")
                .transform(generated).select("features");
        JavaRDD<Row> numbered = assembled.toJavaRDD().zipWithIndex()
                .map(pair -> RowFactory.create(pair._2(), pair._1().get(0)));
        StructType schema = new StructType().add("id", DataTypes.LongType, false).add("features", SQLDataTypes.VectorType(), false);
        Dataset<Row> data = caches.persist(spark.createDataFrame(numbered, schema));
        data.count();
        return data;
    }
}
