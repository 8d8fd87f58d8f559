package lapscore.job.options;

import java.util.ArrayList;
import java.util.List;

/**
 * The options of {@code lapscore evaluate} that {@code fit} does not have. The command also takes
 * the fit options that read the input ({@code --input}, {@code --label-col}, ...) and set the
 * selectors' params ({@code --k}, {@code --distance}, ...); {@link #parse} and {@link #fitOptions}
 * separate the two kinds. Where both have a flag ({@code --num-features}, {@code --redundancy-threshold}),
 * evaluate's meaning wins.
 */
public enum EvaluateOption implements CommandOption {
    OUTPUT_DIR("--output-dir", "DIR", null, "where to write evaluation.csv, evaluation.md, features.csv, accuracy.png, nmi.png and"
            + " the feature maps (required); an existing non-empty directory needs --overwrite, which replaces only an earlier output of lapscore"),
    SELECTORS("--selectors", "LIST", EvaluatedSelector.defaultLabels(), "selectors to compare, comma-separated, of "
            + EvaluatedSelector.labels() + " (those outside the default only when named); the baseline 'all' (every"
            + " feature) is always evaluated; the scores that read eigenvectors (spec, mcfs) use K = the number of classes"
            + " unless --eigenvectors is given"),
    NUM_FEATURES("--num-features", "LIST", null, "numbers of features m to evaluate, comma-separated, each capped at d; default"
            + " 1..d when d <= 10, else 1, 2, 4, ... below d, and d"),
    RESTARTS("--restarts", "R", "10", "k-means runs with different seeds; the one of lowest cost is scored, and the"
            + " mean and standard deviation over all R are reported too"),
    SPLITS("--splits", "S", "5", "stratified 2/3 : 1/3 splits over which the 1-NN accuracy is averaged"),
    EVAL_SEED("--eval-seed", "S", "1", "seed of the k-means runs (run r starts from a SplitMix64 hash of S and r, so"
            + " two seeds share no run) and of the splits"),
    REDUNDANCY_THRESHOLD("--redundancy-threshold", "X", "0.5", "laplacian+su only (the other selectors remove no redundancy):"
            + " a feature whose symmetric uncertainty with a better kept feature exceeds this is dropped"),
    IMAGE_SHAPE("--image-shape", "HxW", null, "features are the pixels of an H x W image, row by row: also draw each"
            + " selector's features as feature-map-<selector>.png");

    private final Spec spec;

    EvaluateOption(String flag, String placeholder, String defaultValue, String description) {
        this.spec = new Spec(flag, placeholder, defaultValue, description);
    }

    @Override
    public Spec spec() {
        return spec;
    }

    /** Parses the options of {@code args} (a command line without the command word) that are evaluate's own. */
    public static JobArguments<EvaluateOption> parse(String[] args) {
        return JobArguments.parse(EvaluateOption.class, options(args, true), List.of(OUTPUT_DIR));
    }

    /** The options of {@code args} that are not evaluate's own: fit options, or unknown ones that fit's parser refuses. */
    public static String[] fitOptions(String[] args) {
        return options(args, false);
    }

    /** Walks {@code args} once, keeping evaluate's own options (with their values) or all the others. */
    private static String[] options(String[] args, boolean own) {
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            EvaluateOption evaluate = CommandOption.byFlag(EvaluateOption.class, args[i]);
            FitOption fit = CommandOption.byFlag(FitOption.class, args[i]);
            CommandOption option = evaluate != null ? evaluate : fit;
            int end = option == null || option.isSwitch() ? i + 1 : Math.min(i + 2, args.length);
            if ((evaluate != null) == own) {
                kept.addAll(List.of(args).subList(i, end));
            }
            i = end - 1;
        }
        return kept.toArray(String[]::new);
    }

    /** The {@code --help} text. */
    public static String usage() {
        return CommandOption.usage(EvaluateOption.class, """
                Usage: lapscore evaluate --input PATH --label-col NAME --output-dir DIR [options] [fit options]

                Does feature selection help? For every selector and number of features m, clusters the rows with
                k-means (k = number of labels, best of --restarts runs) on the best m features and reports the
                clustering accuracy and normalised mutual information against the labels (He, Cai and Niyogi,
                NIPS 2005, section 4.2, eqs. 6-8) with their mean and standard deviation over the runs, and the
                1-NN accuracy over --splits stratified 2/3 : 1/3 splits. The label is read by the evaluation and
                by the Fisher score only. Every selector's fit checks are made before any selector runs; a
                selector that fails while it runs is named and the others' rows are still written (exit status 2).
                Writes evaluation.csv, evaluation.md (also printed), features.csv (the features of every row, in
                rank order), accuracy.png and nmi.png to --output-dir.
                The fit options that read the input (--input, --format, --header, --features, --label-col,
                --partitions), set a selector's param (--k, --distance, --kernel, --bandwidth, --lkr-center, ...),
                --standardize (the selectors, k-means and 1-NN then all read standardized features), --master
                and --overwrite apply as in 'lapscore fit --help'; the graph must be unsupervised (knn or epsilon).
                """);
    }
}
