package lapscore.graph.spectral;

import java.io.Serializable;


/**
 * How the Lanczos iteration of {@link SpectralEmbedding} runs.
 *
 * @param maxSteps     most Lanczos steps (one product with the normalised adjacency each, one pass
 *                     over the edges); the embedding is refused if its eigenpairs have not converged
 *                     by then
 * @param tolerance    largest residual {@code ||L~ xi - lambda xi||} accepted for a unit eigenvector
 *                     xi ({@code L~ = I - D^-1/2 S D^-1/2}, whose eigenvalues lie in [0, 2])
 * @param seed         seed of the start vector, drawn per row from its values, so that the embedding
 *                     does not depend on the partitioning
 * @param oneTaskBytes most memory the whole iteration may take to run in one task (the graph's
 *                     edges and a basis of {@code maxSteps} vectors); a graph that needs more runs
 *                     distributed, a few Spark jobs a step. {@link #TASK_MEMORY} for the user memory
 *                     Spark leaves one task of an executor, 0 for always distributed
 */
public record LanczosSettings(int maxSteps, double tolerance, long seed, long oneTaskBytes) implements Serializable {

    /** Most steps unless set: enough for ten eigenpairs of the kNN graphs of the test and bench data. */
    public static final int DEFAULT_MAX_STEPS = 300;
    /** Residual accepted unless set. */
    public static final double DEFAULT_TOLERANCE = 1e-10;
    /** {@code oneTaskBytes} meaning the user memory of one task of the session's executors ({@link lapscore.data.TaskMemory}). */
    public static final long TASK_MEMORY = -1;

    public LanczosSettings {
        if (maxSteps < 1) {
            throw new IllegalArgumentException("maxSteps must be at least 1, got " + maxSteps);
        }
        if (!(tolerance > 0)) {
            throw new IllegalArgumentException("tolerance must be positive, got " + tolerance);
        }
        if (oneTaskBytes < TASK_MEMORY) {
            throw new IllegalArgumentException("oneTaskBytes must be at least " + TASK_MEMORY + ", got " + oneTaskBytes);
        }
    }

    /** Settings that run in one task when the graph fits the user memory of one ({@link #TASK_MEMORY}). */
    public LanczosSettings(int maxSteps, double tolerance, long seed) {
        this(maxSteps, tolerance, seed, TASK_MEMORY);
    }
}
