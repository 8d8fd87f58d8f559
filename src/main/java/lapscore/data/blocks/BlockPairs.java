package lapscore.data.blocks;

import java.io.Serializable;

import org.apache.spark.Partitioner;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.rdd.PartitionPruningRDD;
import org.apache.spark.rdd.RDD;

import scala.Tuple2;
import scala.reflect.ClassTag$;
import scala.reflect.ClassTag;
import scala.runtime.AbstractFunction1;

/**
 * The unordered block pairs {a &lt;= b} as an RDD whose partition t holds pair number t
 * ({@link BlockLayout#pairIndex}). It is the cartesian product of the cached blocks with
 * themselves, pruned to the wanted pairs before any task runs, so a task reads exactly its two
 * blocks and no block is shuffled.
 */
public final class BlockPairs {

    private BlockPairs() {
    }

    /**
     * Pairs number {@code from} (inclusive) to {@code to} (exclusive) of {@code blocks}, whose
     * partition i holds block i: the rows, or anything else laid out by the same blocks.
     */
    public static <T> JavaRDD<Tuple2<T, T>> range(JavaRDD<T> blocks, BlockLayout layout, int from, int to) {
        RDD<Tuple2<T, T>> product = blocks.cartesian(blocks).rdd();
        RDD<Tuple2<T, T>> pruned = PartitionPruningRDD.create(product, new PairRange(layout, from, to));
        ClassTag<Tuple2<T, T>> tag = ClassTag$.MODULE$.apply(Tuple2.class);
        return new JavaRDD<>(pruned, tag);
    }

    /** All B(B+1)/2 pairs. */
    public static <T> JavaRDD<Tuple2<T, T>> all(JavaRDD<T> blocks, BlockLayout layout) {
        return range(blocks, layout, 0, layout.numPairs());
    }

    /**
     * Keeps partition {@code a * B + b} of the cartesian product (Spark numbers them so) when
     * {@code a <= b} and its pair number lies in [from, to). Kept partitions stay in index order,
     * which is pair order.
     */
    private static final class PairRange extends AbstractFunction1<Object, Object> implements Serializable {
        private final BlockLayout layout;
        private final int from;
        private final int to;

        PairRange(BlockLayout layout, int from, int to) {
            this.layout = layout;
            this.from = from;
            this.to = to;
        }

        @Override
        public Object apply(Object partition) {
            int index = (Integer) partition;
            int a = index / layout.numBlocks();
            int b = index % layout.numBlocks();
            if (a > b) {
                return false;
            }
            int pair = layout.pairIndex(a, b);
            return pair >= from && pair < to;
        }
    }

    /**
     * Sends a record keyed by block pair number t ({@link BlockLayout#pairIndex}) to partition t, so
     * that edge partition t lines up with partition t of {@link #all}.
     */
    public static final class EdgePartitioner extends Partitioner {
        private final BlockLayout layout;

        public EdgePartitioner(BlockLayout layout) {
            this.layout = layout;
        }

        @Override
        public int numPartitions() {
            return layout.numPairs();
        }

        @Override
        public int getPartition(Object key) {
            return (Integer) key;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof EdgePartitioner o && o.layout.equals(layout);
        }

        @Override
        public int hashCode() {
            return layout.hashCode();
        }
    }
}
