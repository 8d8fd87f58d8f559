package lapscore.graph;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import lapscore.data.blocks.BlockLayout;
import lapscore.graph.edges.Edge;
import lapscore.graph.edges.EdgeWeighting;
import org.apache.spark.api.java.JavaRDD;

import scala.Tuple2;

/**
 * What the edges of positive weight say about the rows: how many have one ({@code D_ii > 0}; the
 * others are isolated), and how many of those are joined to exact copies of themselves only (every
 * edge but a self-loop at distance 0). A row of the second kind adds {@code S_ij (f_i - f_j)^2 = 0}
 * to every feature's {@code f^T L f} (He, Cai and Niyogi, "Laplacian Score for Feature Selection",
 * NIPS 2005, eq. 1) and its weight to the denominators: when every row with an edge is such, every
 * score is 0 whatever the features, as with a table whose rows are each repeated more than k times.
 *
 * <p>One pass: each task marks the endpoints of its edges in three bit masks per block of the
 * layout (an edge of positive weight; one that is not a self-loop; one of those at a positive
 * distance), the masks of a block are joined in one shuffle of a few KiB per block, and their bits
 * counted (far less to shuffle than the ids of all endpoints).
 *
 * @param withWeight rows with at least one edge of positive weight
 * @param onlyCopies rows whose edges of positive weight, self-loops aside, are all at distance 0, and
 *                   which have at least one such edge
 */
public record RowsWithWeight(long withWeight, long onlyCopies) {

    private static final int ANY = 0;
    private static final int JOINED = 1;
    private static final int APART = 2;

    /** Counts the rows that the edges of positive weight under {@code weighting} reach, in the blocks of {@code layout}. */
    public static RowsWithWeight of(JavaRDD<Edge> edges, EdgeWeighting weighting, BlockLayout layout) {
        long[] counts = edges
                .mapPartitionsToPair(part -> {
                    Map<Integer, long[]> masks = new TreeMap<>();
                    part.forEachRemaining(edge -> {
                        if (weighting.weight(edge) > 0.0) {
                            mark(masks, layout, edge.src(), ANY);
                            mark(masks, layout, edge.dst(), ANY);
                            if (!edge.isSelfLoop()) {
                                mark(masks, layout, edge.src(), JOINED);
                                mark(masks, layout, edge.dst(), JOINED);
                            }
                            if (!edge.isSelfLoop() && edge.distance() > 0.0) {
                                mark(masks, layout, edge.src(), APART);
                                mark(masks, layout, edge.dst(), APART);
                            }
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
                .map(mask -> count(mask._2()))
                .fold(new long[2], (a, b) -> new long[]{a[0] + b[0], a[1] + b[1]});
        return new RowsWithWeight(counts[0], counts[1]);
    }

    /** The two counts of one block's three masks, each a third of {@code masks}. */
    private static long[] count(long[] masks) {
        int words = masks.length / 3;
        long[] counts = new long[2];
        for (int w = 0; w < words; w++) {
            counts[0] += Long.bitCount(masks[ANY * words + w]);
            counts[1] += Long.bitCount(masks[JOINED * words + w] & ~masks[APART * words + w]);
        }
        return counts;
    }

    /** Sets the bit of row {@code id} in mask {@code kind} of its block. */
    private static void mark(Map<Integer, long[]> masks, BlockLayout layout, long id, int kind) {
        int block = layout.blockOf(id);
        int row = (int) (id - layout.firstRow(block));
        int words = (layout.rowsIn(block) + 63) / 64;
        masks.computeIfAbsent(block, b -> new long[3 * words])[kind * words + (row >>> 6)] |= 1L << row;
    }
}
