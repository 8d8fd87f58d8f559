package io.github.lapscore.graph;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.github.lapscore.data.BlockLayout;
import io.github.lapscore.data.BlockPairs;
import io.github.lapscore.data.FeatureCentres;
import io.github.lapscore.data.IndexedRows;
import io.github.lapscore.data.RowBlock;
import io.github.lapscore.data.RowSummary;
import io.github.lapscore.graph.kernel.DistanceMeasure;
import io.github.lapscore.graph.kernel.WorkingBlock;
import io.github.lapscore.graph.search.ApproximateKnnSearch;
import io.github.lapscore.graph.search.ExactKnnSearch;
import io.github.lapscore.graph.search.KnnMethod;
import io.github.lapscore.graph.search.NeighbourLists;
import io.github.lapscore.graph.search.RecallSample;
import io.github.lapscore.progress.Stage;
import io.github.lapscore.progress.StageTimer;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;

import scala.Tuple2;

/**
 * Builds the {@link WeightedGraph} of validated rows: blocks, kNN search (exact or approximate, with
 * its recall estimate), union symmetrisation (one record per unordered edge, found from either
 * side), bandwidth, weights.
 */
public final class KnnGraphBuilder {

    private KnnGraphBuilder() {
    }

    /**
     * Builds the graph of {@code rows}, which {@code summary} has validated; {@code rows} is released
     * once its blocks are cached.
     */
    public static WeightedGraph build(GraphSettings settings, SparkSession spark, IndexedRows rows, RowSummary summary,
                                      StageTimer timer) {
        int numFeatures = summary.numFeatures();
        int k = settings.numNeighbors();
        KnnMethod method = settings.method().resolve(summary.count());
        if (method == KnnMethod.APPROXIMATE && settings.forest().leafSize() <= k) {
            rows.release();
            throw new IllegalArgumentException("leafSize " + settings.forest().leafSize() + " must exceed numNeighbors "
                    + k + ": a row finds its neighbours among the other rows of its leaves");
        }
        BlockLayout layout = BlockLayout.choose(summary.count(), numFeatures, spark.sparkContext().defaultParallelism(),
                settings.rowsPerBlock(), method == KnnMethod.EXACT ? BlockLayout.EXACT_JOIN_ROWS_PER_BLOCK : Integer.MAX_VALUE);
        JavaRDD<RowBlock> blocks = RowBlock.build(rows, layout);
        timer.run(Stage.GRAPH, "kNN graph: cutting " + summary.count() + " rows into " + layout.numBlocks() + " blocks", blocks::count);
        rows.release();
        FeatureCentres centres = timer.run(Stage.GRAPH, "kNN graph: feature means",
                () -> FeatureCentres.of(blocks, numFeatures, summary.count()));

        double[] centre = settings.measure().centre(centres);
        JavaPairRDD<Long, NeighbourLists> neighbours = method == KnnMethod.EXACT
                ? ExactKnnSearch.run(blocks, layout, numFeatures, k, settings.measure(), centre, timer)
                : ApproximateKnnSearch.run(blocks, layout, numFeatures, k, settings.measure(), centre, settings.forest(), timer);
        double recall = method == KnnMethod.EXACT || settings.forest().recallSampleSize() == 0 ? Double.NaN
                : timer.run(Stage.RECALL, "kNN graph (approximate): exact neighbours of " + settings.forest().recallSampleSize()
                        + " sampled rows for recall@" + k, () -> RecallSample.draw(blocks, numFeatures, k, settings.measure(), centre,
                        settings.forest().recallSampleSize(), settings.forest().seed()).recallOf(neighbours));
        JavaRDD<Edge> edges = symmetrise(neighbours, layout, settings.includeSelfLoops());
        EdgeTally tally = timer.run(Stage.GRAPH, "kNN graph: symmetrising neighbour lists into edges",
                () -> edges.aggregate(new EdgeTally(), EdgeTally::add, EdgeTally::merge));
        neighbours.unpersist(false);

        double bandwidth = settings.kernel() != WeightKernel.HEAT ? Double.NaN
                : !Double.isNaN(settings.bandwidth()) ? settings.bandwidth()
                : timer.run(Stage.WEIGHTS, "Edge weights: automatic bandwidth from the spread of the rows",
                        () -> automaticBandwidth(blocks, numFeatures, settings.measure(), centre, summary.count()));
        EdgeWeighting weighting = new EdgeWeighting(settings.kernel(), bandwidth);
        long isolated = timer.run(Stage.WEIGHTS, "Edge weights: finding rows whose weights are all 0",
                () -> countIsolatedRows(edges, weighting));
        if (isolated == summary.count()) {
            edges.unpersist(false);
            blocks.unpersist(false);
            throw new IllegalArgumentException("Every edge weight is 0, so no score is defined: "
                    + (settings.kernel() == WeightKernel.HEAT
                    ? "bandwidth t = " + bandwidth + " is too small for the distances between neighbours"
                    : "every neighbour pair has a non-positive cosine"));
        }
        GraphStatistics statistics = new GraphStatistics(summary.count(), tally.edges, tally.selfLoops, isolated, method, recall);
        return new WeightedGraph(spark, layout, numFeatures, settings.numNeighbors(), blocks, edges, weighting, statistics,
                centres.means(), timer);
    }

    /**
     * Union symmetrisation: {i, j} is an edge when j is among i's k nearest or i among j's. Both
     * sides yield the same record (exact distance and cosine are symmetric), of which one is kept;
     * the shuffle, of one {@link EdgeBatch} per block and block pair, also places each edge in the
     * partition of its block pair, ordered by (src, dst).
     */
    private static JavaRDD<Edge> symmetrise(JavaPairRDD<Long, NeighbourLists> neighbours, BlockLayout layout, boolean selfLoops) {
        return neighbours.values()
                .flatMapToPair(lists -> {
                    Map<Integer, EdgeBatch> byPair = new TreeMap<>();
                    for (int row = 0; row < lists.rows(); row++) {
                        for (int n = 0; n < lists.count(row); n++) {
                            Edge edge = edge(lists, row, n);
                            byPair.computeIfAbsent(layout.pairIndex(layout.blockOf(edge.src()), layout.blockOf(edge.dst())),
                                    pair -> new EdgeBatch()).add(edge);
                        }
                        if (selfLoops) {
                            long id = lists.rowId(row);
                            int block = layout.blockOf(id);
                            byPair.computeIfAbsent(layout.pairIndex(block, block), pair -> new EdgeBatch()).add(Edge.selfLoop(id));
                        }
                    }
                    List<Tuple2<Integer, EdgeBatch>> batches = new ArrayList<>(byPair.size());
                    byPair.forEach((pair, batch) -> batches.add(new Tuple2<>(pair, batch)));
                    return batches.iterator();
                })
                .partitionBy(new BlockPairs.EdgePartitioner(layout))
                .values()
                .mapPartitions(EdgeBatch::distinctEdges)
                .persist(StorageLevel.MEMORY_AND_DISK());
    }

    /** The {@code n}-th nearest neighbour (from 0) of the row at position {@code row} of {@code lists} as an edge from that row. */
    private static Edge edge(NeighbourLists lists, int row, int n) {
        long self = lists.rowId(row);
        long other = lists.neighbour(row, n);
        return new Edge(Math.min(self, other), Math.max(self, other), lists.distance(row, n), lists.cosine(row, n));
    }

    /**
     * The automatic heat-kernel bandwidth: the mean squared distance over all pairs of distinct rows,
     * {@code (2 / (m - 1)) sum_i ||p_i - mean p||^2}, exact and O(m d); 1 if all rows coincide. It
     * measures the scale of the whole data, like the authors' MATLAB default (the mean pairwise
     * distance), and with the cosine graph reproduces the iris orderings of He, Cai and Niyogi
     * ("Laplacian Score for Feature Selection", NIPS 2005, section 4.1). Block sums are added
     * on the driver in block order, so t (and every weight) is the same to the last bit however the
     * input was partitioned.
     */
    private static double automaticBandwidth(JavaRDD<RowBlock> blocks, int numFeatures, DistanceMeasure measure,
                                             double[] centre, long numRows) {
        double deviation = 0.0;
        for (double blockDeviation : blocks.map(block -> WorkingBlock.of(block, numFeatures, measure, centre).squaredDeviation())
                .collect()) {
            deviation += blockDeviation;
        }
        double meanSquaredDistance = 2.0 * deviation / (numRows - 1);
        return meanSquaredDistance > 0.0 ? meanSquaredDistance : 1.0;
    }

    /** Rows all of whose edges weigh 0, so that {@code D_ii = 0}. */
    private static long countIsolatedRows(JavaRDD<Edge> edges, EdgeWeighting weighting) {
        return edges
                .flatMapToPair(edge -> {
                    boolean positive = weighting.weight(edge) > 0.0;
                    return List.of(new Tuple2<>(edge.src(), positive), new Tuple2<>(edge.dst(), positive)).iterator();
                })
                .reduceByKey(Boolean::logicalOr)
                .filter(degree -> !degree._2())
                .count();
    }

    /** Edge and self-loop counts. */
    private static final class EdgeTally implements java.io.Serializable {
        long edges;
        long selfLoops;

        EdgeTally add(Edge edge) {
            if (edge.isSelfLoop()) {
                selfLoops++;
            } else {
                edges++;
            }
            return this;
        }

        EdgeTally merge(EdgeTally other) {
            edges += other.edges;
            selfLoops += other.selfLoops;
            return this;
        }
    }
}
