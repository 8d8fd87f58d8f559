package lapscore.job.options;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import lapscore.selection.registry.Score;
import lapscore.selection.registry.Score.Trait;
import lapscore.selection.registry.Scores;

/**
 * A selector {@code lapscore evaluate --selectors} can compare: the data variance, which needs no
 * score, every score of the registry ({@link Scores#all()}) under its {@code --score} name, and after the Laplacian
 * Score the same with redundancy removal by symmetric uncertainty ({@code laplacian+su}).
 *
 * @param label             the name on the command line and in the tables
 * @param score             the estimator's score, or null for the variance
 * @param removesRedundancy whether redundancy removal follows the ranking
 */
public record EvaluatedSelector(String label, Score score, boolean removesRedundancy) {

    /** The baseline that ranks features by their variance. */
    public static final EvaluatedSelector VARIANCE = new EvaluatedSelector("variance", null, false);

    /** Every selector, in the order of the tables: the variance, then the scores in the registry's order. */
    public static List<EvaluatedSelector> all() {
        List<EvaluatedSelector> selectors = new ArrayList<>(List.of(VARIANCE));
        for (Score score : Scores.all()) {
            selectors.add(new EvaluatedSelector(score.name(), score, false));
            if (score == Scores.defaultScore()) {
                selectors.add(new EvaluatedSelector(score.name() + "+su", score, true));
            }
        }
        return selectors;
    }

    /** Whether it reads the class labels. */
    public boolean supervised() {
        return has(Trait.SUPERVISED);
    }

    /** Whether its scores depend on the number of features asked for, so that it is fitted once per count. */
    public boolean scoresDependOnCount() {
        return has(Trait.SELECTION_DEPENDS_ON_COUNT);
    }

    /** Whether its score has {@code trait} (the variance has none). */
    private boolean has(Trait trait) {
        return score != null && score.has(trait);
    }

    /** Every name, comma-separated, in the tables' order. */
    public static String labels() {
        return String.join(",", all().stream().map(EvaluatedSelector::label).toList());
    }

    /**
     * The names compared by default, comma-separated: the library's own scores but those that read
     * the graph's eigenvectors; those, and the scores of other catalogues, are compared when named.
     */
    public static String defaultLabels() {
        return String.join(",", all().stream()
                .filter(selector -> selector.score == null
                        || Scores.builtIn().contains(selector.score) && !selector.has(Trait.READS_EIGENVECTORS))
                .map(EvaluatedSelector::label).toList());
    }

    /** The selector named {@code label}, ignoring case. */
    public static EvaluatedSelector of(String label) {
        for (EvaluatedSelector selector : all()) {
            if (selector.label.equals(label.trim().toLowerCase(Locale.ROOT))) {
                return selector;
            }
        }
        throw new IllegalArgumentException("--selectors: unknown selector '" + label + "'; expected some of " + labels());
    }
}
