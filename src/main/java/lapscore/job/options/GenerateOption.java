package lapscore.job.options;

/**
 * Every option of {@code lapscore generate}; parsing and {@code --help} both read this table.
 * {@code bench} generates the same data and takes its data options ({@link BenchOption}).
 */
public enum GenerateOption implements CommandOption {
    ROWS("--rows", "N", "10000", "number of rows"),
    DIMS("--dims", "D", "50", "number of features"),
    INFORMATIVE("--informative", "I", "10", "features carrying the clusters (f0 .. f(I-1)); the rest are noise of equal variance"),
    CLUSTERS("--clusters", "C", "20", "number of Gaussian clusters"),
    NOISE_RANK("--noise-rank", "R", "0", "noise features in a random subspace of this rank (0: independent): the rows then lie"
            + " near a manifold of dimension I + R, as images do"),
    SEED("--seed", "S", "1", "random seed; the data do not depend on anything else"),
    OUTPUT("--output", "PATH", null, "where to write (required): one CSV file with a header when PATH ends in .csv, one"
            + " Parquet file when it ends in .parquet, else a folder of Parquet parts"),
    PARTITIONS("--partitions", "P", null, "partitions the rows are generated in (the parts of a folder output); default Spark's"
            + " default parallelism, or more so that none holds more than 131 072 rows"),
    MASTER(MasterUrl.OPTION),
    OVERWRITE("--overwrite", "", null, "replace --output if it is a file or an earlier output of lapscore; without it an"
            + " existing --output is refused");

    private final Spec spec;

    GenerateOption(String flag, String placeholder, String defaultValue, String description) {
        this(new Spec(flag, placeholder, defaultValue, description));
    }

    /** An option declared elsewhere, as {@code spec} says. */
    GenerateOption(Spec spec) {
        this.spec = spec;
    }

    @Override
    public Spec spec() {
        return spec;
    }

    /** The {@code --help} text. */
    public static String usage() {
        return CommandOption.usage(GenerateOption.class, """
                Usage: lapscore generate --output PATH [options]

                Writes a Gaussian mixture whose cluster structure lives in the first I features; the
                other features are independent noise with the same variance (10). Columns f0 .. f(D-1)
                and cluster. See lapscore.bench.GaussianMixture for the exact model.
                """);
    }
}
