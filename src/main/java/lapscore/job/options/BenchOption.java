package lapscore.job.options;

/**
 * Every option of {@code lapscore bench}; parsing and {@code --help} both read this table. The data
 * options are {@code generate}'s ({@link GenerateOption}: bench times graphs on the same generated
 * data) and the approximate search's are {@code fit}'s ({@link FitOption}), declared there once.
 */
public enum BenchOption implements CommandOption {
    ROWS("--rows", "N1,N2,...", "20000,100000", "data sizes to run, each a fresh Gaussian mixture"),
    INPUT("--input", "FILE", null, "instead of generated data, the rows of this table: Parquet, or CSV with a header when"
            + " FILE ends in .csv; every column but 'cluster' a numeric feature; --rows, --dims, --clusters and --noise-rank"
            + " are then not read, and selection keeps --informative features without counting any as informative"),
    DIMS(GenerateOption.DIMS.spec()),
    INFORMATIVE(GenerateOption.INFORMATIVE.spec().withDescription("informative features; selection keeps I and counts how"
            + " many are informative")),
    CLUSTERS(GenerateOption.CLUSTERS.spec()),
    NOISE_RANK(GenerateOption.NOISE_RANK.spec()),
    K("--k", "N", "10", "number of nearest neighbours k (recall is recall@k)"),
    METHODS("--methods", "exact,approximate,pynndescent,numpy,lsh", "exact,approximate,pynndescent,numpy,lsh", "graphs to time;"
            + " pynndescent (when /usr/bin/python3 has it; bin/bench installs it) is the single-machine NN-descent library, numpy"
            + " the exact graph in plain numpy (every pair, up to --exact-max-rows), lsh Spark's BucketedRandomProjectionLSH"),
    EXACT_MAX_ROWS("--exact-max-rows", "N", "100000", "skip the exact graph and numpy's above this many rows"),
    TREES(FitOption.TREES.spec()),
    LEAF_SIZE(FitOption.LEAF_SIZE.spec()),
    SEARCH_NEIGHBORS("--search-neighbors", "K1,K2,...", null, "approximate graph: K, the neighbours every row keeps while the"
            + " search runs, each at least --k; one fit per value, to compare with pynndescent at equal recall [default: the"
            + " fit's, max(k, min(3k, k + 20))]"),
    REFINEMENT_ROUNDS(FitOption.REFINEMENT_ROUNDS.spec()),
    MAX_ROWS_PER_TASK(FitOption.MAX_ROWS_PER_TASK.spec()),
    RECALL_SAMPLE(FitOption.RECALL_SAMPLE.spec()),
    PYNNDESCENT_NEIGHBORS("--pynndescent-neighbors", "N1,N2,...", null, "pynndescent: its n_neighbors, each more than --k;"
            + " one build per value, to compare at equal recall [default: max(30, k + 1), as the approximate graph's K"
            + " for k = 10]"),
    LSH_TIME_FACTOR("--lsh-time-factor", "F", "10", "stop an LSH setting after F times the approximate graph's time"),
    SEED(GenerateOption.SEED.spec().withDescription("seed of the data and of the approximate graph")),
    LKR_CLASS_SIZES("--lkr-class-sizes", "N1,N2,...", null, "instead of the graphs: time the supervised LKR regressions of one"
            + " class of each size, one factorisation (leave-one-out identity) against one solve per row"),
    OUTPUT("--output", "FILE", "bench-results.csv", "CSV of the results (the Markdown table goes to standard output)"),
    OVERWRITE("--overwrite", "", null, "replace --output if it is a plain file; without it an existing --output is refused"),
    MARKDOWN("--markdown", "FILE[#NAME]", null, "also write the results as a table, with the command and the machine, into the"
            + " Markdown page FILE between its lines <!-- begin:NAME --> and <!-- end:NAME --> (NAME: bench unless given),"
            + " leaving the rest of the page as it is"),
    /** Two cores unless told otherwise, not every core as the other commands: the timings then compare across machines. */
    MASTER(MasterUrl.OPTION.withDefault("local[2]"));

    private final Spec spec;

    BenchOption(String flag, String placeholder, String defaultValue, String description) {
        this(new Spec(flag, placeholder, defaultValue, description));
    }

    /** An option declared elsewhere, as {@code spec} says. */
    BenchOption(Spec spec) {
        this.spec = spec;
    }

    @Override
    public Spec spec() {
        return spec;
    }

    /** The {@code --help} text. */
    public static String usage() {
        return CommandOption.usage(BenchOption.class, """
                Usage: lapscore bench [options]

                Times the exact graph, the approximate graph and Spark's BucketedRandomProjectionLSH
                (approxSimilarityJoin, then the k nearest per row; bucket length and tables raised until it
                matches the approximate graph's recall or runs out of time) on generated data or a table of
                yours, and measures the distance kernel against a plain dgemm of the same shapes.
                """);
    }
}
