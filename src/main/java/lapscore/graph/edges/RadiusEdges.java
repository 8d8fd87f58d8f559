package lapscore.graph.edges;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import lapscore.data.blocks.BlockPairs;
import lapscore.data.blocks.RowBlock;
import lapscore.graph.kernel.BlockPoints;
import lapscore.graph.kernel.RowEmbedding;
import lapscore.graph.kernel.SparsePoints;
import lapscore.graph.kernel.WorkingBlock;
import lapscore.data.RowHash;
import lapscore.graph.search.SearchInput;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.linalg.Vector;

import scala.Tuple2;

/**
 * The edges of the epsilon graph: {i, j} when {@code ||x_i - x_j|| <= radius} in the space of the
 * distance measure (the epsilon-neighbourhood graph, von Luxburg, "A tutorial on spectral
 * clustering", Statistics and Computing 17(4), 2007, section 2.2). The same block kernel as the
 * exact kNN join runs over every block pair, with the radius as the filter: each pair task emits the
 * edges of its pair directly, so partition t holds block pair t with no shuffle. O(m^2 d) flops.
 * The kernel's {@code ||a||^2 + ||b||^2 - 2ab} only preselects: its rounding error, at most a few
 * {@code eps dim (||a||^2 + ||b||^2)}, is added to the radius for the preselection, and every pair
 * kept is measured again exactly against the radius itself.
 *
 * <p>An epsilon graph fails in two ways. Too small a radius leaves rows without any edge (isolated,
 * {@code D_ii = 0}): they add nothing to the scores and are counted in the summary. Too large a
 * radius joins nearly all m^2/2 pairs: {@link #estimateEdges} counts the neighbours of a sample of
 * rows first, so that such a radius is refused before the graph is built.
 */
public final class RadiusEdges {

    /** Rows whose neighbours are counted to estimate the edge count. */
    static final int ESTIMATE_SAMPLE = 1000;

    private RadiusEdges() {
    }

    /**
     * Edges within {@code radius} between the rows of {@code input}, partitioned by block pair
     * ({@link BlockPairs#all}), cached in {@code input}'s scope.
     */
    public static JavaRDD<Edge> find(SearchInput input, double radius, boolean selfLoops) {
        RowEmbedding embedding = input.embedding();
        return input.caches().persist(BlockPairs.all(input.blocks(), input.layout())
                .mapPartitions(pairs -> {
                    List<Edge> edges = new ArrayList<>();
                    while (pairs.hasNext()) {
                        Tuple2<RowBlock, RowBlock> pair = pairs.next();
                        if (embedding.sparse()) {
                            collect(pair, block -> SparsePoints.of(block, embedding), radius, edges);
                        } else {
                            collect(pair, block -> WorkingBlock.of(block, embedding), radius, edges);
                        }
                        if (pair._1().index() == pair._2().index() && selfLoops) {
                            for (int i = 0; i < pair._1().size(); i++) {
                                edges.add(Edge.selfLoop(pair._1().firstRow() + i));
                            }
                        }
                    }
                    return edges.iterator();
                }));
    }

    /** Adds the edges within {@code radius} between the two blocks of {@code pair}, measured as {@code points} builds them. */
    private static <B extends BlockPoints<B>> void collect(Tuple2<RowBlock, RowBlock> pair, Function<RowBlock, B> points,
                                                           double radius, List<Edge> edges) {
        B left = points.apply(pair._1());
        B right = pair._1().index() == pair._2().index() ? left : points.apply(pair._2());
        double limit = radius * radius;
        left.distances(right, (j, from, to, squared, offset) -> {
            for (int i = from; i < to; i++) {
                if (squared[offset + i - from] <= limit + left.estimateSlack(i, right, j)) {
                    double exactSquared = left.squaredDistance(i, right, j);
                    double distance = Math.sqrt(exactSquared);
                    if (distance <= radius) {
                        edges.add(new Edge(left.ids()[i], right.ids()[j], distance, left.cosine(i, right, j, exactSquared)));
                    }
                }
            }
        });
    }

    /**
     * The number of edges {@code radius} would give, from the neighbours within it of about
     * {@value #ESTIMATE_SAMPLE} rows (chosen by a seeded hash of their ids; all rows when there are
     * fewer, which makes the count exact): {@code (m / s) sum_i deg(i) / 2}. One pass over the
     * blocks; O(s d) on the driver. The sample is broadcast through {@code input}'s scope and
     * destroyed once the pass is done (on failure, when the scope closes).
     */
    public static double estimateEdges(SearchInput input, double radius, long seed) {
        JavaRDD<RowBlock> blocks = input.blocks();
        RowEmbedding embedding = input.embedding();
        long numRows = input.layout().numRows();
        double fraction = Math.min(1.0, (double) ESTIMATE_SAMPLE / numRows);
        List<Tuple2<Long, Vector>> drawn = blocks
                .flatMap(block -> {
                    List<Tuple2<Long, Vector>> rows = new ArrayList<>();
                    for (int i = 0; i < block.size(); i++) {
                        long id = block.firstRow() + i;
                        if (fraction == 1.0 || RowHash.uniform(seed, id, RowHash.EDGE_ESTIMATE, 0) < fraction) {
                            rows.add(new Tuple2<>(id, block.row(i)));
                        }
                    }
                    return rows.iterator();
                })
                .collect();
        if (drawn.isEmpty()) {
            return 0.0;
        }
        long[] ids = drawn.stream().mapToLong(Tuple2::_1).toArray();
        Vector[] vectors = drawn.stream().map(Tuple2::_2).toArray(Vector[]::new);
        Broadcast<Tuple2<long[], Vector[]>> sample = input.caches().broadcast(JavaSparkContext.fromSparkContext(blocks.context()),
                new Tuple2<>(ids, vectors));
        double limit = radius * radius;
        long withinRadius = blocks.map(block -> embedding.sparse()
                ? countWithin(SparsePoints.of(sample.value()._1(), sample.value()._2(), embedding), SparsePoints.of(block, embedding), limit)
                : countWithin(WorkingBlock.of(sample.value()._1(), sample.value()._2(), embedding), WorkingBlock.of(block, embedding), limit))
                .reduce(Long::sum);
        input.caches().release(sample);
        return (double) numRows / ids.length * withinRadius / 2.0;
    }

    /** Pairs of a sampled row and another row of {@code rows} whose squared distance, as the scan computes it, is at most {@code limit}. */
    private static <B extends BlockPoints<B>> long countWithin(B sampled, B rows, double limit) {
        long[] count = new long[1];
        sampled.distances(rows, (j, from, to, squared, offset) -> {
            for (int i = from; i < to; i++) {
                if (squared[offset + i - from] <= limit && sampled.ids()[i] != rows.ids()[j]) {
                    count[0]++;
                }
            }
        });
        return count[0];
    }
}
