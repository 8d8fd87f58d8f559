package lapscore.job;

import static org.apache.spark.sql.functions.col;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import lapscore.graph.WeightedGraph;
import lapscore.graph.spec.GraphSpec;
import lapscore.job.files.InputTable;
import lapscore.job.options.FitOption;
import lapscore.job.options.JobArguments;
import lapscore.job.options.ParamFlags;
import lapscore.job.options.SelectionOptions;
import lapscore.job.outputs.OutputPaths;
import lapscore.job.outputs.StagedOutputs;
import lapscore.progress.FitWarnings;
import lapscore.terminal.ListenerScope;
import lapscore.terminal.LiveProgress;
import lapscore.progress.StageListener;
import lapscore.progress.StageTimer;
import lapscore.terminal.TaskRowsListener;
import lapscore.selection.base.FeatureSelector;
import lapscore.selection.base.FeatureSelectorModel;
import lapscore.selection.base.GraphFeatureSelector;
import lapscore.selection.params.EdgeWeightParams;
import lapscore.selection.params.SpectralScoreParams;
import lapscore.selection.registry.Score;
import lapscore.selection.registry.Scores;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;

import scala.Option;

/**
 * {@code lapscore fit --input PATH [options]}: ranks the features of a data set by Laplacian Score,
 * Fisher score or Local Kernel Regression score, prints the ranking and writes the outputs asked
 * for ({@code --scores-out}, {@code --edges-out}, {@code --model-out}, {@code --output}), each
 * following the rules of {@link OutputPaths}.
 */
final class FitCommand {

    /** Most classes of the label that {@link #eigenvectorsFromClasses} takes as SPEC's and MCFS's K. */
    private static final int MAX_CLASSES_AS_EIGENVECTORS = 100;

    private FitCommand() {
    }

    /** Runs {@code fit} with {@code args} ({@code --input ...}, no command word) on {@code spark}. */
    static FeatureSelectorModel<?> run(SparkSession spark, String[] args, PrintStream out) throws IOException {
        return run(spark, JobArguments.parse(FitOption.class, args, List.of(FitOption.INPUT)), out);
    }

    /**
     * Runs {@code fit}; every error leaves as an {@link IllegalArgumentException} with one line in the
     * user's terms ({@link UserTerms}), an {@link IOException} when an output cannot be written. The
     * estimators' warnings ({@link FitWarnings}) are printed as {@code Warning: ...} lines in the same terms,
     * each finished step as a {@code [stage] step: seconds} line, and the step that runs as a
     * {@link LiveProgress} line.
     */
    static FeatureSelectorModel<?> run(SparkSession spark, JobArguments<FitOption> args, PrintStream out) throws IOException {
        UserTerms terms = new UserTerms();
        try (LiveProgress live = LiveProgress.start(spark.sparkContext(), out, terms::columnNames)) {
            PrintStream shown = live.output();
            StageListener progress = (stage, description, seconds) -> shown.printf(Locale.ROOT, "[%s] %s: %.2f s%n", stage,
                    terms.columnNames(description), seconds);
            StageTimer.addListener(progress);
            FitWarnings.setListener(warning -> shown.println("Warning: " + terms.translate(warning)));
            try {
                return fit(spark, args, shown, terms);
            } catch (IOException failed) {
                throw failed;
            } catch (Exception error) {
                throw terms.translate(error);
            } finally {
                StageTimer.removeListener(progress);
                FitWarnings.removeListener();
            }
        }
    }

    /**
     * Refuses, before Spark starts, what the options alone make impossible: an input format that
     * cannot be told, a delimiter that is not one character, a param value out of its range, selection
     * options of different modes, {@code --edges-out} without a graph. The same checks run again in
     * {@link #run}, for callers that start Spark themselves.
     */
    static void checkOptions(JobArguments<FitOption> args) {
        try {
            InputTable.checkOptions(args);
            plan(args);
        } catch (IllegalArgumentException error) {
            throw new UserTerms().translate(error);
        }
    }

    /**
     * The estimator the options ask for, configured, with the notes to print: options that do not
     * apply to its score, search options its graph does not read, and the selection rule's notes.
     */
    private record Plan(Score score, FeatureSelector<?, ?> selector, List<String> ignored, List<String> unused,
                        List<String> selectionNotes) {
    }

    private static Plan plan(JobArguments<FitOption> args) {
        Score score = Scores.named(args.text(FitOption.SCORE));
        FeatureSelector<?, ?> selector = score.newEstimator();
        List<String> ignored = ParamFlags.apply(selector, args);
        List<String> unused = searchOptionsUnused(selector, args);
        List<String> selectionNotes = SelectionOptions.apply(selector, args);
        boolean builtGraph = selector instanceof GraphFeatureSelector<?, ?> graphSelector
                && graphSelector.graphSpec().materialised();
        if (args.given(FitOption.EDGES_OUT) && !builtGraph) {
            throw new IllegalArgumentException("--edges-out needs a built graph, and " + (selector instanceof GraphFeatureSelector<?, ?>
                    ? "the class graph is never built (it would have n_l^2 edges per class)" : "the " + score.title() + " builds none"));
        }
        return new Plan(score, selector, ignored, unused, selectionNotes);
    }

    private static FeatureSelectorModel<?> fit(SparkSession spark, JobArguments<FitOption> args, PrintStream out, UserTerms terms)
            throws IOException {
        Plan plan = plan(args);
        StagedOutputs outputs = checkOutputs(spark, args);
        printUiAddress(spark, out);
        try (InputTable input = InputTable.load(spark, args, out)) {
            return fit(plan, input, outputs, args, out, terms);
        }
    }

    /** Fits the planned selector to the rows of {@code input}, prints the notes, the ranking and writes the outputs. */
    private static FeatureSelectorModel<?> fit(Plan plan, InputTable input, StagedOutputs outputs, JobArguments<FitOption> args,
                                               PrintStream out, UserTerms terms) throws IOException {
        FeatureSelector<?, ?> selector = plan.selector();
        Score score = plan.score();
        List<String> ignored = plan.ignored();
        List<String> unused = plan.unused();
        terms.learn(input);
        selector.setFeaturesCol(input.vectorColumn()).setOutputCol("lapscore_selected");
        if (input.labelColumn() != null) {
            selector.setLabelCol(input.internalName(input.labelColumn()));
        }
        requireLabelIfNeeded(selector, score, input);
        eigenvectorsFromClasses(selector, input, args, out);
        if (!ignored.isEmpty()) {
            out.println("Note: " + String.join(", ", ignored) + (ignored.size() == 1 ? " does" : " do") + " not apply to the "
                    + score.title() + " and " + (ignored.size() == 1 ? "is" : "are") + " ignored");
        }
        if (!unused.isEmpty()) {
            out.println("Note: " + String.join(", ", unused) + (unused.size() == 1 ? " does" : " do") + " not apply to --graph "
                    + ((GraphFeatureSelector<?, ?>) selector).getGraphType() + " and " + (unused.size() == 1 ? "is" : "are")
                    + " ignored (only the kNN graph has an approximate search; only the epsilon graph has a radius)");
        }
        plan.selectionNotes().forEach(note -> out.println("Note: " + note));
        Dataset<Row> data = fitData(selector, input, args, out);
        TaskRowsListener taskRows = new TaskRowsListener();
        ListenerScope listening = ListenerScope.listen(data.sparkSession().sparkContext(), taskRows);
        FeatureSelectorModel<?> model;
        try (listening) {
            model = args.given(FitOption.EDGES_OUT)
                    ? fitWritingEdges((GraphFeatureSelector<?, ?>) selector, data, outputs, out)
                    : selector.fit(data);
        }
        ScoresReport report = new ScoresReport(model, score.title(), input.featureNames(model.numFeatures()));
        report.print(out, args.get(FitOption.SCORES_OUT).orElse(null), input.secondsByStage(),
                listening.heardAll() ? taskRows.mostRows() : 0);
        if (args.given(FitOption.SCORES_OUT)) {
            outputs.write(FitOption.SCORES_OUT.flag(), "the scores", staged -> report.writeCsv(outputs.create(staged)), out);
        }
        if (args.given(FitOption.MODEL_OUT)) {
            outputs.write(FitOption.MODEL_OUT.flag(), "the model", staged -> model.write().save(staged), out);
        }
        if (args.given(FitOption.OUTPUT)) {
            outputs.write(FitOption.OUTPUT.flag(), "the reduced data (Parquet)", staged -> writeReducedData(input, model, staged),
                    out);
        }
        return model;
    }

    /** Refuses, before anything is read, outputs that break the rules of {@link OutputPaths}; returns them to be written. */
    private static StagedOutputs checkOutputs(SparkSession spark, JobArguments<FitOption> args) {
        OutputPaths outputs = new OutputPaths(spark.sparkContext().hadoopConfiguration(), args.given(FitOption.OVERWRITE));
        args.get(FitOption.SCORES_OUT).ifPresent(path -> outputs.file(FitOption.SCORES_OUT.flag(), path));
        for (FitOption directory : List.of(FitOption.EDGES_OUT, FitOption.OUTPUT, FitOption.MODEL_OUT)) {
            args.get(directory).ifPresent(path -> outputs.directory(directory.flag(), path));
        }
        return outputs.check(args.text(FitOption.INPUT));
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
    private static List<String> searchOptionsUnused(FeatureSelector<?, ?> selector, JobArguments<FitOption> args) {
        List<String> unused = new ArrayList<>();
        if (!(selector instanceof GraphFeatureSelector<?, ?> graphSelector)) {
            return unused;
        }
        GraphSpec spec = graphSelector.graphSpec();
        List<FitOption> search = List.of(FitOption.KNN, FitOption.TREES, FitOption.LEAF_SIZE, FitOption.REFINEMENT_ROUNDS,
                FitOption.MAX_ROWS_PER_TASK, FitOption.RECALL_SAMPLE);
        for (FitOption option : search) {
            if (!spec.usesSearch() && args.given(option)) {
                unused.add(option.flag());
            }
        }
        for (FitOption option : List.of(FitOption.RADIUS, FitOption.MAX_EDGES)) {
            if (!spec.usesRadius() && args.given(option)) {
                unused.add(option.flag());
            }
        }
        return unused;
    }

    /** A supervised score or graph without {@code --label-col} is refused in the job's own terms. */
    private static void requireLabelIfNeeded(FeatureSelector<?, ?> selector, Score score, InputTable input) {
        if (input.labelColumn() != null) {
            return;
        }
        if (score.has(Score.Trait.SUPERVISED)) {
            throw new IllegalArgumentException("--score " + score.name() + " needs --label-col: the " + score.title()
                    + " compares classes");
        }
        if (selector instanceof GraphFeatureSelector<?, ?> graphSelector && graphSelector.graphSpec().needsLabels()) {
            throw new IllegalArgumentException("--graph " + graphSelector.getGraphType() + " needs --label-col: its edges join rows"
                    + " of the same label");
        }
    }

    /**
     * SPEC and MCFS take K = the number of classes of {@code --label-col} when it is given and
     * {@code --eigenvectors} is not: MCFS's K is the number of clusters (Cai, Zhang and He, KDD 2010,
     * section 3.1). Only for 2 to {@value #MAX_CLASSES_AS_EIGENVECTORS} classes; a label of more
     * values (a measured quantity) leaves K at its default. One pass over the label column.
     */
    private static void eigenvectorsFromClasses(FeatureSelector<?, ?> selector, InputTable input, JobArguments<FitOption> args,
                                                PrintStream out) {
        if (!(selector instanceof SpectralScoreParams spectral) || input.labelColumn() == null
                || args.given(FitOption.EIGENVECTORS)) {
            return;
        }
        long classes = input.data().select(col(input.internalName(input.labelColumn()))).distinct()
                .limit(MAX_CLASSES_AS_EIGENVECTORS + 1).count();
        if (classes >= 2 && classes <= MAX_CLASSES_AS_EIGENVECTORS) {
            selector.set(spectral.numEigenvectors(), (int) classes);
            out.printf(Locale.ROOT, "Note: --eigenvectors is %d, the number of classes of --label-col '%s' (MCFS's number of"
                    + " clusters); give --eigenvectors to choose K yourself%n", classes, input.labelColumn());
        }
    }

    /**
     * The rows the selector fits: the input's, or with {@code --standardize} their vectors divided by
     * each feature's standard deviation ({@link Standardization#scaledOrNoted}; the vector column keeps
     * its name, so the model and {@code --output} select from the user's original values). Without it,
     * a note suggests it when the score reads distances and the features' spreads lie orders of
     * magnitude apart. The Fisher score and the edge-weight scores on the class graph (weights 1/n_l) read no
     * distance and are unchanged by a feature's scale: there {@code --standardize} gets a note and is skipped.
     */
    private static Dataset<Row> fitData(FeatureSelector<?, ?> selector, InputTable input, JobArguments<FitOption> args,
                                        PrintStream out) {
        boolean readsDistances = selector instanceof GraphFeatureSelector<?, ?> graphSelector
                && !(selector instanceof EdgeWeightParams && !graphSelector.graphSpec().weighsDistances());
        boolean standardize = args.given(FitOption.STANDARDIZE);
        if (!readsDistances) {
            if (standardize) {
                out.println("Note: --standardize is skipped: this score reads no distance between rows and is unchanged by the"
                        + " scale of a feature");
            }
            return input.data();
        }
        return Standardization.scaledOrNoted(input, input.data(), standardize, out);
    }

    /** Builds the graph of {@code data} once, writes its edges and scores it. */
    private static FeatureSelectorModel<?> fitWritingEdges(GraphFeatureSelector<?, ?> selector, Dataset<Row> data,
                                                           StagedOutputs outputs, PrintStream out) throws IOException {
        StageTimer timer = new StageTimer(data.sparkSession().sparkContext(), selector.uid() + ": ");
        try (WeightedGraph graph = selector.buildGraph(data, timer)) {
            FeatureSelectorModel<?> model = selector.fitGraph(graph, timer);
            outputs.write(FitOption.EDGES_OUT.flag(), "the graph's edges", staged -> graph.edges().write()
                    .mode(SaveMode.ErrorIfExists).option("header", true).csv(staged), out);
            return model;
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
