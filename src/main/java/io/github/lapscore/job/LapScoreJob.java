package io.github.lapscore.job;

import static org.apache.spark.sql.functions.col;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import io.github.lapscore.ParamOption;
import io.github.lapscore.graph.GraphSpec;
import io.github.lapscore.graph.WeightedGraph;
import io.github.lapscore.job.files.InputTable;
import io.github.lapscore.job.outputs.Interruption;
import io.github.lapscore.job.files.JobErrors;
import io.github.lapscore.job.outputs.OutputPaths;
import io.github.lapscore.job.outputs.StagedOutputs;
import io.github.lapscore.job.options.BenchOption;
import io.github.lapscore.job.options.CommandOption;
import io.github.lapscore.job.options.EvaluateOption;
import io.github.lapscore.job.options.GenerateOption;
import io.github.lapscore.job.options.JobArguments;
import io.github.lapscore.job.options.JobOption;
import io.github.lapscore.job.options.MasterUrl;
import io.github.lapscore.job.options.ParamOptions;
import io.github.lapscore.job.options.ScoreChoice;
import io.github.lapscore.job.options.SelectionOptions;
import io.github.lapscore.progress.FitWarnings;
import io.github.lapscore.progress.StageListener;
import io.github.lapscore.progress.StageTimer;
import io.github.lapscore.selection.LaplacianScoreSelector;
import io.github.lapscore.selection.base.FeatureSelector;
import io.github.lapscore.selection.base.FeatureSelectorModel;
import io.github.lapscore.selection.base.GraphFeatureSelector;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;

import scala.Option;

/**
 * {@code lapscore fit --input PATH [options]}: ranks the features of a data set by Laplacian Score,
 * Fisher score or Local Kernel Regression score.
 * Run it with {@code bin/lapscore} (local mode) or {@code spark-submit --class
 * io.github.lapscore.job.LapScoreJob <jar> fit ...}. {@code --help} lists every option.
 */
public final class LapScoreJob {

    private LapScoreJob() {
    }

    public static void main(String[] args) {
        if (args.length == 0) {
            System.err.print("lapscore: no command given\n\n" + COMMANDS);
            System.exit(2);
            return;
        }
        String command = args[0];
        String[] options = Arrays.copyOfRange(args, 1, args.length);
        switch (command) {
            case "fit" -> run("fit", JobOption.class, List.of(JobOption.INPUT), JobOption.usage(), JobOption.MASTER, options,
                    (spark, arguments, out) -> fit(spark, arguments, out));
            case "generate" -> run("generate", GenerateOption.class, List.of(GenerateOption.OUTPUT), GenerateOption.usage(),
                    GenerateOption.MASTER, options, GenerateCommand::run);
            case "evaluate" -> run("evaluate", JobOption.class, List.of(JobOption.INPUT, JobOption.LABEL_COL), EvaluateOption.usage(),
                    JobOption.MASTER, EvaluateOption.fitOptions(options), (spark, fitArguments, out) -> EvaluateCommand.run(spark,
                            EvaluateOption.parse(options), fitArguments, out));
            case "bench" -> run("bench", BenchOption.class, List.of(), BenchOption.usage(), BenchOption.MASTER, options,
                    BenchCommand::run);
            case "--help", "-h", "help" -> System.out.print(COMMANDS);
            case "--version", "version" -> System.out.println(BuildInfo.versionLine());
            default -> {
                System.err.println("lapscore: unknown command '" + JobErrors.printable(command) + "'\n\n" + COMMANDS);
                System.exit(2);
            }
        }
    }

    /** The Spark property that chooses how data shipped between tasks is serialized. */
    private static final String SERIALIZER = "spark.serializer";

    private static final String COMMANDS = """
            Usage: lapscore COMMAND [options]    (lapscore COMMAND --help lists a command's options)

            Commands:
              fit        rank the features of a data set by Laplacian, Fisher or LKR score
              evaluate   compare the selectors by k-means clustering and 1-NN accuracy on their best features
              generate   write a Gaussian mixture with known informative features
              bench      time exact, approximate and LSH graphs on generated data
              version    print this library's version and the Spark, Scala and Java it runs on (also --version)
            """;

    /** One command's work on a session with its parsed options. */
    @FunctionalInterface
    private interface Command<E extends Enum<E> & CommandOption> {
        void run(SparkSession spark, JobArguments<E> arguments, PrintStream out) throws IOException;
    }

    private static <E extends Enum<E> & CommandOption> void run(String name, Class<E> type, List<E> required, String usage,
                                                               E master, String[] options, Command<E> command) {
        if (Arrays.asList(options).contains("--help")) {
            System.out.print(usage);
            return;
        }
        JobArguments<E> arguments;
        try {
            arguments = JobArguments.parse(type, options, required);
            MasterUrl.require(master.flag(), arguments.text(master));
        } catch (IllegalArgumentException bad) {
            System.err.println("lapscore: " + JobErrors.printable(bad.getMessage()));
            System.exit(2);
            return;
        }
        Interruption.watch(System.err);
        SparkSession spark = session("lapscore " + name, arguments, master);
        try {
            command.run(spark, arguments, System.out);
        } catch (IllegalArgumentException bad) {
            fail(spark, JobErrors.firstLine(bad), 2);
        } catch (IOException failed) {
            fail(spark, "cannot write output: " + JobErrors.firstLine(failed), 1);
        } catch (Exception unexpected) {
            fail(spark, JobErrors.unexpected(unexpected), 2);
        }
        Interruption.finish();
        stopSilently(spark);
    }

    /** Prints {@code lapscore: <line>}, stops Spark and exits with {@code status}; nothing once interrupted ({@link Interruption}). */
    private static void fail(SparkSession spark, String line, int status) {
        if (!Interruption.finish()) {
            return;
        }
        System.err.println("lapscore: " + JobErrors.printable(line));
        stopSilently(spark);
        System.exit(status);
    }

    /**
     * Stops Spark once the job has said all it has to say, with {@link System#err} closed to what is
     * printed without a logger: on a cluster, a reply that arrives while Spark closes its connections
     * is rejected by a pool already shut down, and Scala prints that rejection's stack trace straight
     * to standard error. Spark's own log lines (conf/log4j2.properties) still show.
     */
    private static void stopSilently(SparkSession spark) {
        System.setErr(new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8));
        spark.stop();
    }

    /**
     * Uses spark-submit's master when there is one, else {@code --master} (default local[*], checked by
     * {@link MasterUrl} before Spark starts); and
     * Kryo for what Spark ships between tasks unless the user chose a serializer (at 100 000 x 50 it
     * cut the shuffles of rows and of neighbour lists by a third against Java serialization).
     */
    private static <E extends Enum<E> & CommandOption> SparkSession session(String name, JobArguments<E> arguments, E master) {
        SparkSession.Builder builder = SparkSession.builder().appName(name);
        if (arguments.given(master) || System.getProperty("spark.master") == null) {
            builder.master(arguments.text(master));
        }
        if (System.getProperty(SERIALIZER) == null) {
            builder.config(SERIALIZER, "org.apache.spark.serializer.KryoSerializer");
        }
        SparkSession spark = builder.getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        return spark;
    }

    /** Runs {@code fit} with already parsed {@code args} ({@code --input ...}, no command word) on {@code spark}. */
    static FeatureSelectorModel<?> fit(SparkSession spark, String[] args, PrintStream out) throws IOException {
        return fit(spark, JobArguments.parse(JobOption.class, args, List.of(JobOption.INPUT)), out);
    }

    /**
     * Runs {@code fit}; every error leaves as an {@link IllegalArgumentException} with one line in the
     * user's terms ({@link UserTerms}), an {@link IOException} when an output cannot be written. The
     * estimators' warnings ({@link FitWarnings}) are printed as {@code Warning: ...} lines in the same terms.
     */
    private static FeatureSelectorModel<?> fit(SparkSession spark, JobArguments<JobOption> args, PrintStream out) throws IOException {
        UserTerms terms = new UserTerms();
        StageListener progress = (stage, description, seconds) -> out.printf(Locale.ROOT, "[%s] %s: %.2f s%n", stage,
                terms.columnNames(description), seconds);
        StageTimer.addListener(progress);
        FitWarnings.setListener(warning -> out.println("Warning: " + terms.translate(warning)));
        try {
            return fit(spark, args, out, terms);
        } catch (IOException failed) {
            throw failed;
        } catch (Exception error) {
            throw terms.translate(error);
        } finally {
            StageTimer.removeListener(progress);
            FitWarnings.removeListener();
        }
    }

    private static FeatureSelectorModel<?> fit(SparkSession spark, JobArguments<JobOption> args, PrintStream out, UserTerms terms)
            throws IOException {
        ScoreChoice score = ParamOption.parse(ScoreChoice.class, args.text(JobOption.SCORE));
        FeatureSelector<?, ?> selector = score.newEstimator();
        List<String> ignored = ParamOptions.apply(selector, args);
        List<String> unused = searchOptionsUnused(selector, args);
        List<String> selectionNotes = SelectionOptions.apply(selector, args);
        boolean builtGraph = selector instanceof GraphFeatureSelector<?, ?> graphSelector
                && graphSelector.graphSpec().materialised();
        if (args.given(JobOption.EDGES_OUT) && !builtGraph) {
            throw new IllegalArgumentException("--edges-out needs a built graph, and " + (score == ScoreChoice.FISHER
                    ? "the Fisher score builds none" : "the class graph is never built (it would have n_l^2 edges per class)"));
        }
        StagedOutputs outputs = checkOutputs(spark, args);
        printUiAddress(spark, out);
        InputTable input = InputTable.load(spark, args, out);
        terms.learn(input);
        selector.setFeaturesCol(input.vectorColumn()).setOutputCol("lapscore_selected");
        if (input.labelColumn() != null) {
            selector.setLabelCol(input.internalName(input.labelColumn()));
        }
        requireLabelIfNeeded(selector, score, input);
        if (!ignored.isEmpty()) {
            out.println("Note: " + String.join(", ", ignored) + (ignored.size() == 1 ? " does" : " do") + " not apply to the "
                    + score.title() + " and " + (ignored.size() == 1 ? "is" : "are") + " ignored");
        }
        if (!unused.isEmpty()) {
            out.println("Note: " + String.join(", ", unused) + (unused.size() == 1 ? " does" : " do") + " not apply to --graph "
                    + ((GraphFeatureSelector<?, ?>) selector).getGraphType() + " and " + (unused.size() == 1 ? "is" : "are")
                    + " ignored (only the kNN graph has an approximate search; only the epsilon graph has a radius)");
        }
        selectionNotes.forEach(note -> out.println("Note: " + note));
        Dataset<Row> data = fitData(selector, input, args, out);
        FeatureSelectorModel<?> model = args.given(JobOption.EDGES_OUT)
                ? fitWritingEdges((GraphFeatureSelector<?, ?>) selector, data, outputs, out)
                : selector.fit(data);
        ScoresReport report = new ScoresReport(model, score.title(), input.featureNames(model.numFeatures()));
        report.print(out, args.get(JobOption.SCORES_OUT).orElse(null), input.secondsByStage());
        if (args.given(JobOption.SCORES_OUT)) {
            outputs.write(JobOption.SCORES_OUT.flag(), "the scores", staged -> report.writeCsv(outputs.create(staged)), out);
        }
        if (args.given(JobOption.MODEL_OUT)) {
            outputs.write(JobOption.MODEL_OUT.flag(), "the model", staged -> model.write().save(staged), out);
        }
        if (args.given(JobOption.OUTPUT)) {
            outputs.write(JobOption.OUTPUT.flag(), "the reduced data (Parquet)", staged -> writeReducedData(input, model, staged),
                    out);
        }
        return model;
    }

    /** Refuses, before anything is read, outputs that break the rules of {@link OutputPaths}; returns them to be written. */
    private static StagedOutputs checkOutputs(SparkSession spark, JobArguments<JobOption> args) {
        OutputPaths outputs = new OutputPaths(spark.sparkContext().hadoopConfiguration(), args.given(JobOption.OVERWRITE));
        args.get(JobOption.SCORES_OUT).ifPresent(path -> outputs.file(JobOption.SCORES_OUT.flag(), path));
        for (JobOption directory : List.of(JobOption.EDGES_OUT, JobOption.OUTPUT, JobOption.MODEL_OUT)) {
            args.get(directory).ifPresent(path -> outputs.directory(directory.flag(), path));
        }
        return outputs.check(args.text(JobOption.INPUT));
    }

    /** Where to watch the fit, when the Spark UI runs. */
    private static void printUiAddress(SparkSession spark, PrintStream out) {
        Option<String> address = spark.sparkContext().uiWebUrl();
        if (address.isDefined()) {
            out.println("Spark UI: " + address.get() + " (while the job runs)");
        }
    }

    /**
     * The options given that the chosen graph does not read: the approximate search's unless the spec
     * {@link GraphSpec#usesSearch() uses the search}, {@code --radius} and {@code --max-edges} unless it
     * {@link GraphSpec#usesRadius() uses the radius}.
     */
    private static List<String> searchOptionsUnused(FeatureSelector<?, ?> selector, JobArguments<JobOption> args) {
        List<String> unused = new ArrayList<>();
        if (!(selector instanceof GraphFeatureSelector<?, ?> graphSelector)) {
            return unused;
        }
        GraphSpec spec = graphSelector.graphSpec();
        List<JobOption> search = List.of(JobOption.KNN, JobOption.TREES, JobOption.LEAF_SIZE, JobOption.REFINEMENT_ROUNDS,
                JobOption.RECALL_SAMPLE);
        for (JobOption option : search) {
            if (!spec.usesSearch() && args.given(option)) {
                unused.add(option.flag());
            }
        }
        for (JobOption option : List.of(JobOption.RADIUS, JobOption.MAX_EDGES)) {
            if (!spec.usesRadius() && args.given(option)) {
                unused.add(option.flag());
            }
        }
        return unused;
    }

    /** A supervised score or graph without {@code --label-col} is refused in the job's own terms. */
    private static void requireLabelIfNeeded(FeatureSelector<?, ?> selector, ScoreChoice score, InputTable input) {
        if (input.labelColumn() != null) {
            return;
        }
        if (score == ScoreChoice.FISHER) {
            throw new IllegalArgumentException("--score fisher needs --label-col: the Fisher score compares classes");
        }
        if (selector instanceof GraphFeatureSelector<?, ?> graphSelector && graphSelector.graphSpec().needsLabels()) {
            throw new IllegalArgumentException("--graph " + graphSelector.getGraphType() + " needs --label-col: its edges join rows"
                    + " of the same label");
        }
    }

    /**
     * The rows the selector fits: the input's, or with {@code --standardize} their vectors divided by
     * each feature's standard deviation ({@link Standardization}; the vector column keeps its name, so
     * the model and {@code --output} select from the user's original values). Without it, a note
     * suggests it when the score reads distances and the features' spreads, over at most the first
     * {@link Standardization#SPREAD_NOTE_ROWS} rows (so that the note never costs a pass over large
     * data), lie orders of magnitude apart. The Fisher score and the Laplacian Score on the class graph read no distance and are
     * unchanged by a feature's scale: there {@code --standardize} gets a note and is skipped.
     */
    private static Dataset<Row> fitData(FeatureSelector<?, ?> selector, InputTable input, JobArguments<JobOption> args,
                                        PrintStream out) {
        boolean readsDistances = selector instanceof GraphFeatureSelector<?, ?> graphSelector
                && !(selector instanceof LaplacianScoreSelector && !graphSelector.graphSpec().weighsDistances());
        boolean standardize = args.given(JobOption.STANDARDIZE);
        if (!readsDistances) {
            if (standardize) {
                out.println("Note: --standardize is skipped: this score reads no distance between rows and is unchanged by the"
                        + " scale of a feature");
            }
            return input.data();
        }
        int numFeatures = input.fromColumns() ? input.featureColumns().size()
                : Standardization.firstVectorSize(input.data(), input.vectorColumn());
        String[] names = input.featureNames(numFeatures);
        if (standardize) {
            return Standardization.of(input.data(), input.vectorColumn(), numFeatures)
                    .map(scaling -> scaling.scale(input.data(), input.vectorColumn(), names)).orElse(input.data());
        }
        Standardization.of(input.data().limit(Standardization.SPREAD_NOTE_ROWS), input.vectorColumn(), numFeatures)
                .flatMap(spread -> spread.spreadNote(names)).ifPresent(note -> out.println("Note: " + note));
        return input.data();
    }

    /** Builds the graph of {@code data} once, writes its edges and scores it. */
    private static FeatureSelectorModel<?> fitWritingEdges(GraphFeatureSelector<?, ?> selector, Dataset<Row> data,
                                                           StagedOutputs outputs, PrintStream out) throws IOException {
        StageTimer timer = new StageTimer(data.sparkSession().sparkContext(), selector.uid() + ": ");
        WeightedGraph graph = selector.buildGraph(data, timer);
        try {
            FeatureSelectorModel<?> model = selector.fitGraph(graph, timer);
            outputs.write(JobOption.EDGES_OUT.flag(), "the graph's edges", staged -> graph.edges().write()
                    .mode(SaveMode.ErrorIfExists).option("header", true).csv(staged), out);
            return model;
        } finally {
            graph.unpersist();
        }
    }

    /**
     * The label and the selected feature columns, under the user's names (or the sliced vector when
     * the input was a vector column), as Parquet at {@code path}, which must not exist. Refused when
     * no feature was selected: there is nothing to reduce to.
     */
    private static void writeReducedData(InputTable input, FeatureSelectorModel<?> model, String path) {
        if (model.selectedFeatures().length == 0) {
            throw new IllegalArgumentException("--output: no feature was selected, so no reduced data was written (the other outputs"
                    + " were); select at least one, e.g. with a looser --threshold");
        }
        List<Column> columns = new ArrayList<>();
        if (input.labelColumn() != null) {
            columns.add(input.column(input.labelColumn()).as(input.labelColumn()));
        }
        Dataset<Row> reduced;
        if (input.fromColumns()) {
            for (int feature : model.selectedFeatures()) {
                String name = input.featureColumns().get(feature);
                columns.add(input.column(name).as(name));
            }
            reduced = input.data();
        } else {
            columns.add(col(model.getOutputCol()).as(input.userName(input.vectorColumn())));
            reduced = model.transform(input.data());
        }
        reduced.select(columns.toArray(Column[]::new)).write().mode(SaveMode.ErrorIfExists).parquet(path);
    }
}
