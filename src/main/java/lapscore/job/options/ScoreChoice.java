package lapscore.job.options;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.Supplier;

import lapscore.ParamOption;
import lapscore.selection.FisherScoreSelector;
import lapscore.selection.LaplacianScoreSelector;
import lapscore.selection.LocalKernelRegressionSelector;
import lapscore.selection.McfsSelector;
import lapscore.selection.SpecSelector;
import lapscore.selection.base.FeatureSelector;

/**
 * The scores {@code lapscore fit --score} can rank by, each with the estimator that computes it and
 * what the jobs must know of it: the one registry of scores, from which {@code evaluate}'s
 * selectors ({@link EvaluatedSelector}) are derived.
 */
public enum ScoreChoice implements ParamOption {
    LAPLACIAN("Laplacian score", LaplacianScoreSelector::new),
    FISHER("Fisher score", FisherScoreSelector::new, Trait.SUPERVISED),
    LKR("LKR score", LocalKernelRegressionSelector::new),
    SPEC("SPEC score", SpecSelector::new, Trait.NEEDS_CONNECTED_GRAPH),
    MCFS("MCFS score", McfsSelector::new, Trait.NEEDS_CONNECTED_GRAPH, Trait.SELECTION_DEPENDS_ON_COUNT);

    /** What a job must know of a score beyond its estimator. */
    public enum Trait {
        /** It reads the class labels (the Fisher score). */
        SUPERVISED,
        /**
         * It reads the graph's eigenvectors, and {@code evaluate} compares it only when asked. A
         * graph in pieces was refused when the trait was named; it is accepted now, its components'
         * indicators the first eigenvectors ({@link lapscore.graph.spectral.SpectralEmbedding}).
         */
        NEEDS_CONNECTED_GRAPH,
        /**
         * Its scores depend on the number of features asked for (MCFS stops each regression at that
         * many active features, Cai, Zhang and He, KDD 2010, eq. 5), so it is fitted once per count.
         */
        SELECTION_DEPENDS_ON_COUNT
    }

    private final String title;
    private final Supplier<FeatureSelector<?, ?>> estimator;
    private final Set<Trait> traits;

    ScoreChoice(String title, Supplier<FeatureSelector<?, ?>> estimator, Trait... traits) {
        this.title = title;
        this.estimator = estimator;
        this.traits = EnumSet.noneOf(Trait.class);
        Collections.addAll(this.traits, traits);
    }

    /** The score's name in reports, e.g. "Fisher score". */
    public String title() {
        return title;
    }

    /** A new estimator of this score with its defaults. */
    public FeatureSelector<?, ?> newEstimator() {
        return estimator.get();
    }

    /** Whether the score has {@code trait}. */
    public boolean has(Trait trait) {
        return traits.contains(trait);
    }
}
