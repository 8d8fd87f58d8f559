package lapscore.testscore;

import lapscore.scoring.GraphScore;
import lapscore.selection.base.EdgeWeightedSelector;
import org.apache.spark.ml.util.Identifiable$;

/** The estimator of the test-only {@link RayleighScores}: the graph's params and the edge weights', none of its own. */
public final class RayleighSelector extends EdgeWeightedSelector<RayleighSelector, RayleighSelectorModel> {

    public RayleighSelector() {
        this(Identifiable$.MODULE$.randomUID("RayleighSelector"));
    }

    /** A selector with the given uid (used by persistence). */
    public RayleighSelector(String uid) {
        super(uid, RayleighSelectorModel.class);
    }

    @Override
    protected GraphScore graphScore() {
        return new RayleighScores();
    }
}
