package lapscore.job;

import static org.apache.spark.sql.functions.col;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import lapscore.data.CacheScope;
import lapscore.evaluation.EvaluationRow;
import lapscore.evaluation.EvaluationTable;
import lapscore.evaluation.Experiment;
import lapscore.evaluation.FeatureRanker;
import lapscore.evaluation.RankedFeatures;
import lapscore.evaluation.SelectedFeaturesTable;
import lapscore.evaluation.SelectorRanker;
import lapscore.evaluation.VarianceRanker;
import lapscore.evaluation.plots.FeatureMap;
import lapscore.evaluation.plots.MetricChart;
import lapscore.job.files.InputTable;
import lapscore.job.outputs.OutputPaths;
import lapscore.job.outputs.StagedOutputs;
import lapscore.job.options.EvaluateOption;
import lapscore.job.options.EvaluatedSelector;
import lapscore.job.options.FitOption;
import lapscore.job.options.JobArguments;
import lapscore.job.options.ParamFlags;
import lapscore.selection.base.FeatureSelector;
import lapscore.selection.base.GraphFeatureSelector;
import lapscore.selection.params.SpectralScoreParams;
import lapscore.selection.redundancy.RedundancyRemoval;
import org.apache.spark.ml.feature.StringIndexer;
import org.apache.spark.ml.feature.StringIndexerModel;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * {@code lapscore evaluate}: runs the {@link Experiment} on the input with the selectors of
 * {@code --selectors} and writes its table (CSV and Markdown), the features of every row
 * ({@code features.csv}), its charts and, for image data, the feature maps. Every selector's fit
 * checks run before any selector does ({@link Experiment#check}); a selector that fails while it
 * runs all the same leaves the others' rows written, and the command then fails with one line
 * naming it. With {@code --standardize} the selectors, k-means and 1-NN all read every feature
 * divided by its standard deviation, as {@code fit --standardize} scores them; without it, the note
 * of {@link Standardization} says when the features' spreads lie orders of magnitude apart. The
 * label is indexed (0 .. c-1) by Spark's {@link StringIndexer}, so numbers and strings both work;
 * only the evaluation and the Fisher score read it.
 */
final class EvaluateCommand {

    /** Name of the indexed label column. */
    private static final String CLASS_COLUMN = "evaluation_class";

    /** Name of the features in their own units, kept (only) for the variance baseline when {@code --standardize} scales the rest. */
    private static final String ORIGINAL_COLUMN = "evaluation_original";

    private static final Pattern IMAGE_SHAPE = Pattern.compile("(\\d{1,5})[xX](\\d{1,5})");

    /** Fit options that make no sense here: evaluate chooses the selectors and the features itself, and needs every row. */
    private static final List<FitOption> FIT_ONLY = List.of(FitOption.SCORE, FitOption.SELECT, FitOption.PERCENTILE,
            FitOption.THRESHOLD, FitOption.SCORES_OUT, FitOption.EDGES_OUT, FitOption.OUTPUT, FitOption.MODEL_OUT,
            FitOption.HANDLE_INVALID);

    private EvaluateCommand() {
    }

    /** Runs {@code evaluate} with {@code args} ({@code --input ...}, no command word) on {@code spark}. */
    static void run(SparkSession spark, String[] args, PrintStream out) throws IOException {
        run(spark, EvaluateOption.parse(args), JobArguments.parse(FitOption.class, EvaluateOption.fitOptions(args),
                List.of(FitOption.INPUT, FitOption.LABEL_COL)), out);
    }

    /** Runs the command with evaluate's own options {@code own} and the fit options {@code fit}. */
    static void run(SparkSession spark, JobArguments<EvaluateOption> own, JobArguments<FitOption> fit, PrintStream out)
            throws IOException {
        List<EvaluatedSelector> selectors = checkOptions(own, fit);
        int[] shape = own.get(EvaluateOption.IMAGE_SHAPE).map(EvaluateCommand::imageShape).orElse(null);
        StagedOutputs outputs = new OutputPaths(spark.sparkContext().hadoopConfiguration(), fit.given(FitOption.OVERWRITE))
                .directory(EvaluateOption.OUTPUT_DIR.flag(), own.text(EvaluateOption.OUTPUT_DIR)).check(fit.text(FitOption.INPUT));
        UserTerms terms = new UserTerms();
        try (InputTable input = InputTable.load(spark, fit, out)) {
            terms.learn(input);
            StringIndexerModel indexer = new StringIndexer().setInputCol(input.internalName(input.labelColumn()))
                    .setOutputCol(CLASS_COLUMN).fit(input.data());
            requireTwoClasses(input.labelColumn(), indexer.labelsArray()[0]);
            try (CacheScope caches = new CacheScope()) {
                boolean keepOriginal = fit.given(FitOption.STANDARDIZE) && selectors.contains(EvaluatedSelector.VARIANCE);
                Dataset<Row> indexed = indexer.transform(input.data()).select(keepOriginal
                        ? new Column[]{col(input.vectorColumn()), col(CLASS_COLUMN), col(input.vectorColumn()).as(ORIGINAL_COLUMN)}
                        : new Column[]{col(input.vectorColumn()), col(CLASS_COLUMN)});
                Dataset<Row> rows = caches.persist(Standardization.scaledOrNoted(input, indexed, fit.given(FitOption.STANDARDIZE), out));
                int numFeatures = ((Vector) rows.first().get(0)).size();
                if (shape != null && shape[0] * shape[1] != numFeatures) {
                    throw new IllegalArgumentException("--image-shape " + shape[0] + "x" + shape[1] + " has " + shape[0] * shape[1]
                            + " pixels but the input has " + numFeatures + " features");
                }
                int classes = indexer.labelsArray()[0].length;
                List<FeatureRanker> rankers = new ArrayList<>();
                for (EvaluatedSelector selector : selectors) {
                    rankers.add(ranker(selector, input.vectorColumn(), numFeatures, classes, own, fit, out));
                }
                Experiment experiment = new Experiment(rows, input.vectorColumn(), CLASS_COLUMN, classes,
                        numFeatures, own.integer(EvaluateOption.RESTARTS), own.integer(EvaluateOption.SPLITS),
                        own.longInteger(EvaluateOption.EVAL_SEED), caches, out);
                experiment.check(rankers);
                Experiment.Result result = experiment.run(rankers, featureCounts(own, numFeatures));
                write(result, input.featureNames(numFeatures), shape, outputs, out);
                requireNoFailure(result.failures(), own.text(EvaluateOption.OUTPUT_DIR));
            }
        } catch (IOException failed) {
            throw failed;
        } catch (Exception error) {
            throw terms.translate(error);
        }
    }

    /**
     * Refuses, before Spark starts when the job calls it first, what the options alone make
     * impossible: fit options that do not apply here, unknown selectors, a malformed image shape, the
     * input options {@link InputTable#checkOptions} judges, and params out of range or a supervised
     * graph for any selector; returns the selectors.
     */
    static List<EvaluatedSelector> checkOptions(JobArguments<EvaluateOption> own, JobArguments<FitOption> fit) {
        for (FitOption option : FIT_ONLY) {
            if (fit.given(option)) {
                throw new IllegalArgumentException(option.flag() + " does not apply to evaluate, which chooses the selectors"
                        + " (--selectors) and numbers of features (--num-features) itself and needs every row");
            }
        }
        List<EvaluatedSelector> selectors = Arrays.stream(own.text(EvaluateOption.SELECTORS).split(","))
                .map(EvaluatedSelector::of).distinct().toList();
        own.get(EvaluateOption.IMAGE_SHAPE).ifPresent(EvaluateCommand::imageShape);
        try {
            InputTable.checkOptions(fit);
            selectors.stream().filter(selector -> selector.score() != null).forEach(selector -> configured(selector, fit));
        } catch (IllegalArgumentException error) {
            throw new UserTerms().translate(error);
        }
        return selectors;
    }

    /**
     * Refuses, before the selectors and k-means run, a label with fewer than two classes: the
     * clustering has k = number of classes, and a single cluster (or 1-NN among one class) measures nothing.
     */
    private static void requireTwoClasses(String label, String[] classes) {
        if (classes.length < 2) {
            throw new IllegalArgumentException("--label-col '" + label + "' has " + (classes.length == 0 ? "no class"
                    : "a single class ('" + classes[0] + "')") + "; evaluate compares k-means clusters (k = number of classes) and"
                    + " 1-NN predictions with the classes, so it needs a label with at least 2");
        }
    }

    /**
     * The ranker of {@code selector}, its estimator configured by the fit options given. The variance
     * baseline ranks the features in their own units: after {@code --standardize} every variance is 1.
     * SPEC and MCFS take K = the number of classes unless {@code --eigenvectors} is given: MCFS's K is
     * the number of clusters (Cai, Zhang and He, KDD 2010, section 3.1), and the classes are the
     * clusters k-means is scored against.
     */
    private static FeatureRanker ranker(EvaluatedSelector selector, String featuresColumn, int numFeatures, int classes,
                                        JobArguments<EvaluateOption> own, JobArguments<FitOption> fit, PrintStream out) {
        if (selector.score() == null) {
            if (fit.given(FitOption.STANDARDIZE)) {
                out.println("Note: variance ranks the features by their variances in their own units (after --standardize each"
                        + " is 1); k-means and 1-NN read its choice standardized, as every other selector's");
                return new VarianceRanker(ORIGINAL_COLUMN);
            }
            return new VarianceRanker(featuresColumn);
        }
        FeatureSelector<?, ?> estimator = configured(selector, fit);
        estimator.setFeaturesCol(featuresColumn);
        if (selector.supervised()) {
            estimator.setLabelCol(CLASS_COLUMN);
        }
        if (estimator instanceof SpectralScoreParams spectral && !fit.given(FitOption.EIGENVECTORS)) {
            estimator.set(spectral.numEigenvectors(), classes);
        }
        if (selector.removesRedundancy()) {
            estimator.setRedundancyThreshold(own.number(EvaluateOption.REDUNDANCY_THRESHOLD));
            requireFeasibleRedundancy(numFeatures, estimator.getNumBins());
        }
        return new SelectorRanker(selector.label(), estimator, selector.supervised(), selector.scoresDependOnCount());
    }

    /** The estimator of {@code selector} with the params the fit options set; refuses a graph that reads the labels. */
    private static FeatureSelector<?, ?> configured(EvaluatedSelector selector, JobArguments<FitOption> fit) {
        FeatureSelector<?, ?> estimator = selector.score().newEstimator();
        ParamFlags.apply(estimator, fit);
        if (estimator instanceof GraphFeatureSelector<?, ?> graph && graph.graphSpec().needsLabels()) {
            throw new IllegalArgumentException("--graph " + graph.getGraphType() + " reads the labels, which evaluate gives to the"
                    + " Fisher score only; use knn or epsilon");
        }
        return estimator;
    }

    /**
     * {@code laplacian+su} takes all d features as candidates of redundancy removal, whose pair
     * histograms have a size limit; refused up front, in evaluate's terms, when d is over it.
     */
    private static void requireFeasibleRedundancy(int numFeatures, int numBins) {
        try {
            RedundancyRemoval.requireFeasible(numFeatures, numBins);
        } catch (IllegalArgumentException tooMany) {
            throw new IllegalArgumentException("laplacian+su takes all " + numFeatures + " features as candidates of redundancy"
                    + " removal, too many for its pair histograms with --bins " + numBins + "; use fewer --bins or leave laplacian+su"
                    + " out of --selectors");
        }
    }

    /**
     * The numbers of features to evaluate: {@code --num-features}, each capped at d, or by default
     * 1..d when d <= 10, else the powers of two below d, and d.
     */
    static int[] featureCounts(JobArguments<EvaluateOption> own, int numFeatures) {
        TreeSet<Integer> counts = new TreeSet<>();
        if (own.given(EvaluateOption.NUM_FEATURES)) {
            for (int m : own.integers(EvaluateOption.NUM_FEATURES)) {
                if (m < 1) {
                    throw new IllegalArgumentException("--num-features must be at least 1, got " + m);
                }
                counts.add(Math.min(m, numFeatures));
            }
        } else {
            for (int m = 1; m < numFeatures; m = numFeatures <= 10 ? m + 1 : 2 * m) {
                counts.add(m);
            }
            counts.add(numFeatures);
        }
        return counts.stream().mapToInt(Integer::intValue).toArray();
    }

    /** {@code HxW} as {height, width}. */
    private static int[] imageShape(String text) {
        Matcher sides = IMAGE_SHAPE.matcher(text.trim());
        if (sides.matches() && Integer.parseInt(sides.group(1)) > 0 && Integer.parseInt(sides.group(2)) > 0) {
            return new int[]{Integer.parseInt(sides.group(1)), Integer.parseInt(sides.group(2))};
        }
        throw new IllegalArgumentException("--image-shape must be HEIGHTxWIDTH with positive whole numbers, e.g. 8x8; got '"
                + text + "'");
    }

    /**
     * Refuses, once the rows of the selectors that finished are written, a run where some selector
     * failed: one line naming the failed selectors, so that the exit status says the table is partial.
     */
    private static void requireNoFailure(List<String> failures, String folder) {
        if (!failures.isEmpty()) {
            throw new IllegalArgumentException(failures.size() + " of the selectors failed (" + String.join("; ", failures)
                    + "); the rows of the others are in " + folder);
        }
    }

    /** Prints the Markdown table and writes the tables, charts and feature maps into {@code --output-dir}. */
    private static void write(Experiment.Result result, String[] names, int[] shape, StagedOutputs outputs, PrintStream out)
            throws IOException {
        EvaluationTable table = new EvaluationTable(result.rows(), result.failures());
        out.println();
        out.print(table.markdown());
        out.println();
        outputs.write(EvaluateOption.OUTPUT_DIR.flag(), "evaluation.csv, evaluation.md, features.csv, accuracy.png, nmi.png"
                + (shape == null ? "" : " and the feature maps"), folder -> writeAll(table, result, names, shape, folder, outputs), out);
    }

    /** Writes every file into the staged {@code folder}. */
    private static void writeAll(EvaluationTable table, Experiment.Result result, String[] names, int[] shape, String folder,
                                 StagedOutputs outputs) throws IOException {
        writeFile(outputs, folder, "evaluation.csv", table.csv().getBytes(StandardCharsets.UTF_8));
        writeFile(outputs, folder, "evaluation.md", table.markdown().getBytes(StandardCharsets.UTF_8));
        writeFile(outputs, folder, "features.csv", new SelectedFeaturesTable(result.selections(), names).csv()
                .getBytes(StandardCharsets.UTF_8));
        List<EvaluationRow> rows = result.rows();
        writeFile(outputs, folder, "accuracy.png", MetricChart.png(rows, EvaluationRow::accuracy, "clustering accuracy"));
        writeFile(outputs, folder, "nmi.png", MetricChart.png(rows, EvaluationRow::nmi, "normalised mutual information"));
        if (shape != null) {
            for (Map.Entry<String, RankedFeatures> ranking : result.rankings().entrySet()) {
                writeFile(outputs, folder, "feature-map-" + ranking.getKey() + ".png", FeatureMap.png(ranking.getValue().order(),
                        shape[0], shape[1], ranking.getKey() + ": brighter = ranked higher"));
            }
        }
    }

    private static void writeFile(StagedOutputs outputs, String folder, String name, byte[] content) throws IOException {
        outputs.writeFile(folder + "/" + name, content);
    }
}
