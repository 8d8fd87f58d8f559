package lapscore.graph.edges;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import lapscore.data.CacheScope;
import lapscore.data.blocks.BlockLayout;
import lapscore.data.blocks.BlockPairs;
import lapscore.graph.search.NeighbourLists;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;

import scala.Tuple2;

/**
 * The edges of a kNN graph from every row's list of its nearest neighbours: {i, j} is an edge when
 * x_j is among the k nearest neighbours of x_i or x_i among those of x_j (He, Cai and Niyogi,
 * "Laplacian Score for Feature Selection", NIPS 2005, section 2.1 step 1). O(m k) records, one
 * shuffle.
 */
public final class NeighbourEdges {

    private NeighbourEdges() {
    }

    /**
     * Union symmetrisation: {i, j} is an edge when j is among i's k nearest or i among j's. Both
     * sides yield the same record (exact distance and cosine are symmetric), of which one is kept;
     * the shuffle, of one {@link EdgeBatch} per block and block pair, also places each edge in the
     * partition of its block pair, ordered by (src, dst). The edges are cached in {@code caches}.
     */
    public static JavaRDD<Edge> symmetrise(JavaPairRDD<Long, NeighbourLists> neighbours, BlockLayout layout, boolean selfLoops,
                                           CacheScope caches) {
        return caches.persist(neighbours.values()
                .flatMapToPair(lists -> {
                    Map<Integer, EdgeBatch> byPair = new TreeMap<>();
                    for (int row = 0; row < lists.rows(); row++) {
                        for (int n = 0; n < lists.count(row); n++) {
                            Edge edge = edge(lists, row, n);
                            byPair.computeIfAbsent(layout.pairIndex(layout.blockOf(edge.src()), layout.blockOf(edge.dst())),
                                    pair -> new EdgeBatch(lists.keepsCosines())).add(edge);
                        }
                        if (selfLoops) {
                            long id = lists.rowId(row);
                            int block = layout.blockOf(id);
                            byPair.computeIfAbsent(layout.pairIndex(block, block), pair -> new EdgeBatch(lists.keepsCosines()))
                                    .add(Edge.selfLoop(id));
                        }
                    }
                    List<Tuple2<Integer, EdgeBatch>> batches = new ArrayList<>(byPair.size());
                    byPair.forEach((pair, batch) -> batches.add(new Tuple2<>(pair, batch.trimmed())));
                    return batches.iterator();
                })
                .partitionBy(new BlockPairs.EdgePartitioner(layout))
                .values()
                .mapPartitions(EdgeBatch::distinctEdges));
    }

    /** The {@code n}-th nearest neighbour (from 0) of the row at position {@code row} of {@code lists} as an edge from that row. */
    private static Edge edge(NeighbourLists lists, int row, int n) {
        long self = lists.rowId(row);
        long other = lists.neighbour(row, n);
        return new Edge(Math.min(self, other), Math.max(self, other), lists.distance(row, n), lists.cosine(row, n));
    }
}
