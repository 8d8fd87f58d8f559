/**
 * What defines a graph of the rows: the sealed {@link lapscore.graph.spec.GraphSpec}, one
 * variant per graph type ({@link lapscore.graph.spec.KnnGraph},
 * {@link lapscore.graph.spec.EpsilonGraph}, {@link lapscore.graph.spec.ClassGraph},
 * {@link lapscore.graph.spec.KnnWithinClassGraph}), each with its own params, its checks,
 * the answers the selectors and the command line ask of it (labels, radius, search, cosines) and its
 * build step, which yields the graph's edges ({@link lapscore.graph.spec.FoundEdges});
 * and the {@link lapscore.graph.spec.GraphSettings} every graph shares (distance, kernel,
 * bandwidth, self-loops, block size). Adding a graph type is one new variant.
 *
 * <p>Builds on {@code graph.edges} and {@code graph.search}; the {@code graph} package above turns a
 * spec into a weighted graph.
 */
package lapscore.graph.spec;
