/**
 * Stage 1: the graph of the rows and its weights, the sparse distributed weight matrix S (He, Cai
 * and Niyogi, "Laplacian Score for Feature Selection", NIPS 2005, section 2.1, steps 1-2).
 *
 * <p>{@link lapscore.graph.GraphBuilder} takes the rows cut into blocks and builds the
 * graph that a {@link lapscore.graph.spec.GraphSpec} describes: the kNN graph (a search of
 * {@code graph.search}, exact or approximate, whose neighbour relation is symmetrised by union into
 * one {@link lapscore.graph.edges.Edge} per unordered pair), the kNN graph within classes (the
 * exact search over pairs of the same label), or the epsilon graph ({@code RadiusEdges}: the same
 * block kernel with the radius as the filter, after an edge estimate from a sample). Every edge is
 * weighed once ({@link lapscore.graph.edges.WeightKernel}); the result is a
 * {@link lapscore.graph.WeightedGraph}. The class graph is never built: the scores read
 * it from per-class moments.
 *
 * <p>Layers, each depending only on those below it:
 * <ul>
 *   <li>{@code graph} (this package): the builder, the weighted graph it yields and its statistics;</li>
 *   <li>{@code graph.spec}: what defines a graph, one variant per graph type with its params, checks
 *       and build step, and the settings all graphs share;</li>
 *   <li>{@code graph.edges}: the edges and how they are made and weighed: the union symmetrisation of
 *       neighbour lists, the radius join, the kernels that weigh an edge;</li>
 *   <li>{@code graph.search}: the exact and approximate neighbour searches, which yield per-block
 *       neighbour lists, and the recall estimate; it knows nothing of edges or weights;</li>
 *   <li>{@code graph.kernel}: blocks of rows as the kernel needs them, the distance kernel (all
 *       squared distances of two blocks with one BLAS level-3 product per tile,
 *       {@code ||a||^2 + ||b||^2 - 2 A B^T}, handed column by column to a sink) and the bounded heaps
 *       that keep the k best candidates per row.</li>
 * </ul>
 * The block pairs that the exact search and the scoring stage share are in {@code data}.
 */
package lapscore.graph;
