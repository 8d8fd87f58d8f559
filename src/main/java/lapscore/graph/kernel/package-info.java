/**
 * The distance kernel under every neighbour search: a group of rows embedded as one dense
 * row-major array ({@link lapscore.graph.kernel.WorkingBlock}, embedded by a
 * {@link lapscore.graph.distance.DistanceMeasure}), or, for the exact searches on rows
 * of few non-zero values, as sparse points ({@link lapscore.graph.kernel.SparsePoints}),
 * both read through {@link lapscore.graph.kernel.BlockPoints}; the scans of two such
 * blocks ({@link lapscore.graph.kernel.BlockDistanceKernel}): for the kNN searches a
 * screen of every pair, in single precision on vector instructions where the JVM has them, and
 * exact distances only for the pairs that may be among a row's k nearest; for the epsilon graph
 * every squared distance by one BLAS level-3 product per tile,
 * {@code ||a||^2 + ||b||^2 - 2 A B^T}; and the bounded heaps that keep each row's k best candidates
 * ({@link lapscore.graph.kernel.CandidateHeaps}). NN-descent's local joins are in
 * {@code graph.kernel.join}.
 *
 * <p>Internal: public only so that {@code graph.search}, {@code graph} and the benchmark can call
 * it; it is not subject to API stability and may change in any release. Users choose a distance
 * through the selector's {@code distanceMeasure} param. It depends on {@code graph.distance}, and on
 * nothing in {@code graph} or {@code graph.search}.
 */
package lapscore.graph.kernel;
