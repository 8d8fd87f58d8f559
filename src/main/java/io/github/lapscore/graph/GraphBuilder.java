package io.github.lapscore.graph;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

import io.github.lapscore.data.blocks.BlockLayout;
import io.github.lapscore.data.blocks.BlockPairs;
import io.github.lapscore.data.blocks.PreparedRows;
import io.github.lapscore.data.blocks.RowBlock;
import io.github.lapscore.graph.distance.DistanceMeasure;
import io.github.lapscore.graph.kernel.RowEmbedding;
import io.github.lapscore.graph.kernel.WorkingBlock;
import io.github.lapscore.graph.search.ApproximateKnnSearch;
import io.github.lapscore.graph.search.ExactKnnSearch;
import io.github.lapscore.graph.search.KnnMethod;
import io.github.lapscore.graph.search.NeighbourLists;
import io.github.lapscore.graph.search.RecallSample;
import io.github.lapscore.graph.search.SearchInput;
import io.github.lapscore.graph.search.SearchSettings;
import io.github.lapscore.progress.FitWarnings;
import io.github.lapscore.progress.Stage;
import io.github.lapscore.progress.StageTimer;
import io.github.lapscore.progress.StepNames;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.storage.StorageLevel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import scala.Tuple2;

/**
 * Builds the {@link WeightedGraph} of prepared rows: the neighbour search (exact or approximate kNN
 * with its recall estimate, kNN within classes, or the radius join of the epsilon graph), union
 * symmetrisation (one record per unordered edge, found from either side), bandwidth, weights.
 */
public final class GraphBuilder {

    private static final Logger LOG = LoggerFactory.getLogger(GraphBuilder.class);
    /** Share of isolated rows above which the build warns that the graph leaves rows out. */
    static final double ISOLATED_WARNING_SHARE = 0.1;

    private GraphBuilder() {
    }

    /**
     * Builds the graph of {@code rows} (checked, cut into blocks of the layout that
     * {@link GraphSettings#exactJoin} asks for). With {@code keepNeighbourLists}, every row's directed
     * list of its k nearest neighbours stays cached in the graph ({@link WeightedGraph#neighbourLists()}),
     * as the Local Kernel Regression score needs it. On failure everything cached here is released
     * (the rows' blocks stay the caller's). The radius and bandwidth of {@code requested} are in the
     * units of the user's data; they are carried into the units of the rows' {@link io.github.lapscore.data.DataScale} here.
     */
    public static WeightedGraph build(GraphSettings requested, PreparedRows rows, boolean keepNeighbourLists, StageTimer timer) {
        GraphSettings settings = requested.inScaledUnits(rows.scale());
        long numRows = rows.summary().count();
        int numFeatures = rows.summary().numFeatures();
        JavaRDD<RowBlock> blocks = rows.blocks();
        BlockLayout layout = rows.layout();
        KnnMethod method = settings.searchFor(numRows);
        double[] centre = settings.measure().centre(rows.centres());
        SearchInput input = SearchInput.of(rows, settings.measure(), centre);
        JavaPairRDD<Long, NeighbourLists> neighbours = null;
        JavaRDD<Edge> edges = null;
        try {
            double recall = Double.NaN;
            if (settings.type() == GraphType.EPSILON) {
                double estimate = timer.run(Stage.GRAPH, StepNames.EPSILON_ESTIMATE + " " + requested.radius()
                        + " of sampled rows", () -> RadiusEdges.estimateEdges(input, settings.radius(), settings.forest().seed()));
                if (estimate > settings.maxEdges()) {
                    throw new IllegalArgumentException(String.format(Locale.ROOT, "radius %s would join about %.3g pairs of rows"
                            + " (estimated from a sample), more than maxEdges = %d; choose a smaller radius or raise maxEdges",
                            requested.radius(), estimate, settings.maxEdges()));
                }
                edges = RadiusEdges.find(input, settings.radius(), settings.includeSelfLoops());
            } else {
                neighbours = nearestNeighbours(settings, method, rows, centre, timer);
                JavaPairRDD<Long, NeighbourLists> lists = neighbours;
                recall = method == KnnMethod.EXACT || settings.forest().recallSampleSize() == 0 ? Double.NaN
                        : timer.run(Stage.RECALL, StepNames.RECALL_SAMPLE + " " + settings.forest().recallSampleSize()
                        + " sampled rows for recall@" + settings.numNeighbors(), () -> RecallSample.draw(input,
                        settings.numNeighbors(), settings.forest().recallSampleSize(), settings.forest().seed()).recallOf(lists));
                edges = symmetrise(neighbours, layout, settings.includeSelfLoops());
            }
            JavaRDD<Edge> found = edges;
            EdgeTally tally = timer.run(Stage.GRAPH, graphName(settings) + ": " + StepNames.COUNTING_EDGES,
                    () -> found.aggregate(new EdgeTally(), EdgeTally::add, EdgeTally::merge));
            if (neighbours != null && !keepNeighbourLists) {
                neighbours.unpersist(false);
            }
            int numClasses = settings.type() == GraphType.CLASS_KNN
                    ? timer.run(Stage.GRAPH, "kNN graph within classes: counting classes", () -> countClasses(blocks)) : 0;
            double bandwidth = settings.kernel() != WeightKernel.HEAT ? Double.NaN
                    : !Double.isNaN(settings.bandwidth()) ? settings.bandwidth()
                    : timer.run(Stage.WEIGHTS, StepNames.EDGE_WEIGHTS + ": automatic bandwidth from the spread of the rows",
                    () -> automaticBandwidth(blocks, numFeatures, settings.measure(), centre, numRows));
            EdgeWeighting weighting = new EdgeWeighting(settings.kernel(), bandwidth);
            long isolated = numRows - timer.run(Stage.WEIGHTS, StepNames.EDGE_WEIGHTS + ": finding rows with a positive weight",
                    () -> countRowsWithWeight(found, weighting, layout));
            checkIsolated(requested, isolated, numRows, tally.edges, rows.scale().squaredDistanceToData(bandwidth));
            GraphStatistics statistics = new GraphStatistics(settings.type(),
                    settings.type() == GraphType.EPSILON ? 0 : settings.numNeighbors(), numRows, rows.summary().skippedRows(), numClasses,
                    tally.edges,
                    tally.selfLoops, isolated, method, recall);
            return new WeightedGraph(layout, numFeatures, blocks, edges, keepNeighbourLists ? neighbours : null, weighting,
                    statistics, rows.centres(), settings.measure(), rows.scale(), timer);
        } catch (Throwable failed) {
            if (edges != null) {
                edges.unpersist(false);
            }
            if (neighbours != null) {
                neighbours.unpersist(false);
            }
            throw failed;
        }
    }

    /**
     * The exact or approximate k nearest neighbours of every row of {@code rows} (within its class
     * when the blocks carry labels), keyed by the first row of its block, partition i holding block
     * i, cached: the search alone, without edges or weights.
     */
    public static JavaPairRDD<Long, NeighbourLists> nearestNeighbours(GraphSettings settings, KnnMethod method,
                                                                      PreparedRows rows, double[] centre, StageTimer timer) {
        int k = settings.numNeighbors();
        int numFeatures = rows.summary().numFeatures();
        SearchInput input = SearchInput.of(rows, settings.measure(), centre);
        if (method == KnnMethod.EXACT) {
            return ExactKnnSearch.run(input, k, timer);
        }
        if (settings.forest().leafSize(numFeatures, k) <= k) {
            throw new IllegalArgumentException("leafSize " + settings.forest().leafSize(numFeatures, k) + " must exceed numNeighbors "
                    + k + ": a row finds its neighbours among the other rows of its leaves");
        }
        return ApproximateKnnSearch.run(input, new SearchSettings(k, settings.forest()), timer);
    }

    private static String graphName(GraphSettings settings) {
        return switch (settings.type()) {
            case EPSILON -> "Epsilon graph";
            case CLASS_KNN -> "kNN graph within classes";
            default -> "kNN graph";
        };
    }

    /**
     * Refuses a graph that has no positive weight at all (no score is defined), and warns when more
     * than {@value #ISOLATED_WARNING_SHARE} of the rows are isolated.
     */
    private static void checkIsolated(GraphSettings settings, long isolated, long numRows, long edges, double bandwidth) {
        if (isolated == numRows) {
            throw new IllegalArgumentException("Every row is isolated (no edge of positive weight), so no score is defined: "
                    + (edges == 0 && settings.type() == GraphType.EPSILON
                    ? "radius " + settings.radius() + " joins no pair of rows; choose a larger radius"
                    : edges == 0 ? "no class has two rows"
                    : settings.kernel() == WeightKernel.HEAT
                    ? "bandwidth t = " + bandwidth + " is too small for the distances between neighbours; choose a larger one"
                    : "every neighbour pair has a non-positive cosine"));
        }
        if (settings.type() == GraphType.EPSILON && edges > settings.maxEdges()) {
            FitWarnings.warn(LOG, String.format(Locale.ROOT, "radius %s joined %d pairs of rows, more than maxEdges = %d (the"
                    + " estimate from a sample was lower)", settings.radius(), edges, settings.maxEdges()));
        }
        if (isolated > ISOLATED_WARNING_SHARE * numRows) {
            FitWarnings.warn(LOG, String.format(Locale.ROOT, "%d of %d rows are isolated%s (no edge of positive weight) and add nothing"
                    + " to the scores%s", isolated, numRows, settings.type() == GraphType.EPSILON ? " at radius " + settings.radius() : "",
                    settings.type() == GraphType.EPSILON ? "; choose a larger radius to join more of them" : ""));
        }
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
     * input was partitioned. Whether all rows coincide is tested exactly, point by point against the
     * first row, not read off the sum: the centre is a rounded mean, so rows that all coincide leave
     * a sum of rounding errors (such as 1e-28) that is not 0.
     */
    public static double automaticBandwidth(JavaRDD<RowBlock> blocks, int numFeatures, DistanceMeasure measure,
                                             double[] centre, long numRows) {
        double deviation = 0.0;
        double[] firstPoint = null;
        boolean allCoincide = true;
        RowEmbedding embedding = new RowEmbedding(numFeatures, measure, centre);
        for (BlockSpread spread : blocks.map(block -> new BlockSpread(WorkingBlock.of(block, embedding)))
                .collect()) {
            deviation += spread.squaredDeviation;
            firstPoint = firstPoint == null ? spread.firstPoint : firstPoint;
            allCoincide &= spread.uniform && spread.samePoint(firstPoint);
        }
        double meanSquaredDistance = 2.0 * deviation / (numRows - 1);
        return allCoincide || !(meanSquaredDistance > 0.0) ? 1.0 : meanSquaredDistance;
    }

    /**
     * What the bandwidth needs of one block: the sum of its points' squared norms, its first point, and
     * whether all its points equal that one exactly. (A class, not a record: Kryo ships it.)
     */
    private static final class BlockSpread implements java.io.Serializable {
        final double squaredDeviation;
        final double[] firstPoint;
        final boolean uniform;

        BlockSpread(WorkingBlock block) {
            squaredDeviation = block.squaredDeviation();
            firstPoint = block.point(0);
            uniform = block.allPointsEqual(firstPoint);
        }

        /** Whether this block's first point equals {@code point} in every coordinate ({@code ==}, so 0.0 equals -0.0). */
        boolean samePoint(double[] point) {
            return IntStream.range(0, point.length).allMatch(t -> firstPoint[t] == point[t]);
        }
    }

    /**
     * Rows with at least one edge of positive weight, so that {@code D_ii > 0}. Each task marks the
     * endpoints of its edges in one bit mask per block of {@code layout}; the masks of a block are
     * joined in one shuffle of a few KiB per block and their bits counted (far less to shuffle than
     * the ids of all endpoints).
     */
    private static long countRowsWithWeight(JavaRDD<Edge> edges, EdgeWeighting weighting, BlockLayout layout) {
        return edges
                .mapPartitionsToPair(part -> {
                    Map<Integer, long[]> masks = new TreeMap<>();
                    part.forEachRemaining(edge -> {
                        if (weighting.weight(edge) > 0.0) {
                            mark(masks, layout, edge.src());
                            mark(masks, layout, edge.dst());
                        }
                    });
                    List<Tuple2<Integer, long[]>> byBlock = new ArrayList<>(masks.size());
                    masks.forEach((block, mask) -> byBlock.add(new Tuple2<>(block, mask)));
                    return byBlock.iterator();
                })
                .reduceByKey((a, b) -> {
                    for (int w = 0; w < a.length; w++) {
                        a[w] |= b[w];
                    }
                    return a;
                })
                .map(mask -> LongStream.of(mask._2()).map(Long::bitCount).sum())
                .fold(0L, Long::sum);
    }

    /** Sets the bit of row {@code id} in the mask of its block. */
    private static void mark(Map<Integer, long[]> masks, BlockLayout layout, long id) {
        int block = layout.blockOf(id);
        int row = (int) (id - layout.firstRow(block));
        masks.computeIfAbsent(block, b -> new long[(layout.rowsIn(b) + 63) / 64])[row >>> 6] |= 1L << row;
    }

    /** Number of distinct labels of labelled blocks. */
    private static int countClasses(JavaRDD<RowBlock> blocks) {
        return (int) blocks
                .flatMap(block -> {
                    Set<Double> labels = new TreeSet<>();
                    for (int i = 0; i < block.size(); i++) {
                        labels.add(block.label(i));
                    }
                    return labels.iterator();
                })
                .distinct()
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
