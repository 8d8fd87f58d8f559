package io.github.lapscore.job.options;

import java.util.function.Supplier;

import io.github.lapscore.ParamOption;
import io.github.lapscore.selection.FisherScoreSelector;
import io.github.lapscore.selection.LaplacianScoreSelector;
import io.github.lapscore.selection.LocalKernelRegressionSelector;
import io.github.lapscore.selection.McfsSelector;
import io.github.lapscore.selection.SpecSelector;
import io.github.lapscore.selection.base.FeatureSelector;

/** The scores {@code lapscore fit --score} can rank by, each with the estimator that computes it. */
public enum ScoreChoice implements ParamOption {
    LAPLACIAN("Laplacian score", LaplacianScoreSelector::new),
    FISHER("Fisher score", FisherScoreSelector::new),
    LKR("LKR score", LocalKernelRegressionSelector::new),
    SPEC("SPEC score", SpecSelector::new),
    MCFS("MCFS score", McfsSelector::new);

    private final String title;
    private final Supplier<FeatureSelector<?, ?>> estimator;

    ScoreChoice(String title, Supplier<FeatureSelector<?, ?>> estimator) {
        this.title = title;
        this.estimator = estimator;
    }

    /** The score's name in reports, e.g. "Fisher score". */
    public String title() {
        return title;
    }

    /** A new estimator of this score with its defaults. */
    public FeatureSelector<?, ?> newEstimator() {
        return estimator.get();
    }
}
