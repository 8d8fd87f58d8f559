package io.github.lapscore.job;

import io.github.lapscore.graph.search.KnnMethod;

/**
 * Every option of {@code lapscore fit}: its flag, the placeholder of its value, its default (null
 * when there is none) and what it does. Parsing and {@code --help} both read this table.
 */
enum JobOption implements CommandOption {
    INPUT("--input", "PATH", null, "input data: CSV, Parquet or LibSVM (required)"),
    FORMAT("--format", "csv|parquet|libsvm", null, "input format; default from the extension (.csv, .parquet, .libsvm/.svm)"),
    HEADER("--header", "true|false", "true", "whether a CSV input has a header row; without one features are named f0, f1, ..."),
    FEATURES("--features", "c1,c2,...", null, "feature columns; default every numeric column except the label"),
    LABEL_COL("--label-col", "NAME", null, "label column: never a feature, copied to --output"),
    K("--k", "N", "5", "number of nearest neighbours k"),
    KERNEL("--kernel", "heat|binary|cosine", "heat", "edge weights: exp(-d^2/t), 1, or max(0, cos)"),
    BANDWIDTH("--bandwidth", "T", null, "t of the heat kernel; default the mean squared distance over all pairs of rows"),
    DISTANCE("--distance", "euclidean|cosine", "euclidean", "distance that defines the neighbours"),
    KNN("--knn", "auto|exact|approximate", "auto", "neighbour search: all-pairs join, join within random-projection tree leaves, or auto"
            + " (exact up to " + KnnMethod.AUTO_EXACT_MAX_ROWS + " rows)"),
    TREES("--trees", "N", "8", "approximate search: random-projection trees"),
    LEAF_SIZE("--leaf-size", "N", "1024", "approximate search: target rows per leaf"),
    REFINEMENT_ROUNDS("--refinement-rounds", "N", "2", "approximate search: neighbour-of-neighbour rounds after the trees"),
    RECALL_SAMPLE("--recall-sample", "N", "300", "approximate search: rows sampled to estimate recall@k (0 skips it)"),
    BLOCK_SIZE("--block-size", "N", "0", "rows per block of the exact join and the scoring pass; 0 chooses automatically"),
    VARIANCE("--variance", "degree|uniform", "degree", "score denominator: f~^T D f~ (paper) or D replaced by I"),
    SELF_LOOPS("--self-loops", "true|false", "false", "add the edge {i,i} of weight 1 to every row (scikit-feature does)"),
    SELECT("--select", "numTopFeatures|percentile|threshold", "numTopFeatures", "how features are selected"),
    NUM_FEATURES("--num-features", "N", "50", "features kept by numTopFeatures"),
    PERCENTILE("--percentile", "P", "0.1", "fraction of features kept by percentile"),
    THRESHOLD("--threshold", "X", null, "features scoring at most X are kept by threshold"),
    SEED("--seed", "S", null, "random seed of the approximate search (the exact graph does not use it)"),
    PARTITIONS("--partitions", "P", null, "spread the input over P partitions before fitting (row order is kept)"),
    MASTER("--master", "URL", "local[*]", "Spark master when not run by spark-submit"),
    SCORES_OUT("--scores-out", "FILE", null, "CSV index,feature,score,rank,selected: one row per feature, input order"),
    EDGES_OUT("--edges-out", "PATH", null, "directory of CSV parts src,dst,distance,weight (rows numbered from 0 in input order)"),
    OUTPUT("--output", "DIR", null, "reduced data as Parquet: the label and the selected features"),
    MODEL_OUT("--model-out", "DIR", null, "the fitted LaplacianScoreSelectorModel (Spark ML format)");

    private final Spec spec;

    JobOption(String flag, String placeholder, String defaultValue, String description) {
        this.spec = new Spec(flag, placeholder, defaultValue, description);
    }

    @Override
    public Spec spec() {
        return spec;
    }

    /** The {@code --help} text. */
    static String usage() {
        return CommandOption.usage(JobOption.class, """
                Usage: lapscore fit --input PATH [options]

                Ranks the features of a data set by Laplacian Score (He, Cai and Niyogi, 2005; smaller is
                better), prints the ranking and writes what the options below ask for.
                """);
    }
}
