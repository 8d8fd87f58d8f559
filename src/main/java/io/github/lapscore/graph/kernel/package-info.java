/**
 * The distance kernel under every neighbour search: a group of rows embedded as one dense
 * row-major array ({@link io.github.lapscore.graph.kernel.WorkingBlock}, with the
 * {@link io.github.lapscore.graph.kernel.DistanceMeasure} that embeds them), all squared distances
 * between two such blocks with one BLAS level-3 product per tile,
 * {@code ||a||^2 + ||b||^2 - 2 A B^T} ({@link io.github.lapscore.graph.kernel.BlockDistanceKernel}),
 * and the bounded heaps that keep each row's k best candidates
 * ({@link io.github.lapscore.graph.kernel.CandidateHeaps}).
 *
 * <p>Internal: public only so that {@code graph.search}, {@code graph} and the benchmark can call
 * it; it is not subject to API stability and may change in any release. Users choose a distance
 * through the selector's {@code distanceMeasure} param. It depends on nothing in {@code graph} or
 * {@code graph.search}.
 */
package io.github.lapscore.graph.kernel;
