/**
 * The edges of a graph of the rows and their weights: one {@link lapscore.graph.edges.Edge}
 * per unordered pair of rows with its exact distance and cosine, made by the union symmetrisation of
 * neighbour lists ({@link lapscore.graph.edges.NeighbourEdges}) or by the radius join of the
 * epsilon graph ({@link lapscore.graph.edges.RadiusEdges}), and weighed by a
 * {@link lapscore.graph.edges.WeightKernel} with its bandwidth
 * ({@link lapscore.graph.edges.EdgeWeighting}): the entries S_ij of the sparse weight matrix of
 * He, Cai and Niyogi, "Laplacian Score for Feature Selection", NIPS 2005, section 2.1, step 2.
 *
 * <p>Builds on {@code graph.search}, {@code graph.kernel} and {@code data}; knows nothing of graph
 * types.
 */
package lapscore.graph.edges;
