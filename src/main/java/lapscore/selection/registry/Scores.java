package lapscore.selection.registry;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
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
                    "the Laplacian Score (He, Cai and Niyogi, NIPS 2005, eq. 1), f~'Lf~ / f~'Df~ of the degree-centred feature:"
                            + " smaller is better; every graph"),
            Score.of("fisher", "Fisher score", FisherScoreSelector.class,
                    "the Fisher score (ibid., eq. 4), between- over within-class scatter: larger is better; reads the labels,"
                            + " builds no graph", Trait.SUPERVISED),
            Score.of("lkr", "LKR score", LocalKernelRegressionSelector.class,
                    "the Local Kernel Regression score (Cheung and Zeng, IEEE TKDE 2009, eqs. 8, 13-16), the error of kernel"
                            + " ridge regression on a row's neighbours: smaller is better; graphs knn and class"),
            Score.of("spec", "SPEC score", SpecSelector.class,
                    "SPEC (Zhao and Liu, ICML 2007, section 3): phi1 = f'Lf / f'Df and phi2 smaller is better, phi3 (the"
                            + " default) over the K smallest eigenvectors larger; graphs knn, epsilon, classKnn",
                    Trait.READS_EIGENVECTORS),
            Score.of("mcfs", "MCFS score", McfsSelector.class,
                    "MCFS (Cai, Zhang and He, KDD 2010, eqs. 2-6), the K smallest eigenvectors regressed on the features by"
                            + " LARS, stopped at numTopFeatures active: larger is better", Trait.READS_EIGENVECTORS,
                    Trait.SELECTION_DEPENDS_ON_COUNT));

    private Scores() {
    }

    /** The library's own scores, in the order of every list. */
    public static List<Score> builtIn() {
        return BUILT_IN;
    }

    /** The library's scores, then those of every {@link ScoreCatalogue} on the class path; names are unique. */
    public static List<Score> all() {
        return Registered.ALL;
    }

    /** The scores of {@link #all()}, found once, when first asked for. */
    private static final class Registered {
        private static final List<Score> ALL = find();

        private static List<Score> find() {
            List<Score> all = new ArrayList<>(BUILT_IN);
            for (ScoreCatalogue catalogue : ServiceLoader.load(ScoreCatalogue.class)) {
                all.addAll(catalogue.scores());
            }
            Set<String> names = new HashSet<>();
            for (Score score : all) {
                if (!names.add(score.name().toLowerCase(Locale.ROOT))) {
                    throw new IllegalStateException("Two scores are named '" + score.name() + "': rename one of their catalogues'"
                            + " entries");
                }
            }
            return List.copyOf(all);
        }
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
}
