package io.github.lapscore.graph.search;

import java.io.Serializable;

import io.github.lapscore.graph.kernel.CandidateHeaps;
import org.apache.spark.Partition;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.rdd.RDD;

import scala.collection.Iterator;

/**
 * The ceilings of the lists that a search's steps before have cached
 * ({@link NeighbourLists#entryCeilingsSquared}), read inside a later step's task from the cached
 * lists of any block, in place, the way Spark's cartesian product reads the partitions of its
 * parents: a task of the exact join, which holds two blocks, limits each of their rows' heaps to
 * what can still enter the row's list ({@link CandidateHeaps#limitTo}), so that later waves screen,
 * measure and ship far fewer candidates. The lists that result are the same.
 */
final class ListCeilings implements Serializable {

    /** The lists before, partition i holding block i's, or null before the first step. */
    private final RDD<NeighbourLists> lists;
    private final Partition[] partitions;

    private ListCeilings(RDD<NeighbourLists> lists) {
        this.lists = lists;
        this.partitions = lists == null ? null : lists.partitions();
    }

    /** The ceilings of {@code before} (cached, partition i holding block i), or none when null. */
    static ListCeilings of(JavaPairRDD<Long, NeighbourLists> before) {
        return new ListCeilings(before == null ? null : before.values().rdd());
    }

    /**
     * Limits the heap of every row of block {@code block} in {@code heaps} (its rows in order) to the
     * ceiling of the row's list; leaves them as they are where the block has no lists yet.
     */
    void limit(CandidateHeaps heaps, int block) {
        if (lists == null) {
            return;
        }
        Iterator<NeighbourLists> own = lists.iterator(partitions[block], TaskContext.get());
        if (!own.hasNext()) {
            return;
        }
        double[] ceilings = own.next().entryCeilingsSquared();
        for (int row = 0; row < ceilings.length; row++) {
            heaps.limitTo(row, ceilings[row]);
        }
    }
}
