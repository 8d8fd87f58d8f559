package lapscore.selection.params;

import lapscore.graph.spectral.LanczosSettings;
import org.apache.spark.ml.param.IntParam;

/**
 * Params of the selectors whose score reads the graph's smallest eigenvectors (SPEC, MCFS) and of
 * their models: the graph's and the edge weights', plus how many eigenvectors and how long the
 * Lanczos iteration that finds them may run ({@code lapscore.graph.spectral.SpectralEmbedding}).
 */
public interface SpectralScoreParams extends EdgeWeightParams {

    /**
     * The {@code numEigenvectors} param: K, the smallest non-trivial eigenvectors of the normalised
     * Laplacian the score reads (SPEC's phi3 sums over them; MCFS regresses each on the features).
     */
    default IntParam numEigenvectors() {
        return declaredParams().numEigenvectors;
    }

    /** The {@code maxEmbeddingSteps} param: most Lanczos steps, each one pass over the edges. */
    default IntParam maxEmbeddingSteps() {
        return declaredParams().maxEmbeddingSteps;
    }

    /** The value of {@link #numEigenvectors()}. */
    default int getNumEigenvectors() {
        return (Integer) getOrDefault(numEigenvectors());
    }

    /** The value of {@link #maxEmbeddingSteps()}. */
    default int getMaxEmbeddingSteps() {
        return (Integer) getOrDefault(maxEmbeddingSteps());
    }

    /** The Lanczos iteration these params set: their step bound, the default tolerance and the seed. */
    default LanczosSettings lanczosSettings() {
        return new LanczosSettings(getMaxEmbeddingSteps(), LanczosSettings.DEFAULT_TOLERANCE, getSeed());
    }
}
