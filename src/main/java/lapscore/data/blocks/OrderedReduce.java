package lapscore.data.blocks;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;

import org.apache.spark.HashPartitioner;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;

import scala.Tuple2;

/**
 * Merges per-partition partial results (per-block sums, per-block-pair moments) in partition order,
 * in a tree of fan-in {@value #FAN_IN}: each level merges groups of consecutive partials in one
 * shuffle, and the driver merges the last few. The floating-point result is therefore the same to
 * the last bit on every run, whatever the task order or retries, unlike {@code treeReduce}, whose
 * merges follow task completion; and the driver holds at most {@value #FAN_IN} partials, not one
 * per partition.
 */
public final class OrderedReduce {

    /** Partials merged per group. */
    static final int FAN_IN = 16;

    private OrderedReduce() {
    }

    /** How two partials become one (it may update and return its first argument). */
    @FunctionalInterface
    public interface Merge<T> extends Serializable {
        T apply(T first, T second);
    }

    /** The partials of {@code partials} (any number per partition) merged with {@code merge} in partition order. */
    public static <T extends Serializable> T reduce(JavaRDD<T> partials, Merge<T> merge) {
        JavaPairRDD<Integer, T> level = partials
                .mapPartitionsWithIndex((index, parts) -> mergedInOrder(index, parts, merge), false)
                .mapToPair(part -> part);
        int count = partials.getNumPartitions();
        while (count > FAN_IN) {
            int groups = (count + FAN_IN - 1) / FAN_IN;
            level = level
                    .mapToPair(part -> new Tuple2<>(part._1() / FAN_IN, part))
                    .groupByKey(new HashPartitioner(groups))
                    .mapToPair(group -> new Tuple2<>(group._1(), mergeSorted(group._2(), merge)));
            count = groups;
        }
        return mergeSorted(level.collect(), merge);
    }

    /**
     * The partials of {@code partials}, one per position, merged as {@link #reduce(JavaRDD, Merge)}
     * merges an RDD with one per partition: in the same tree of groups, so that the two give the same
     * result to the last bit. For the work of one task that could also have been spread over many.
     */
    public static <T> T reduce(List<T> partials, Merge<T> merge) {
        List<Tuple2<Integer, T>> level = new ArrayList<>(partials.size());
        for (int i = 0; i < partials.size(); i++) {
            level.add(new Tuple2<>(i, partials.get(i)));
        }
        int count = partials.size();
        while (count > FAN_IN) {
            int groups = (count + FAN_IN - 1) / FAN_IN;
            List<Tuple2<Integer, T>> next = new ArrayList<>(groups);
            for (int group = 0; group < groups; group++) {
                int from = group * FAN_IN;
                next.add(new Tuple2<>(group, mergeSorted(level.subList(from, Math.min(count, from + FAN_IN)), merge)));
            }
            level = next;
            count = groups;
        }
        return mergeSorted(level, merge);
    }

    private static <T> Iterator<Tuple2<Integer, T>> mergedInOrder(int index, Iterator<T> parts, Merge<T> merge) {
        List<Tuple2<Integer, T>> merged = new ArrayList<>(1);
        T total = null;
        while (parts.hasNext()) {
            T part = parts.next();
            total = total == null ? part : merge.apply(total, part);
        }
        if (total != null) {
            merged.add(new Tuple2<>(index, total));
        }
        return merged.iterator();
    }

    /** Merges {@code (position, partial)} pairs in ascending position. */
    private static <T> T mergeSorted(Iterable<Tuple2<Integer, T>> parts, Merge<T> merge) {
        List<Tuple2<Integer, T>> sorted = new ArrayList<>();
        parts.forEach(sorted::add);
        sorted.sort(Comparator.comparingInt(Tuple2::_1));
        T total = null;
        for (Tuple2<Integer, T> part : sorted) {
            total = total == null ? part._2() : merge.apply(total, part._2());
        }
        if (total == null) {
            throw new IllegalStateException("nothing to merge");
        }
        return total;
    }
}
