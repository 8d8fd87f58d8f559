package lapscore.selection.base;

import lapscore.selection.params.EdgeWeightParams;

/**
 * A selector whose score reads the graph's edge weights S_ij (He, Cai and Niyogi, NIPS 2005,
 * section 2.1 step 2): the Laplacian Score, SPEC and MCFS. It adds to the graph's setters those of
 * the weights, {@code weightKernel} and {@code includeSelfLoops}.
 *
 * @param <S> the concrete selector, returned by the setters
 * @param <M> its model
 */
public abstract class EdgeWeightedSelector<S extends EdgeWeightedSelector<S, M>, M extends FeatureSelectorModel<M>>
        extends GraphFeatureSelector<S, M> implements EdgeWeightParams {

    protected EdgeWeightedSelector(String uid, Class<M> modelClass) {
        super(uid, modelClass);
    }

    public S setWeightKernel(String value) {
        set(weightKernel(), value);
        return self();
    }

    public S setIncludeSelfLoops(boolean value) {
        set(includeSelfLoops(), value);
        return self();
    }
}
