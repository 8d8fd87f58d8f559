/**
 * The approximate k-nearest-neighbour search: the rows are placed in the leaves of random-projection
 * trees grown on a sample ({@link lapscore.graph.search.approximate.RandomProjectionForest},
 * {@link lapscore.graph.search.approximate.LeafBlocks}), renumbered into
 * {@link lapscore.graph.search.approximate.LocalityCells}, every leaf is searched exactly
 * with the block kernel ({@link lapscore.graph.search.approximate.TreeLeaves}), and the
 * lists are refined by NN-descent (Dong, Charikar and Li, "Efficient k-nearest neighbor graph
 * construction for generic similarity measures", WWW 2011:
 * {@link lapscore.graph.search.approximate.NeighbourDescent}, its shuffles in
 * {@link lapscore.graph.search.approximate.RoundShuffles}). {@link lapscore.graph.search.approximate.ApproximateKnnSearch} runs them
 * with a {@link lapscore.graph.search.approximate.SearchSettings}: k and the
 * {@link lapscore.graph.search.approximate.ForestSettings}.
 *
 * <p>Internal, like {@code graph.search}, on which it builds (neighbour lists, the search input, the
 * steps, the salts of its random streams).
 */
package lapscore.graph.search.approximate;
