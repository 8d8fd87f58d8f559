/**
 * Stage 1: the k-nearest-neighbour graph of the rows and its weights (seed 000, section 2.1,
 * steps 1-2; DESIGN.md sections 1 and 3).
 *
 * <p>Rows are cut into blocks; every unordered block pair is one task that computes all its
 * squared distances with one BLAS level-3 product per tile ({@code ||a||^2 + ||b||^2 - 2 A B^T})
 * and keeps the k best candidates per row in bounded heaps ({@link io.github.lapscore.graph.BlockDistanceKernel}).
 * Candidates are merged per row, the kNN relation is symmetrised by union, and every unordered
 * edge is weighted once ({@link io.github.lapscore.graph.WeightKernel}). The result,
 * {@link io.github.lapscore.graph.WeightedGraph}, is the sparse distributed weight matrix S.
 */
package io.github.lapscore.graph;
