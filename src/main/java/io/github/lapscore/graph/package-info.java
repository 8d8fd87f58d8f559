/**
 * Stage 1: the k-nearest-neighbour graph of the rows and its weights (He, Cai and Niyogi,
 * "Laplacian Score for Feature Selection", NIPS 2005, section 2.1, steps 1-2).
 *
 * <p>{@link io.github.lapscore.graph.KnnGraphBuilder} cuts the rows into blocks, finds every row's
 * k nearest neighbours with a search of {@code graph.search} (exact or approximate), symmetrises
 * the kNN relation by union into one {@link io.github.lapscore.graph.Edge} per unordered pair, and
 * weights every edge once ({@link io.github.lapscore.graph.WeightKernel}). The result,
 * {@link io.github.lapscore.graph.WeightedGraph}, is the sparse distributed weight matrix S.
 *
 * <p>Layers, each depending only on those below it:
 * <ul>
 *   <li>{@code graph} (this package): the graph, its settings and statistics, and its builder;</li>
 *   <li>{@code graph.search}: the exact and approximate neighbour searches, which yield per-block
 *       neighbour lists, and the recall estimate; it knows nothing of edges or weights;</li>
 *   <li>{@code graph.kernel}: blocks of rows as the kernel needs them, the distance kernel (all
 *       squared distances of two blocks with one BLAS level-3 product per tile,
 *       {@code ||a||^2 + ||b||^2 - 2 A B^T}) and the bounded heaps that keep the k best candidates
 *       per row.</li>
 * </ul>
 * The block pairs that the exact search and the scoring stage share are in {@code data}.
 */
package io.github.lapscore.graph;
