package io.github.lapscore.graph.spectral;

import java.io.Serializable;

/**
 * How the Lanczos iteration of {@link SpectralEmbedding} runs.
 *
 * @param maxSteps  most Lanczos steps (one product with the normalised adjacency each, one pass
 *                  over the edges); the embedding is refused if its eigenpairs have not converged
 *                  by then
 * @param tolerance largest residual {@code ||L~ xi - lambda xi||} accepted for a unit eigenvector xi
 *                  ({@code L~ = I - D^-1/2 S D^-1/2}, whose eigenvalues lie in [0, 2])
 * @param seed      seed of the start vector, drawn per row id, so that the embedding does not
 *                  depend on the partitioning
 */
public record LanczosSettings(int maxSteps, double tolerance, long seed) implements Serializable {

    /** Most steps unless set: enough for ten eigenpairs of the kNN graphs of the test and bench data. */
    public static final int DEFAULT_MAX_STEPS = 300;
    /** Residual accepted unless set. */
    public static final double DEFAULT_TOLERANCE = 1e-10;

    public LanczosSettings {
        if (maxSteps < 1) {
            throw new IllegalArgumentException("maxSteps must be at least 1, got " + maxSteps);
        }
        if (!(tolerance > 0)) {
            throw new IllegalArgumentException("tolerance must be positive, got " + tolerance);
        }
    }
}
