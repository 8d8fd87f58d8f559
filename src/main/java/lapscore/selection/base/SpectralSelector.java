package lapscore.selection.base;

import lapscore.selection.params.SpectralScoreParams;

/**
 * A selector whose score reads the K smallest non-trivial eigenvectors of the graph's normalised
 * Laplacian (SPEC, Zhao and Liu, ICML 2007; MCFS, Cai, Zhang and He, KDD 2010), found by a Lanczos
 * iteration ({@link lapscore.graph.spectral.SpectralEmbedding}). It adds to the edge weights'
 * setters those of {@code numEigenvectors} and {@code maxEmbeddingSteps}.
 *
 * @param <S> the concrete selector, returned by the setters
 * @param <M> its model
 */
public abstract class SpectralSelector<S extends SpectralSelector<S, M>, M extends FeatureSelectorModel<M>>
        extends EdgeWeightedSelector<S, M> implements SpectralScoreParams {

    protected SpectralSelector(String uid, Class<M> modelClass) {
        super(uid, modelClass);
    }

    public S setNumEigenvectors(int value) {
        set(numEigenvectors(), value);
        return self();
    }

    public S setMaxEmbeddingSteps(int value) {
        set(maxEmbeddingSteps(), value);
        return self();
    }
}
