package lapscore.job;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.IntStream;

import lapscore.graph.WeightedGraph;
import lapscore.job.options.BenchOption;
import lapscore.job.options.FitOption;
import lapscore.job.options.GenerateOption;
import lapscore.job.options.JobArguments;
import lapscore.selection.FisherScoreSelector;
import lapscore.selection.LaplacianScoreSelector;
import lapscore.selection.LaplacianScoreSelectorModel;
import lapscore.selection.LocalKernelRegressionSelector;
import lapscore.selection.McfsSelector;
import lapscore.selection.SpecSelector;
import lapscore.selection.base.FeatureSelectorModel;
import lapscore.selection.registry.Scores;
import lapscore.testkit.BruteForceRecall;
import lapscore.testkit.Caches;
import lapscore.testkit.SparkTestSession;
import lapscore.testscore.RayleighSelector;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The job on the bundled iris sample: the files it writes and their agreement with the library. */
class FitCommandTest {

    private static final SparkSession SPARK = SparkTestSession.spark();
    private static final String[] IRIS = {"sepal_length", "sepal_width", "petal_length", "petal_width"};

    private static FeatureSelectorModel<?> run(String... args) throws Exception {
        return FitCommand.run(SPARK, args, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    }

    @Test
    void generatedDataFitWithTheApproximateGraphReportsRecall(@TempDir Path out) throws Exception {
        String data = out.resolve("mixture.parquet").toString();
        JobArguments<GenerateOption> generate = JobArguments.parse(GenerateOption.class, new String[]{"--rows", "3000", "--dims", "12",
                "--informative", "3", "--clusters", "10", "--seed", "2", "--output", data}, List.of(GenerateOption.OUTPUT));
        GenerateCommand.run(SPARK, generate, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        // Without NN-descent rounds the graph misses some neighbours, so that a wrong estimate would show.
        String edgesOut = out.resolve("edges").toString();
        FeatureSelectorModel<?> model = FitCommand.run(SPARK, new String[]{"--input", data, "--label-col", "cluster",
                "--knn", "approximate", "--trees", "4", "--leaf-size", "300", "--k", "10", "--num-features", "3",
                "--recall-sample", "300", "--refinement-rounds", "0", "--edges-out", edgesOut}, new PrintStream(printed, true, StandardCharsets.UTF_8));
        assertEquals("approximate", model.summary().knnMethod());
        assertTrue(printed.toString(StandardCharsets.UTF_8).contains("Estimated recall@10 of the approximate graph: "));
        assertEquals(12, model.numFeatures(), "the cluster column is the label, not a feature");

        double[][] rows = SPARK.read().parquet(data).drop("cluster").collectAsList().stream()
                .map(row -> IntStream.range(0, row.size()).mapToDouble(row::getDouble).toArray()).toArray(double[][]::new);
        List<Row> edges = SPARK.read().option("header", true).schema(WeightedGraph.EDGE_SCHEMA).csv(edgesOut).collectAsList();
        for (Row edge : edges) {
            double[] a = rows[(int) edge.getLong(0)];
            double[] b = rows[(int) edge.getLong(1)];
            double distance = Math.sqrt(IntStream.range(0, a.length).mapToDouble(c -> (a[c] - b[c]) * (a[c] - b[c])).sum());
            assertEquals(distance, edge.getDouble(2), 1e-9 * distance, "edge " + edge + " joins the rows it names");
        }
        BruteForceRecall recall = BruteForceRecall.of(rows, edges, 10);
        assertTrue(recall.recall() >= 0.75, "4 trees of 300-row leaves over 3000 rows, without refinement, find at least 75% of"
                + " the 10 nearest: " + recall);
        assertEquals(recall.recall(), model.summary().recall(), recall.samplingTolerance(300),
                "the printed estimate against brute force " + recall);
    }

    @Test
    void writesScoresEdgesReducedDataAndModel(@TempDir Path out) throws Exception {
        Path scores = out.resolve("scores.csv");
        run("--input", "data/iris.csv", "--label-col", "species", "--k", "7", "--num-features", "2",
                "--scores-out", scores.toString(), "--edges-out", out.resolve("edges").toString(),
                "--output", out.resolve("reduced").toString(), "--model-out", out.resolve("model").toString(),
                "--partitions", "3");

        Dataset<Row> raw = SPARK.read().option("header", true).option("inferSchema", true).csv("data/iris.csv");
        Dataset<Row> assembled = new VectorAssembler().setInputCols(IRIS).setOutputCol("features").transform(raw);
        LaplacianScoreSelectorModel library = new LaplacianScoreSelector().setNumNeighbors(7).setNumTopFeatures(2).fit(assembled);
        double[] expected = library.scores();
        int[] ranking = library.featureRanking();

        List<String> lines = Files.readAllLines(scores);
        assertEquals("index,feature,score,rank,selected,redundant_with,no_score", lines.get(0));
        assertEquals(5, lines.size());
        for (int feature = 0; feature < 4; feature++) {
            String[] cells = lines.get(feature + 1).split(",");
            assertEquals(Integer.toString(feature), cells[0]);
            assertEquals(IRIS[feature], cells[1]);
            assertEquals(expected[feature], Double.parseDouble(cells[2]), 1e-12 * expected[feature]);
            int rank = Integer.parseInt(cells[3]);
            assertEquals(feature, ranking[rank - 1]);
            assertEquals(rank <= 2, Boolean.parseBoolean(cells[4]));
        }

        Dataset<Row> edges = SPARK.read().option("header", true).option("inferSchema", true).csv(out.resolve("edges").toString());
        assertArrayEquals(new String[]{"src", "dst", "distance", "weight"}, edges.columns());
        assertEquals(library.summary().numEdges(), edges.count());
        assertEquals(0L, edges.filter("src >= dst or src < 0 or dst > 149").count());

        Dataset<Row> reduced = SPARK.read().parquet(out.resolve("reduced").toString());
        int[] selected = library.selectedFeatures();
        assertArrayEquals(new String[]{"species", IRIS[selected[0]], IRIS[selected[1]]}, reduced.columns());
        assertEquals(150, reduced.count());

        assertArrayEquals(expected, LaplacianScoreSelectorModel.load(out.resolve("model").toString()).scores(), 1e-12);
    }

    /** A copy of a column is dropped as redundant with it, in the printed table and the scores CSV. */
    @Test
    void redundancyThresholdDropsACopiedColumn(@TempDir Path out) throws Exception {
        List<String> iris = Files.readAllLines(Path.of("data/iris.csv"));
        List<String> withCopy = new ArrayList<>(List.of(iris.get(0) + ",petal_copy"));
        for (String line : iris.subList(1, iris.size())) {
            withCopy.add(line + "," + line.split(",")[2]);
        }
        Path input = Files.write(out.resolve("copy.csv"), withCopy);
        Path scores = out.resolve("scores.csv");
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        FitCommand.run(SPARK, new String[]{"--input", input.toString(), "--label-col", "species", "--num-features", "5",
                "--redundancy-threshold", "0.95", "--bins", "10", "--scores-out", scores.toString()},
                new PrintStream(printed, true, StandardCharsets.UTF_8));
        List<String> lines = Files.readAllLines(scores);
        String first = lines.get(3).endsWith(",petal_copy,") ? "petal_copy" : "petal_length";
        String second = first.equals("petal_copy") ? "petal_length" : "petal_copy";
        String dropped = lines.stream().filter(line -> line.split(",")[1].equals(second)).findFirst().orElseThrow();
        assertTrue(dropped.endsWith(",false," + first + ","), "the later of the two equal columns is dropped: " + lines);
        assertTrue(printed.toString(StandardCharsets.UTF_8).contains("no: redundant with " + first + " (SU 1.000)"),
                printed.toString(StandardCharsets.UTF_8));
        assertEquals(4, lines.stream().skip(1).filter(line -> line.split(",")[4].equals("true")).count());
    }

    @Test
    void csvWithoutHeaderNamesFeaturesByPosition(@TempDir Path out) throws Exception {
        Path csv = out.resolve("plain.csv");
        List<String> rows = Files.readAllLines(Path.of("data/iris.csv"));
        Files.write(csv, rows.subList(1, rows.size()));
        Path scores = out.resolve("scores.csv");
        run("--input", csv.toString(), "--header", "false", "--features", "f0,f1,f2,f3", "--scores-out", scores.toString());
        List<String> lines = Files.readAllLines(scores);
        for (int feature = 0; feature < 4; feature++) {
            assertTrue(lines.get(feature + 1).startsWith(feature + ",f" + feature + ","), lines.get(feature + 1));
        }
    }

    @Test
    void badOptionsAreExplained() {
        IllegalArgumentException unknownColumn = assertThrows(IllegalArgumentException.class,
                () -> run("--input", "data/iris.csv", "--features", "sepal_length,petal_size"));
        assertTrue(unknownColumn.getMessage().contains("'petal_size' does not exist"), unknownColumn.getMessage());
        IllegalArgumentException badNumber = assertThrows(IllegalArgumentException.class,
                () -> run("--input", "data/iris.csv", "--k", "five"));
        assertTrue(badNumber.getMessage().contains("--k must be a whole number"), badNumber.getMessage());
        IllegalArgumentException unknownOption = assertThrows(IllegalArgumentException.class,
                () -> run("--input", "data/iris.csv", "--neighbours", "5"));
        assertTrue(unknownOption.getMessage().contains("Unknown option '--neighbours'"), unknownOption.getMessage());
    }

    @Test
    void missingValuesNameTheColumn(@TempDir Path out) throws Exception {
        Path csv = out.resolve("holes.csv");
        Files.write(csv, List.of("a,b,c", "1,2,3", "4,,6", "7,8,9", "1,5,2"));
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> run("--input", csv.toString(), "--k", "1"));
        assertTrue(error.getMessage().contains("'b' has 1 null or NaN value"), error.getMessage());
    }

    @Test
    void helpDocumentsEveryOption() {
        String help = FitOption.usage();
        for (FitOption option : FitOption.values()) {
            assertTrue(help.contains(option.flag()), option.flag());
        }
    }

    /**
     * Iris with every row ten times: the fit says that every row has only its copies as neighbours and
     * what to do; with --drop-duplicates true it says how many rows it dropped and scores as the
     * library does on the same rows with dropDuplicates. A Fisher fit says it builds no graph.
     */
    @Test
    void duplicatedRowsAreSaidAndDroppedOnRequest(@TempDir Path out) throws Exception {
        List<String> lines = Files.readAllLines(Path.of("data/iris.csv"));
        List<String> repeated = new ArrayList<>(List.of(lines.get(0)));
        lines.stream().skip(1).forEach(line -> repeated.addAll(Collections.nCopies(10, line)));
        String input = Files.write(out.resolve("iris_dup10.csv"), repeated).toString();
        ByteArrayOutputStream plain = new ByteArrayOutputStream();
        FitCommand.run(SPARK, new String[]{"--input", input, "--label-col", "species", "--num-features", "2"},
                new PrintStream(plain, true, StandardCharsets.UTF_8));
        String said = plain.toString(StandardCharsets.UTF_8);
        assertTrue(said.contains("Warning: 1500 of 1500 rows with edges have only exact copies of themselves as neighbours")
                && said.contains("the ranking says nothing about the features") && said.contains("set --drop-duplicates true"), said);

        ByteArrayOutputStream dropped = new ByteArrayOutputStream();
        FeatureSelectorModel<?> distinct = FitCommand.run(SPARK, new String[]{"--input", input, "--label-col", "species",
                "--num-features", "2", "--drop-duplicates", "true"}, new PrintStream(dropped, true, StandardCharsets.UTF_8));
        String report = dropped.toString(StandardCharsets.UTF_8);
        assertTrue(report.contains("With --drop-duplicates true, 1351 of 1500 rows repeat an earlier row in the features and were"
                + " dropped; the graph and the scores are those of the 149 distinct rows"), report);
        assertFalse(report.contains("only exact copies"), report);
        Dataset<Row> frame = new VectorAssembler().setInputCols(IRIS).setOutputCol("features")
                .transform(SPARK.read().option("header", true).option("inferSchema", true).csv(input));
        assertArrayEquals(new LaplacianScoreSelector().setDropDuplicates(true).fit(frame).scores(), distinct.scores(), 1e-12);

        ByteArrayOutputStream fisher = new ByteArrayOutputStream();
        FitCommand.run(SPARK, new String[]{"--input", "data/iris.csv", "--label-col", "species", "--score", "fisher"},
                new PrintStream(fisher, true, StandardCharsets.UTF_8));
        assertTrue(fisher.toString(StandardCharsets.UTF_8).contains("classes 3, no graph (the Fisher score reads each class's means"),
                fisher.toString(StandardCharsets.UTF_8));
    }

    /** A LibSVM file's features are named after their indices in the file, which count from 1: f1 is the vector's first value. */
    @Test
    void libsvmFeaturesAreNamedByTheirIndicesInTheFile(@TempDir Path out) throws Exception {
        String input = Files.write(out.resolve("tiny.libsvm"), List.of("1 1:0.5 3:1.5 4:2", "0 1:1.0 2:3.0 4:1", "1 2:2.0 3:0.5 4:3",
                "0 1:0.1 2:0.2 3:0.3", "1 1:3 2:1 3:2 4:0.5", "0 1:2 2:2 3:2 4:2")).toString();
        Path scores = out.resolve("scores.csv");
        FitCommand.run(SPARK, new String[]{"--input", input, "--k", "2", "--scores-out", scores.toString()},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        List<String> lines = Files.readAllLines(scores);
        assertEquals(List.of("0,f1", "1,f2", "2,f3", "3,f4"),
                lines.stream().skip(1).map(line -> line.substring(0, line.indexOf(',', line.indexOf(',') + 1))).toList());
    }

    /**
     * A score the command line knows only from the registry, the test class path's
     * ({@link lapscore.testscore.TestScores}): {@code --score} fits it and {@code --help} lists it.
     */
    @Test
    void aScoreOfAnotherCatalogueIsFittedByNameAndListed() throws Exception {
        Dataset<Row> iris = new VectorAssembler().setInputCols(IRIS).setOutputCol("features")
                .transform(SPARK.read().option("header", true).option("inferSchema", true).csv("data/iris.csv"));
        assertArrayEquals(new RayleighSelector().setNumNeighbors(7).fit(iris).scores(),
                run("--input", "data/iris.csv", "--label-col", "species", "--score", "rayleigh", "--k", "7").scores(), 1e-12);
        assertTrue(FitOption.usage().contains("\n  rayleigh     " + Scores.named("rayleigh").description() + "\n"),
                FitOption.usage());
    }

    /** Every score and graph from the command line gives what the library gives with the same params. */
    @Test
    void everyScoreAndGraphMatchesTheLibrary() throws Exception {
        Dataset<Row> iris = new VectorAssembler().setInputCols(IRIS).setOutputCol("features")
                .transform(SPARK.read().option("header", true).option("inferSchema", true).csv("data/iris.csv"));
        assertArrayEquals(new FisherScoreSelector().setLabelCol("species").fit(iris).scores(),
                run("--input", "data/iris.csv", "--label-col", "species", "--score", "fisher").scores(), 1e-12);
        assertArrayEquals(new LaplacianScoreSelector().setGraphType("classKnn").setNumNeighbors(4).setLabelCol("species")
                        .fit(iris).scores(),
                run("--input", "data/iris.csv", "--label-col", "species", "--graph", "classKnn", "--k", "4").scores(), 1e-12);
        assertArrayEquals(new LaplacianScoreSelector().setGraphType("epsilon").setRadius(0.6).fit(iris).scores(),
                run("--input", "data/iris.csv", "--label-col", "species", "--graph", "epsilon", "--radius", "0.6").scores(), 1e-12);
        assertArrayEquals(new LocalKernelRegressionSelector().setLkrLambda(0.5).setCenterFeatures(true).fit(iris).scores(),
                run("--input", "data/iris.csv", "--label-col", "species", "--score", "lkr", "--lkr-lambda", "0.5",
                        "--lkr-center", "true").scores(), 1e-12);
        // SPEC and MCFS take K = the label's 3 classes unless --eigenvectors is given.
        assertArrayEquals(new McfsSelector().setNumNeighbors(40).setNumEigenvectors(3).setNumTopFeatures(2).fit(iris).scores(),
                run("--input", "data/iris.csv", "--label-col", "species", "--score", "mcfs", "--k", "40", "--num-features", "2")
                        .scores(), 1e-12);
        assertArrayEquals(new SpecSelector().setNumNeighbors(40).setNumEigenvectors(2).fit(iris).scores(),
                run("--input", "data/iris.csv", "--label-col", "species", "--score", "spec", "--k", "40", "--eigenvectors", "2")
                        .scores(), 1e-12);
        FeatureSelectorModel<?> lkrClass = run("--input", "data/iris.csv", "--label-col", "species", "--score", "lkr",
                "--graph", "class", "--max-class-size", "40");
        assertEquals(3, lkrClass.summary().largeClasses());
    }

    @Test
    void optionsThatDoNotApplyAreReportedAndSupervisedOptionsNeedALabel() throws Exception {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        FitCommand.run(SPARK, new String[]{"--input", "data/iris.csv", "--label-col", "species", "--score", "fisher",
                "--graph", "knn", "--k", "3"}, new PrintStream(printed, true, StandardCharsets.UTF_8));
        String output = printed.toString(StandardCharsets.UTF_8);
        assertTrue(output.contains("Note: --graph, --k do not apply to the Fisher score and are ignored"), output);
        assertTrue(output.contains("Fisher score"), output);

        IllegalArgumentException fisher = assertThrows(IllegalArgumentException.class,
                () -> run("--input", "data/iris.csv", "--features", "sepal_length,petal_width", "--score", "fisher"));
        assertTrue(fisher.getMessage().contains("--score fisher needs --label-col"), fisher.getMessage());
        IllegalArgumentException classGraph = assertThrows(IllegalArgumentException.class,
                () -> run("--input", "data/iris.csv", "--features", "sepal_length,petal_width", "--graph", "classKnn"));
        assertTrue(classGraph.getMessage().contains("--graph classKnn needs --label-col"), classGraph.getMessage());
        IllegalArgumentException edges = assertThrows(IllegalArgumentException.class,
                () -> run("--input", "data/iris.csv", "--label-col", "species", "--graph", "class", "--edges-out", "unused"));
        assertTrue(edges.getMessage().contains("--edges-out needs a built graph"), edges.getMessage());
    }

    @Test
    void paramOptionsShowTheEstimatorDefaults() {
        String help = FitOption.usage();
        assertTrue(help.contains("[default: " + new LaplacianScoreSelector().getNumNeighbors() + "; lkr: "
                + new LocalKernelRegressionSelector().getNumNeighbors() + "]"), help);
        assertTrue(help.contains(new LocalKernelRegressionSelector().lkrLambda().doc()), help);
        assertEquals(String.valueOf(new LaplacianScoreSelector().getNumTrees()), BenchOption.TREES.defaultValue());
    }

    @Test
    void jobReleasesEveryCacheWhetherItSucceedsOrFails(@TempDir Path out) {
        FeatureSelectorModel<?> model = Caches.leavesNothingCached("the job writing edges and the model", () -> call(() -> run(
                "--input", "data/iris.csv", "--label-col", "species", "--k", "5", "--partitions", "3",
                "--edges-out", out.resolve("edges").toString(), "--model-out", out.resolve("model").toString())));
        assertEquals(4, model.numFeatures());
        Caches.leavesNothingCached("the job with the LKR score on the class graph", () -> call(() -> run(
                "--input", "data/iris.csv", "--label-col", "species", "--score", "lkr", "--graph", "class", "--max-class-size", "40",
                "--k", "4", "--output", out.resolve("reduced").toString())));
        IllegalArgumentException refused = Caches.leavesNothingCached("the job refusing a leaf size after caching the rows",
                () -> assertThrows(IllegalArgumentException.class, () -> run("--input", "data/iris.csv", "--label-col", "species",
                        "--knn", "approximate", "--k", "5", "--leaf-size", "5", "--edges-out", out.resolve("none").toString())));
        assertTrue(refused.getMessage().contains("--leaf-size 5 must exceed --k 5"), refused.getMessage());
    }

    /** Work that may throw a checked exception, for {@link Caches#leavesNothingCached}. */
    @FunctionalInterface
    private interface Work<T> {
        T run() throws Exception;
    }

    private static <T> T call(Work<T> work) {
        try {
            return work.run();
        } catch (Exception failed) {
            throw new IllegalStateException(failed);
        }
    }
}
