package io.github.lapscore.job.options;

import java.util.Arrays;
import java.util.Locale;

/**
 * The selectors {@code lapscore evaluate --selectors} can compare: the data variance, the scores
 * of this library, and the Laplacian Score with redundancy removal by symmetric uncertainty
 * ({@code laplacian+su}). {@code score} is the estimator's score, null for the variance, which
 * needs none. SPEC and MCFS are compared when asked for: they need a connected graph, which the
 * default k does not always give.
 */
public enum EvaluatedSelector {
    VARIANCE("variance", null),
    LAPLACIAN("laplacian", ScoreChoice.LAPLACIAN),
    LAPLACIAN_SU("laplacian+su", ScoreChoice.LAPLACIAN),
    FISHER("fisher", ScoreChoice.FISHER),
    LKR("lkr", ScoreChoice.LKR),
    SPEC("spec", ScoreChoice.SPEC),
    MCFS("mcfs", ScoreChoice.MCFS);

    private final String label;
    private final ScoreChoice score;

    EvaluatedSelector(String label, ScoreChoice score) {
        this.label = label;
        this.score = score;
    }

    /** The name on the command line and in the tables. */
    public String label() {
        return label;
    }

    /** The estimator's score, or null for the variance. */
    public ScoreChoice score() {
        return score;
    }

    /** Whether it reads the class labels (only the Fisher score does). */
    public boolean supervised() {
        return this == FISHER;
    }

    /**
     * Whether its scores depend on the number of features asked for: MCFS stops each regression at
     * that many active features (Cai, Zhang and He, KDD 2010, eq. 5), so it is fitted once per count.
     */
    public boolean scoresDependOnCount() {
        return this == MCFS;
    }

    /** Every name, comma-separated, in declaration order. */
    public static String labels() {
        return String.join(",", Arrays.stream(values()).map(EvaluatedSelector::label).toArray(String[]::new));
    }

    /** The names compared by default (all but the graph-spectral scores), comma-separated. */
    public static String defaultLabels() {
        return String.join(",", Arrays.stream(values())
                .filter(selector -> selector != SPEC && selector != MCFS).map(EvaluatedSelector::label).toArray(String[]::new));
    }

    /** The selector named {@code label}, ignoring case. */
    public static EvaluatedSelector of(String label) {
        for (EvaluatedSelector selector : values()) {
            if (selector.label.equals(label.trim().toLowerCase(Locale.ROOT))) {
                return selector;
            }
        }
        throw new IllegalArgumentException("--selectors: unknown selector '" + label + "'; expected some of " + labels());
    }
}
