package io.github.lapscore.graph;

import io.github.lapscore.ParamOption;

/**
 * Which pairs of rows are neighbours, the first choice of a graph-based score.
 *
 * <ul>
 *   <li>{@code knn}: {i, j} is an edge when x_j is among the k nearest neighbours of x_i or x_i among
 *       those of x_j (He, Cai and Niyogi, "Laplacian Score for Feature Selection", NIPS 2005,
 *       section 2.1 step 1).</li>
 *   <li>{@code epsilon}: {i, j} is an edge when {@code ||x_i - x_j|| <= radius} (the epsilon-neighbourhood
 *       graph of spectral methods, see von Luxburg, "A tutorial on spectral clustering", Statistics
 *       and Computing 17(4), 2007, section 2.2). Always searched exactly.</li>
 *   <li>{@code class}: every pair of rows with the same label, {@code S_ij = 1/n_l}, the pair i = j
 *       included (He, Cai and Niyogi 2005, section 3.2, eq. 5; Cheung and Zeng 2009, eq. 6). Needs
 *       {@code labelCol}; never materialised.</li>
 *   <li>{@code classKnn}: the k nearest neighbours among the rows of the same label, union
 *       symmetrised and weighted by the kernel (the authors' MATLAB {@code constructW}, 'Supervised'
 *       mode with k &gt; 0). Needs {@code labelCol}.</li>
 * </ul>
 */
public enum GraphType implements ParamOption {
    KNN,
    EPSILON,
    CLASS,
    CLASS_KNN;

    /** Whether this graph is defined by the class labels. */
    public boolean supervised() {
        return this == CLASS || this == CLASS_KNN;
    }
}
