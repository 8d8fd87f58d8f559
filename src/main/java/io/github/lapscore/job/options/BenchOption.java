package io.github.lapscore.job.options;

/** Every option of {@code lapscore bench}; parsing and {@code --help} both read this table. */
public enum BenchOption implements CommandOption {
    ROWS("--rows", "N1,N2,...", "20000,100000", "data sizes to run, each a fresh Gaussian mixture"),
    DIMS("--dims", "D", "50", "number of features"),
    INFORMATIVE("--informative", "I", "10", "informative features; selection keeps I and counts how many are informative"),
    CLUSTERS("--clusters", "C", "20", "number of Gaussian clusters"),
    NOISE_RANK("--noise-rank", "R", "0", "noise features in a random subspace of this rank (0: independent): the rows then lie"
            + " near a manifold of dimension I + R, as images do"),
    K("--k", "N", "10", "number of nearest neighbours k (recall is recall@k)"),
    METHODS("--methods", "exact,approximate,pynndescent,lsh", "exact,approximate,pynndescent,lsh", "graphs to time; pynndescent"
            + " (when /usr/bin/python3 has it; bin/bench installs it) is the single-machine NN-descent library, lsh Spark's"
            + " BucketedRandomProjectionLSH"),
    EXACT_MAX_ROWS("--exact-max-rows", "N", "100000", "skip the exact graph above this many rows"),
    TREES("--trees", "N", "numTrees"),
    LEAF_SIZE("--leaf-size", "N", "leafSize"),
    SEARCH_NEIGHBORS("--search-neighbors", "K", "searchNeighbors"),
    REFINEMENT_ROUNDS("--refinement-rounds", "N", "refinementRounds"),
    RECALL_SAMPLE("--recall-sample", "N", "recallSampleSize"),
    LSH_TIME_FACTOR("--lsh-time-factor", "F", "10", "stop an LSH setting after F times the approximate graph's time"),
    SEED("--seed", "S", "1", "seed of the data and of the approximate graph"),
    LKR_CLASS_SIZES("--lkr-class-sizes", "N1,N2,...", null, "instead of the graphs: time the supervised LKR regressions of one"
            + " class of each size, one factorisation (leave-one-out identity) against one solve per row"),
    OUTPUT("--output", "FILE", "bench-results.csv", "CSV of the results (the Markdown table goes to standard output)"),
    OVERWRITE("--overwrite", "", null, "replace --output if it is a plain file; without it an existing --output is refused"),
    MASTER("--master", "URL", "local[2]", "Spark master when not run by spark-submit");

    private final Spec spec;

    BenchOption(String flag, String placeholder, String defaultValue, String description) {
        this.spec = new Spec(flag, placeholder, defaultValue, description);
    }

    /** An option whose default and text are those of the estimator param {@code param}. */
    BenchOption(String flag, String placeholder, String param) {
        this.spec = ParamFlags.spec(flag, placeholder, param);
    }

    @Override
    public Spec spec() {
        return spec;
    }

    public static String usage() {
        return CommandOption.usage(BenchOption.class, """
                Usage: lapscore bench [options]

                Times the exact graph, the approximate graph and Spark's BucketedRandomProjectionLSH
                (approxSimilarityJoin, then the k nearest per row; bucket length and tables raised until it
                matches the approximate graph's recall or runs out of time) on generated data, and measures
                the distance kernel against a plain dgemm of the same shapes.
                """);
    }
}
