package lapscore.graph.spec;

import lapscore.graph.edges.Edge;
import lapscore.graph.search.KnnMethod;
import lapscore.graph.search.NeighbourLists;
import lapscore.graph.search.RecallSample;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;

/**
 * What the build step of a {@link GraphSpec} found, before the edges are weighed; what it caches is
 * held by the scope of the prepared rows it was found from.
 *
 * @param edges      one record per unordered edge, partition t holding block pair t, cached
 * @param neighbours every row's directed list of its k nearest neighbours (keyed by the first row of
 *                   its block, partition i holding block i), cached; null for a graph without lists
 * @param method     how the neighbours were found: exact or approximate
 * @param recall     estimated recall@k of the approximate search ({@link RecallSample}); NaN for the
 *                   exact search or when the estimate was skipped
 */
public record FoundEdges(JavaRDD<Edge> edges, JavaPairRDD<Long, NeighbourLists> neighbours, KnnMethod method, double recall) {
}
