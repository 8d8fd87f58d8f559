/**
 * Stage 1b: the spectral embedding of a weighted graph, for the scores that read the graph's
 * eigenvectors (Zhao and Liu's SPEC, ICML 2007; Cai, Zhang and He's MCFS, KDD 2010): the smallest
 * non-trivial eigenpairs of the normalised Laplacian {@code I - D^-1/2 S D^-1/2}.
 *
 * <p>{@link lapscore.graph.spectral.Lanczos} is written once over a
 * {@link lapscore.graph.spectral.ColumnStore}, the place its vectors of m entries live,
 * one {@link lapscore.graph.spectral.BlockColumns} per block of the graph's layout:
 * {@link lapscore.graph.spectral.DistributedColumns} holds them in an RDD (partition i
 * holding block i, as the rows), a product with the normalised adjacency being one pass over the
 * edges by block pair, the same traversal as the scores' sums; {@link
 * lapscore.graph.spectral.TaskColumns} holds them in one task that has gathered the edges
 * once, for graphs small enough (see {@link lapscore.graph.spectral.LanczosSettings}).
 * Both share {@link lapscore.graph.spectral.WeightProduct}'s arithmetic and add the
 * blocks' shares in one order. The driver holds O(j^2) numbers for j Lanczos steps, never a
 * vector of m entries.
 *
 * <p>A graph of several connected components ({@link lapscore.graph.spectral.ComponentLabels}:
 * union-find in the one task, label propagation over the block pairs when distributed) has the
 * eigenvalue 0 once per component; its non-trivial eigenvectors come first, in the basis
 * {@link lapscore.graph.spectral.ZeroEigenspace} fixes, and the iteration runs orthogonal to all the
 * components' indicators.
 *
 * <p>Internal: depends on {@code graph}, {@code graph.edges}, {@code data}, {@code data.blocks} and
 * {@code progress} (not on the search packages: the salts and the task memory it shares with them live
 * in {@code data}); nothing in {@code graph} depends on it.
 */
package lapscore.graph.spectral;
