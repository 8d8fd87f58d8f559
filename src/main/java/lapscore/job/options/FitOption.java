package lapscore.job.options;

import java.util.List;

import lapscore.ParamOption;
import lapscore.graph.spec.GraphType;
import lapscore.selection.registry.Score;
import lapscore.selection.registry.Scores;

/**
 * Every option of {@code lapscore fit}: its flag, the placeholder of its value, its default (null
 * when there is none) and what it does. An option that sets an estimator param names the param and
 * takes its default and text from it ({@link ParamFlags}). Parsing and {@code --help} both read
 * this table; {@code lapscore evaluate} takes these options too ({@link EvaluateOption}).
 */
public enum FitOption implements CommandOption {
    INPUT("--input", "PATH", null, "input data: CSV, Parquet or LibSVM (required)"),
    FORMAT("--format", "csv|parquet|libsvm", null, "input format; default from the extension (.csv, .parquet, .libsvm/.svm)"),
    HEADER("--header", "true|false", "true", "whether a CSV input has a header row; without one features are named f0, f1, ..."),
    DELIMITER("--delimiter", "CHAR", ",", "the character between the cells of a CSV input, e.g. ';', or \\t for a tab"),
    FEATURES("--features", "c1,c2,...", null, "feature columns; default every numeric column except the label"),
    LABEL_COL("--label-col", "NAME", null, "label column: never a feature, copied to --output; the class labels of --score fisher"
            + " and of --graph class|classKnn"),
    SCORE("--score", "NAME", Scores.defaultScore().name(), "the score, one of the scores listed below"),
    STANDARDIZE("--standardize", "", null, "divide every feature by its standard deviation before the graph is built, as Spark's"
            + " StandardScaler (withStd = true, withMean = false); for features in different units. --output still writes"
            + " the original values"),
    GRAPH("--graph", String.join("|", ParamOption.paramValues(GraphType.class)), "graphType"),
    K("--k", "N", "numNeighbors"),
    RADIUS("--radius", "R", "radius"),
    MAX_EDGES("--max-edges", "N", "maxEdges"),
    KERNEL("--kernel", "heat|binary|cosine", "weightKernel"),
    BANDWIDTH("--bandwidth", "T", "bandwidth"),
    DISTANCE("--distance", "euclidean|cosine", "distanceMeasure"),
    KNN("--knn", "auto|exact|approximate", "knnMethod"),
    TREES("--trees", "N", "numTrees"),
    LEAF_SIZE("--leaf-size", "N", "leafSize"),
    SEARCH_NEIGHBORS("--search-neighbors", "K", "searchNeighbors"),
    REFINEMENT_ROUNDS("--refinement-rounds", "N", "refinementRounds"),
    MAX_ROWS_PER_TASK("--max-rows-per-task", "N", "maxRowsPerTask"),
    RECALL_SAMPLE("--recall-sample", "N", "recallSampleSize"),
    DROP_DUPLICATES("--drop-duplicates", "true|false", "dropDuplicates"),
    BLOCK_SIZE("--block-size", "N", "blockSize"),
    VARIANCE("--variance", "degree|uniform", "varianceWeighting"),
    SELF_LOOPS("--self-loops", "true|false", "includeSelfLoops"),
    LKR_LAMBDA("--lkr-lambda", "L", "lkrLambda"),
    LKR_CENTER("--lkr-center", "true|false", "centerFeatures"),
    MAX_CLASS_SIZE("--max-class-size", "N", "maxClassSize"),
    SPEC_VARIANT("--spec-variant", "1|2|3", "specVariant"),
    EIGENVECTORS("--eigenvectors", "K", "numEigenvectors"),
    MAX_EMBEDDING_STEPS("--max-embedding-steps", "N", "maxEmbeddingSteps"),
    HANDLE_INVALID("--handle-invalid", "error|skip", "handleInvalid"),
    REDUNDANCY_THRESHOLD("--redundancy-threshold", "X", "redundancyThreshold"),
    BINS("--bins", "N", "numBins"),
    SELECT("--select", "numTopFeatures|percentile|threshold", "selectionMode"),
    NUM_FEATURES("--num-features", "N", "numTopFeatures"),
    PERCENTILE("--percentile", "P", "percentile"),
    THRESHOLD("--threshold", "X", "scoreThreshold"),
    SEED("--seed", "S", "seed"),
    PARTITIONS("--partitions", "P", null, "spread the input over P partitions before fitting (row order is kept)"),
    MASTER(MasterUrl.OPTION),
    SCORES_OUT("--scores-out", "FILE", null, "CSV index,feature,score,rank,selected,redundant_with,no_score: one row per feature,"
            + " input order"),
    EDGES_OUT("--edges-out", "PATH", null, "directory of CSV parts src,dst,distance,weight (row ids from 0 in input order: data row N is id N - 1);"
            + " not for the class graph or the Fisher score, which build none"),
    OUTPUT("--output", "DIR", null, "reduced data as Parquet: the label and the selected features"),
    MODEL_OUT("--model-out", "DIR", null, "the fitted model (Spark ML format), loadable with the score's ...SelectorModel.load"),
    OVERWRITE("--overwrite", "", null, "replace outputs that already exist: a plain file, or a folder written by lapscore earlier"
            + " (never the input, a folder of the user's, the working directory); without it an existing output is refused before"
            + " anything runs");

    private final String param;
    private final Spec spec;

    FitOption(String flag, String placeholder, String defaultValue, String description) {
        this(new Spec(flag, placeholder, defaultValue, description));
    }

    /** An option declared elsewhere, as {@code spec} says. */
    FitOption(Spec spec) {
        this.param = null;
        this.spec = spec;
    }

    /** An option that sets the estimator param {@code param}, whose default and text it shows. */
    FitOption(String flag, String placeholder, String param) {
        this.param = param;
        this.spec = ParamFlags.spec(flag, placeholder, param);
    }

    /** The estimator param this option sets, or null. */
    public String param() {
        return param;
    }

    @Override
    public Spec spec() {
        return spec;
    }

    /** The {@code --help} text, with every score of the registry ({@link Scores#all()}). */
    public static String usage() {
        return usage(Scores.all());
    }

    /** The {@code --help} text, its list of scores {@code scores}, one line each. */
    public static String usage(List<Score> scores) {
        StringBuilder text = new StringBuilder(CommandOption.usage(FitOption.class, """
                Usage: lapscore fit --input PATH [options]

                Ranks the features of a data set by one of the scores below, prints the ranking and writes what
                the options ask for. Where a default differs by score, the others follow it (e.g. "5; lkr: 10").
                """)).append("\nScores (--score):\n");
        for (Score score : scores) {
            text.append(String.format("  %-12s %s%n", score.name(), score.description()));
        }
        return text.toString();
    }
}
