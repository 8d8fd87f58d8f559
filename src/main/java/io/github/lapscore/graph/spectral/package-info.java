/**
 * Stage 1b: the spectral embedding of a weighted graph, for the scores that read the graph's
 * eigenvectors (Zhao and Liu's SPEC, ICML 2007; Cai, Zhang and He's MCFS, KDD 2010): the smallest
 * non-trivial eigenpairs of the normalised Laplacian {@code I - D^-1/2 S D^-1/2}.
 *
 * <p>Vectors of m entries are held distributed, one {@link io.github.lapscore.graph.spectral.BlockColumns}
 * per block of the graph's layout (partition i holding block i, as the rows); a product with the
 * normalised adjacency is one pass over the edges by block pair, the same traversal as the scores'
 * sums. The driver holds O(j^2) numbers for j Lanczos steps, never a vector of m entries.
 *
 * <p>Internal: depends on {@code graph} and {@code data.blocks}; nothing in {@code graph} depends on it.
 */
package io.github.lapscore.graph.spectral;
