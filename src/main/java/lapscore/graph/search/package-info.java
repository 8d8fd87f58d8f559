/**
 * The k-nearest-neighbour searches that the graph builder runs, and what they exchange.
 * {@link lapscore.graph.search.ExactKnnSearch} computes every unordered block pair as
 * one task; {@link lapscore.graph.search.approximate.ApproximateKnnSearch} runs the same kernel
 * within the leaves of random-projection trees and refines the result by NN-descent
 * ({@link lapscore.graph.search.approximate.NeighbourDescent}). Both yield, per block of rows,
 * {@link lapscore.graph.search.NeighbourLists}: each row's k best candidates with exact
 * distances and cosines. {@link lapscore.graph.search.RecallSample} measures the
 * recall@k of an approximate search. A search's steps after its first offer only candidates below
 * the ceilings of the lists the steps before left
 * ({@link lapscore.graph.search.ListCeilings}, cached by the job that caches the lists).
 * Every search reads one
 * {@link lapscore.graph.search.SearchInput} (the rows, their layout, how they become
 * points, and the {@link lapscore.data.CacheScope} that owns what the search caches and
 * broadcasts: each step's data is released once the next step has counted its own, and what is
 * left when a step fails is released by the scope's owner); the approximate one is asked for a {@link lapscore.graph.search.approximate.SearchSettings}
 * (k and its {@link lapscore.graph.search.approximate.ForestSettings}); each takes the stage timer
 * of the build that runs it. The salts of its random streams are declared in
 * {@link lapscore.data.RowHash}.
 *
 * <p>The exact search, the neighbour lists, the recall sample and what every search shares are
 * here; the approximate search (trees, NN-descent, its settings) is in {@code graph.search.approximate},
 * which builds on this package and not the other way round.
 *
 * <p>Internal: public only so that the {@code graph} packages above it (and the benchmark) can call
 * it; it is not subject to API stability and may change in any release. Users choose a search
 * through the selector's string params ({@code knnMethod}, {@code numTrees}, ...). It builds on
 * {@code graph.kernel}, {@code data} and {@code progress}, and depends on nothing in
 * {@code graph}.
 */
package lapscore.graph.search;

