package lapscore.graph.spectral;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;

import lapscore.data.blocks.BlockLayout;
import lapscore.data.blocks.BlockPairs;
import lapscore.graph.WeightedGraph;
import lapscore.graph.edges.Edge;
import lapscore.graph.edges.EdgeWeighting;
import org.apache.spark.HashPartitioner;
import org.apache.spark.api.java.JavaRDD;

import scala.Tuple2;

/**
 * The product {@code S X} of a graph's sparse weight matrix S with a distributed matrix X of a few
 * columns, in one pass over the edges: the task of block pair (a, b) reads the two blocks of X
 * (the pairs of {@link BlockPairs#all}, lined up with {@link WeightedGraph#edgesByBlockPair()}),
 * and for each edge {u, v} of weight w adds {@code w x_v} to row u and {@code w x_u} to row v (a
 * self-loop adds {@code w x_u} to u once, as it adds w to u's degree once). Each pair sends what
 * it added to the rows it touched to their blocks, and a block sums its parts in pair order, so
 * the result is the same to the last bit whatever the task order or retries. The shuffle carries
 * O(edges x columns) numbers, not O(pairs x rows).
 */
final class WeightProduct {

    private WeightProduct() {
    }

    /**
     * {@code S x} for {@code x} of {@code numColumns} columns, laid out by {@code graph}'s blocks
     * (partition i holding block i).
     */
    static JavaRDD<BlockColumns> of(WeightedGraph graph, JavaRDD<BlockColumns> x, int numColumns) {
        BlockLayout layout = graph.layout();
        EdgeWeighting weighting = graph.weighting();
        JavaRDD<Tuple2<Integer, PairPart>> parts = BlockPairs.all(x, layout)
                .zipPartitions(graph.edgesByBlockPair(), (pairs, edges) -> {
                    List<Tuple2<Integer, PairPart>> sent = new ArrayList<>(2);
                    while (pairs.hasNext()) {
                        Tuple2<BlockColumns, BlockColumns> pair = pairs.next();
                        addPair(pair._1(), pair._2(), edges, weighting, layout, sent);
                    }
                    return sent.iterator();
                });
        int numBlocks = layout.numBlocks();
        return parts.mapToPair(part -> part)
                .groupByKey(new HashPartitioner(numBlocks))
                .mapPartitionsWithIndex((block, grouped) -> {
                    List<PairPart> blockParts = new ArrayList<>();
                    grouped.forEachRemaining(group -> group._2().forEach(blockParts::add));
                    return List.of(sum(block, blockParts, layout, numColumns)).iterator();
                }, true);
    }

    /**
     * {@code S x} in one task: {@code x} one {@link BlockColumns} per block (position i holding
     * block i), {@code edgesByPair} the edges of every block pair by pair number. The same parts
     * as {@link #of}, summed in the same order, so the same result to the last bit.
     */
    static List<BlockColumns> inTask(BlockLayout layout, EdgeWeighting weighting, List<List<Edge>> edgesByPair,
                                     List<BlockColumns> x, int numColumns) {
        int numBlocks = layout.numBlocks();
        List<List<PairPart>> partsByBlock = new ArrayList<>(numBlocks);
        for (int block = 0; block < numBlocks; block++) {
            partsByBlock.add(new ArrayList<>());
        }
        List<Tuple2<Integer, PairPart>> sent = new ArrayList<>(2);
        for (int a = 0; a < numBlocks; a++) {
            for (int b = a; b < numBlocks; b++) {
                sent.clear();
                addPair(x.get(a), x.get(b), edgesByPair.get(layout.pairIndex(a, b)).iterator(), weighting, layout, sent);
                sent.forEach(part -> partsByBlock.get(part._1()).add(part._2()));
            }
        }
        List<BlockColumns> product = new ArrayList<>(numBlocks);
        for (int block = 0; block < numBlocks; block++) {
            product.add(sum(block, partsByBlock.get(block), layout, numColumns));
        }
        return product;
    }

    /** The parts of pair (low, high): one per block that an edge touches, only for the rows touched. */
    private static void addPair(BlockColumns low, BlockColumns high, Iterator<Edge> edges, EdgeWeighting weighting,
                                BlockLayout layout, List<Tuple2<Integer, PairPart>> sent) {
        boolean diagonal = low.block() == high.block();
        double[][] lowSums = new double[low.numColumns()][low.rows()];
        double[][] highSums = diagonal ? lowSums : new double[high.numColumns()][high.rows()];
        boolean[] lowTouched = new boolean[low.rows()];
        boolean[] highTouched = diagonal ? lowTouched : new boolean[high.rows()];
        boolean any = false;
        while (edges.hasNext()) {
            Edge edge = edges.next();
            double weight = weighting.weight(edge);
            int u = (int) (edge.src() - low.firstRow());
            int v = (int) (edge.dst() - high.firstRow());
            any = true;
            lowTouched[u] = true;
            highTouched[v] = true;
            for (int c = 0; c < lowSums.length; c++) {
                lowSums[c][u] += weight * high.get(v, c);
                if (!edge.isSelfLoop()) {
                    highSums[c][v] += weight * low.get(u, c);
                }
            }
        }
        if (any) {
            int pair = layout.pairIndex(low.block(), high.block());
            sent.add(new Tuple2<>(low.block(), PairPart.of(pair, lowSums, lowTouched)));
            if (!diagonal) {
                sent.add(new Tuple2<>(high.block(), PairPart.of(pair, highSums, highTouched)));
            }
        }
    }

    /** Block {@code block}'s rows of the product: its parts added in pair order (zero where no edge reaches). */
    private static BlockColumns sum(int block, List<PairPart> parts, BlockLayout layout, int numColumns) {
        BlockColumns total = BlockColumns.zeros(block, layout.firstRow(block), layout.rowsIn(block), numColumns);
        parts.sort(Comparator.comparingInt(PairPart::pair));
        for (PairPart part : parts) {
            for (int c = 0; c < numColumns; c++) {
                double[] target = total.column(c);
                double[] values = part.values[c];
                for (int k = 0; k < part.rows.length; k++) {
                    target[part.rows[k]] += values[k];
                }
            }
        }
        return total;
    }

    /**
     * What one block pair added to the rows of one block it touched: their positions and sums. A
     * class, not a record: Spark's bundled Kryo cannot serialise records.
     */
    static final class PairPart implements Serializable {
        private final int pair;
        private final int[] rows;
        private final double[][] values;

        private PairPart(int pair, int[] rows, double[][] values) {
            this.pair = pair;
            this.rows = rows;
            this.values = values;
        }

        int pair() {
            return pair;
        }

        static PairPart of(int pair, double[][] sums, boolean[] touched) {
            int count = 0;
            for (boolean t : touched) {
                count += t ? 1 : 0;
            }
            int[] rows = new int[count];
            double[][] values = new double[sums.length][count];
            int k = 0;
            for (int i = 0; i < touched.length; i++) {
                if (touched[i]) {
                    rows[k] = i;
                    for (int c = 0; c < sums.length; c++) {
                        values[c][k] = sums[c][i];
                    }
                    k++;
                }
            }
            return new PairPart(pair, rows, values);
        }
    }
}
