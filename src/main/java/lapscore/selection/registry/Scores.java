package lapscore.selection.registry;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;

import lapscore.selection.FisherScoreSelector;
import lapscore.selection.LaplacianScoreSelector;
import lapscore.selection.LocalKernelRegressionSelector;
import lapscore.selection.McfsSelector;
import lapscore.selection.SpecSelector;
import lapscore.selection.registry.Score.Trait;

/**
 * The registry of scores: the one list of the library's scores ({@link #builtIn()}), from which
 * the command line's {@code --score} and {@code evaluate}'s selectors are derived, and from which the
 * Spark Connect service files, the Python package and the docs' lists are generated (each checked by
 * a test that renders it). {@link #all()} adds the scores of {@link ScoreCatalogue}s on the class path.
 */
public final class Scores {

    private static final List<Score> BUILT_IN = List.of(
            Score.of("laplacian", "Laplacian score", LaplacianScoreSelector.class,
                    "the Laplacian Score (He, Cai and Niyogi, NIPS 2005), f'Lf / f'Df of the centred feature: smaller is better"),
            Score.of("fisher", "Fisher score", FisherScoreSelector.class,
                    "the Fisher score (ibid., section 3.2), between- over within-class variance; needs the labels, builds no graph:"
                            + " larger is better", Trait.SUPERVISED),
            Score.of("lkr", "LKR score", LocalKernelRegressionSelector.class,
                    "the Local Kernel Regression score (Cheung and Zeng, IEEE TKDE 2009), the error of predicting a feature from"
                            + " its neighbours': smaller is better"),
            Score.of("spec", "SPEC score", SpecSelector.class,
                    "SPEC (Zhao and Liu, ICML 2007), a feature's weight on the graph's smooth eigenvectors: phi3 larger is"
                            + " better, phi1 and phi2 smaller", Trait.NEEDS_CONNECTED_GRAPH),
            Score.of("mcfs", "MCFS score", McfsSelector.class,
                    "MCFS (Cai, Zhang and He, KDD 2010), sparse regressions of the graph's eigenvectors on the features: larger"
                            + " is better", Trait.NEEDS_CONNECTED_GRAPH, Trait.SELECTION_DEPENDS_ON_COUNT));

    private Scores() {
    }

    /** The library's own scores, in the order of every list. */
    public static List<Score> builtIn() {
        return BUILT_IN;
    }

    /** The library's scores, then those of every {@link ScoreCatalogue} on the class path; names are unique. */
    public static List<Score> all() {
        List<Score> all = new ArrayList<>(BUILT_IN);
        for (ScoreCatalogue catalogue : ServiceLoader.load(ScoreCatalogue.class)) {
            all.addAll(catalogue.scores());
        }
        Set<String> names = new HashSet<>();
        for (Score score : all) {
            if (!names.add(score.name())) {
                throw new IllegalStateException("Two scores are named '" + score.name() + "': rename one of their catalogues' entries");
            }
        }
        return all;
    }

    /** The default score, the Laplacian Score. */
    public static Score defaultScore() {
        return BUILT_IN.get(0);
    }

    /** The score named {@code name}, ignoring case. */
    public static Score named(String name) {
        for (Score score : all()) {
            if (score.name().equalsIgnoreCase(name.trim())) {
                return score;
            }
        }
        throw new IllegalArgumentException("Unknown score '" + name + "'; expected one of " + names());
    }

    /** Every score's name, comma-separated. */
    public static String names() {
        return String.join(", ", all().stream().map(Score::name).toList());
    }

    /** Whether {@code score} is one of the library's own. */
    public static boolean isBuiltIn(Score score) {
        return BUILT_IN.contains(score);
    }
}
