package io.github.lapscore.job;

/**
 * Every option of {@code lapscore fit}: its flag, the placeholder of its value, its default (null
 * when there is none) and what it does. Parsing and {@code --help} both read this table.
 */
enum JobOption {
    INPUT("--input", "PATH", null, "input data: CSV, Parquet or LibSVM (required)"),
    FORMAT("--format", "csv|parquet|libsvm", null, "input format; default from the extension (.csv, .parquet, .libsvm/.svm)"),
    HEADER("--header", "true|false", "true", "whether a CSV input has a header row; without one features are named f0, f1, ..."),
    FEATURES("--features", "c1,c2,...", null, "feature columns; default every numeric column except the label"),
    LABEL_COL("--label-col", "NAME", null, "label column: never a feature, copied to --output"),
    K("--k", "N", "5", "number of nearest neighbours k"),
    KERNEL("--kernel", "heat|binary|cosine", "heat", "edge weights: exp(-d^2/t), 1, or max(0, cos)"),
    BANDWIDTH("--bandwidth", "T", null, "t of the heat kernel; default the mean squared distance over all pairs of rows"),
    DISTANCE("--distance", "euclidean|cosine", "euclidean", "distance that defines the neighbours"),
    KNN("--knn", "exact", "exact", "neighbour search: exact block-partitioned distance join"),
    BLOCK_SIZE("--block-size", "N", "0", "rows per block of the distance join; 0 chooses automatically"),
    VARIANCE("--variance", "degree|uniform", "degree", "score denominator: f~^T D f~ (paper) or D replaced by I"),
    SELF_LOOPS("--self-loops", "true|false", "false", "add the edge {i,i} of weight 1 to every row (scikit-feature does)"),
    SELECT("--select", "numTopFeatures|percentile|threshold", "numTopFeatures", "how features are selected"),
    NUM_FEATURES("--num-features", "N", "50", "features kept by numTopFeatures"),
    PERCENTILE("--percentile", "P", "0.1", "fraction of features kept by percentile"),
    THRESHOLD("--threshold", "X", null, "features scoring at most X are kept by threshold"),
    SEED("--seed", "S", null, "random seed (the exact graph does not use it)"),
    PARTITIONS("--partitions", "P", null, "spread the input over P partitions before fitting (row order is kept)"),
    MASTER("--master", "URL", "local[*]", "Spark master when not run by spark-submit"),
    SCORES_OUT("--scores-out", "FILE", null, "CSV index,feature,score,rank,selected: one row per feature, input order"),
    EDGES_OUT("--edges-out", "PATH", null, "directory of CSV parts src,dst,distance,weight (rows numbered from 0 in input order)"),
    OUTPUT("--output", "DIR", null, "reduced data as Parquet: the label and the selected features"),
    MODEL_OUT("--model-out", "DIR", null, "the fitted LaplacianScoreSelectorModel (Spark ML format)");

    private final String flag;
    private final String placeholder;
    private final String defaultValue;
    private final String description;

    JobOption(String flag, String placeholder, String defaultValue, String description) {
        this.flag = flag;
        this.placeholder = placeholder;
        this.defaultValue = defaultValue;
        this.description = description;
    }

    String flag() {
        return flag;
    }

    String defaultValue() {
        return defaultValue;
    }

    /** The option with flag {@code flag}, or null. */
    static JobOption byFlag(String flag) {
        for (JobOption option : values()) {
            if (option.flag.equals(flag)) {
                return option;
            }
        }
        return null;
    }

    /** The {@code --help} text. */
    static String usage() {
        StringBuilder text = new StringBuilder("""
                Usage: lapscore fit --input PATH [options]

                Ranks the features of a data set by Laplacian Score (He, Cai and Niyogi, 2005; smaller is
                better), prints the ranking and writes what the options below ask for.

                Options:
                """);
        for (JobOption option : values()) {
            String left = "  " + option.flag + " " + option.placeholder;
            text.append(String.format("%-48s %s%s%n", left, option.description,
                    option.defaultValue == null ? "" : " [default: " + option.defaultValue + "]"));
        }
        text.append(String.format("%-48s %s%n", "  --help", "print this text"));
        return text.toString();
    }
}
