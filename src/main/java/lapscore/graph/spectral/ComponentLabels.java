package lapscore.graph.spectral;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

import lapscore.data.CacheScope;
import lapscore.data.blocks.BlockLayout;
import lapscore.data.blocks.BlockPairs;
import lapscore.graph.WeightedGraph;
import lapscore.graph.edges.Edge;
import lapscore.graph.edges.EdgeWeighting;
import org.apache.spark.HashPartitioner;
import org.apache.spark.api.java.JavaRDD;

import scala.Tuple2;

/**
 * The connected components of a graph's edges of positive weight (the rows joined by a path of
 * {@code S_ij > 0}), each row labelled by the smallest row id of its component: a label that
 * depends only on the graph, never on the partitioning, the rows' order within the edges or the
 * order of any sum. A label is held as a double in a one-column {@link BlockColumns}, laid out by
 * the graph's blocks like the vectors it masks; row ids below 2^53 are exact there.
 *
 * <p>Two ways to the same labels:
 * <ul>
 *   <li>in one task ({@link #inTask}), a union-find over every edge ({@link LabelForest});</li>
 *   <li>distributed ({@link #distributed}), label propagation by block pair: every round, the task
 *       of block pair (a, b) joins the rows of blocks a and b along its edges with a union-find
 *       keyed by their current labels, and sends the rows whose label its sets lower to their
 *       blocks, which keep the smallest. A round is one Spark job (one shuffle of the lowered
 *       labels only); the labels are final when a round lowers none, after at most one round more
 *       than the largest number of block pairs a shortest path between two rows of a component
 *       crosses (two rounds when the graph is one block).</li>
 * </ul>
 */
final class ComponentLabels {

    private ComponentLabels() {
    }

    /** Every row's label from the edges of every block pair ({@code edgesByPair}, by pair number), in this task. */
    static List<BlockColumns> inTask(BlockLayout layout, EdgeWeighting weighting, List<List<Edge>> edgesByPair) {
        long[] ids = new long[Math.toIntExact(layout.numRows())];
        Arrays.setAll(ids, i -> i);
        LabelForest forest = new LabelForest(ids);
        for (List<Edge> edges : edgesByPair) {
            for (Edge edge : edges) {
                if (weighting.weight(edge) > 0.0) {
                    forest.union((int) edge.src(), (int) edge.dst());
                }
            }
        }
        List<BlockColumns> labels = new ArrayList<>(layout.numBlocks());
        for (int block = 0; block < layout.numBlocks(); block++) {
            long firstRow = layout.firstRow(block);
            double[] values = new double[layout.rowsIn(block)];
            for (int i = 0; i < values.length; i++) {
                values[i] = forest.label((int) (firstRow + i));
            }
            labels.add(new BlockColumns(block, firstRow, new double[][]{values}));
        }
        return labels;
    }

    /** Every row's label by label propagation over {@code graph}'s block pairs, the rounds' labels kept in {@code caches}. */
    static JavaRDD<BlockColumns> distributed(WeightedGraph graph, CacheScope caches) {
        BlockLayout layout = graph.layout();
        EdgeWeighting weighting = graph.weighting();
        int numBlocks = layout.numBlocks();
        JavaRDD<BlockColumns> labels = caches.persistAndForgetLineage(graph.blocks().map(block -> {
            double[] ids = new double[block.size()];
            Arrays.setAll(ids, i -> block.firstRow() + i);
            return new BlockColumns(block.index(), block.firstRow(), new double[][]{ids});
        }));
        while (true) {
            JavaRDD<Tuple2<Integer, Lowered>> lowered = BlockPairs.all(labels, layout)
                    .zipPartitions(graph.edgesByBlockPair(), (pairs, edges) -> {
                        List<Tuple2<Integer, Lowered>> sent = new ArrayList<>(2);
                        while (pairs.hasNext()) {
                            Tuple2<BlockColumns, BlockColumns> pair = pairs.next();
                            joinPair(pair._1(), pair._2(), edges, weighting, sent);
                        }
                        return sent.iterator();
                    });
            JavaRDD<BlockColumns> next = caches.persistAndForgetLineage(labels.zipPartitions(
                    lowered.mapToPair(part -> part).groupByKey(new HashPartitioner(numBlocks)).values(),
                    (own, parts) -> List.of(lowest(own.next(), parts)).iterator()));
            long changed = labels.zipPartitions(next, (before, after) -> List.of(changes(before.next(), after.next()))
                    .iterator()).reduce(Long::sum);
            caches.release(labels);
            labels = next;
            if (changed == 0) {
                return labels;
            }
        }
    }

    /**
     * Pair (low, high)'s rows joined along its edges of positive weight, keyed by their current
     * labels: a {@link Lowered} part for every block where a set lowers some row's label.
     */
    private static void joinPair(BlockColumns low, BlockColumns high, Iterator<Edge> edges, EdgeWeighting weighting,
                                 List<Tuple2<Integer, Lowered>> sent) {
        boolean diagonal = low.block() == high.block();
        int offset = diagonal ? 0 : low.rows();
        long[] current = new long[offset + high.rows()];
        for (int i = 0; i < low.rows(); i++) {
            current[i] = (long) low.get(i, 0);
        }
        for (int i = 0; i < high.rows(); i++) {
            current[offset + i] = (long) high.get(i, 0);
        }
        LabelForest forest = new LabelForest(current.clone());
        while (edges.hasNext()) {
            Edge edge = edges.next();
            if (weighting.weight(edge) > 0.0) {
                forest.union((int) (edge.src() - low.firstRow()), offset + (int) (edge.dst() - high.firstRow()));
            }
        }
        Lowered.add(sent, low.block(), forest, current, 0, low.rows());
        if (!diagonal) {
            Lowered.add(sent, high.block(), forest, current, offset, high.rows());
        }
    }

    /** {@code own}'s labels, each the smallest of its own and of what the pairs lowered it to. */
    private static BlockColumns lowest(BlockColumns own, Iterator<Iterable<Lowered>> parts) {
        double[] values = own.column(0).clone();
        parts.forEachRemaining(group -> group.forEach(part -> {
            for (int k = 0; k < part.rows.length; k++) {
                values[part.rows[k]] = Math.min(values[part.rows[k]], part.labels[k]);
            }
        }));
        return new BlockColumns(own.block(), own.firstRow(), new double[][]{values});
    }

    private static long changes(BlockColumns before, BlockColumns after) {
        long count = 0;
        for (int i = 0; i < before.rows(); i++) {
            count += before.get(i, 0) != after.get(i, 0) ? 1 : 0;
        }
        return count;
    }

    /**
     * The rows of one block whose label a pair lowered, and their new labels. A class, not a
     * record: Spark's bundled Kryo cannot serialise records.
     */
    private static final class Lowered implements Serializable {
        private final int[] rows;
        private final double[] labels;

        private Lowered(int[] rows, double[] labels) {
            this.rows = rows;
            this.labels = labels;
        }

        /** The part of the block whose {@code count} rows sit from {@code offset} in the forest, if a label was lowered. */
        static void add(List<Tuple2<Integer, Lowered>> sent, int block, LabelForest forest, long[] current, int offset,
                        int count) {
            int[] rows = new int[count];
            double[] labels = new double[count];
            int lowered = 0;
            for (int i = 0; i < count; i++) {
                long label = forest.label(offset + i);
                if (label < current[offset + i]) {
                    rows[lowered] = i;
                    labels[lowered] = label;
                    lowered++;
                }
            }
            if (lowered > 0) {
                sent.add(new Tuple2<>(block, new Lowered(Arrays.copyOf(rows, lowered), Arrays.copyOf(labels, lowered))));
            }
        }
    }

    /**
     * How many components the labels name (the rows whose label is their own id) and the smallest
     * {@code wanted} labels, ascending: the first components in the order of their smallest row id.
     * Counts and sets, so the same whatever the order the blocks' shares are merged in. A class,
     * not a record: Spark's bundled Kryo cannot serialise records.
     */
    static final class Roots implements Serializable {
        private final long count;
        private final long[] smallest;

        private Roots(long count, long[] smallest) {
            this.count = count;
            this.smallest = smallest;
        }

        /** The roots in one block of labels, at most {@code wanted} of them kept. */
        static Roots of(BlockColumns labels, int wanted) {
            long count = 0;
            long[] smallest = new long[wanted];
            for (int i = 0; i < labels.rows(); i++) {
                long id = labels.firstRow() + i;
                if ((long) labels.get(i, 0) == id) {
                    if (count < wanted) {
                        smallest[(int) count] = id;
                    }
                    count++;
                }
            }
            return new Roots(count, Arrays.copyOf(smallest, (int) Math.min(count, wanted)));
        }

        /** These and {@code other}'s roots (of other blocks), at most as many kept as either keeps. */
        Roots merged(Roots other, int wanted) {
            long[] both = new long[smallest.length + other.smallest.length];
            System.arraycopy(smallest, 0, both, 0, smallest.length);
            System.arraycopy(other.smallest, 0, both, smallest.length, other.smallest.length);
            Arrays.sort(both);
            return new Roots(count + other.count, Arrays.copyOf(both, Math.min(both.length, wanted)));
        }

        /** The number of components. */
        long count() {
            return count;
        }

        /** The smallest labels kept, ascending. */
        long[] smallest() {
            return smallest.clone();
        }
    }
}
