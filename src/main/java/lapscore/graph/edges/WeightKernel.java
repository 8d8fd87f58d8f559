package lapscore.graph.edges;

import lapscore.ParamOption;

/**
 * How an edge {i, j} of the kNN graph is weighted into {@code S_ij} (He, Cai and Niyogi, "Laplacian
 * Score for Feature Selection", NIPS 2005, section 2.1, step 2).
 *
 * <ul>
 *   <li>{@code heat}: {@code S_ij = exp(-||x_i - x_j||^2 / t)}, the paper's convention
 *       (scikit-feature and the authors' MATLAB code use {@code exp(-d^2 / (2 t^2))}).</li>
 *   <li>{@code binary}: {@code S_ij = 1}, the "simple-minded" weights of Belkin and Niyogi,
 *       "Laplacian Eigenmaps and Spectral Techniques for Embedding and Clustering", NIPS 2001.</li>
 *   <li>{@code cosine}: {@code S_ij = max(0, cos(x_i, x_j))} on the raw rows. A non-positive cosine
 *       gives weight 0: the edge stays in the edge list but adds nothing to D or L, because a
 *       negative weight would make L indefinite and the score meaningless.</li>
 * </ul>
 * A self-loop (distance 0, cosine 1) weighs 1 under every kernel.
 */
public enum WeightKernel implements ParamOption {
    HEAT,
    BINARY,
    COSINE;

    /**
     * {@code S_ij} for an edge of length {@code distance} whose rows have cosine {@code cosine}
     * ({@code NaN} where the search kept none, which only this kernel reads); {@code bandwidth} is t.
     */
    public double weight(double distance, double cosine, double bandwidth) {
        return switch (this) {
            case HEAT -> Math.exp(-distance * distance / bandwidth);
            case BINARY -> 1.0;
            case COSINE -> Math.max(0.0, requireCosine(cosine));
        };
    }

    /**
     * {@code cosine}, which must be a number: the rows of a cosine-weighted graph are non-zero
     * ({@code handleInvalid}) and its search keeps every pair's cosine.
     */
    private static double requireCosine(double cosine) {
        if (Double.isNaN(cosine)) {
            throw new IllegalStateException("an edge of the cosine-weighted graph has no cosine: its search kept none");
        }
        return cosine;
    }
}
