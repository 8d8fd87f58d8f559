package lapscore.graph.search;

import java.io.Serializable;

import lapscore.data.CacheScope;
import lapscore.graph.kernel.CandidateHeaps;
import org.apache.spark.Partition;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.rdd.RDD;
import org.apache.spark.storage.StorageLevel;

import scala.collection.Iterator;

/**
 * The ceilings of the lists that a search's steps before have left
 * ({@link NeighbourLists#entryCeilingsSquared}), one array per block (8 bytes a row), cached beside
 * the lists and made in the job that caches them ({@link SearchSteps#runAndMerge}), so that a later
 * step reads these, not the lists, which may be on disk. A later step offers a row only what can
 * still enter its list ({@link CandidateHeaps#limitTo}): a tree's leaves take each row's ceiling
 * with it ({@link #byBlock}), and a task of the exact join, which holds two blocks, reads their
 * ceilings in place ({@link #limit}), the way Spark's cartesian product reads the partitions of its
 * parents. The lists that result are the same.
 */
public final class ListCeilings implements Serializable {

    /** No ceilings: the first step, whose rows have no lists yet. */
    public static final ListCeilings NONE = new ListCeilings(null);

    /** Partition i holds block i's ceilings, or nothing when the block has no lists; null for {@link #NONE}. */
    private final transient JavaRDD<double[]> byBlock;
    private final RDD<double[]> ceilings;
    private final Partition[] partitions;

    private ListCeilings(JavaRDD<double[]> byBlock) {
        this.byBlock = byBlock;
        this.ceilings = byBlock == null ? null : byBlock.rdd();
        this.partitions = byBlock == null ? null : ceilings.partitions();
    }

    /**
     * The ceilings of {@code lists} (partition i holding block i's), cached in {@code caches} but
     * not yet computed: counting them computes, and caches, the lists as well.
     */
    static ListCeilings of(CacheScope caches, JavaPairRDD<Long, NeighbourLists> lists) {
        return new ListCeilings(caches.persistAndForgetLineages(lists.context(),
                () -> lists.values().map(NeighbourLists::entryCeilingsSquared), StorageLevel.MEMORY_AND_DISK()));
    }

    /**
     * Computes and caches the ceilings and the lists they come from, both of which then forget their
     * lineage ({@link CacheScope#persistAndForgetLineages}); the number of blocks with lists.
     */
    long count() {
        return byBlock == null ? 0 : byBlock.count();
    }

    /** Releases the cached ceilings from {@code caches}. */
    void release(CacheScope caches) {
        if (byBlock != null) {
            caches.release(byBlock);
        }
    }

    /**
     * The ceilings by block, partition i holding block i's array (nothing for a block without
     * lists), to zip with the blocks; null for the first step.
     */
    public JavaRDD<double[]> byBlock() {
        return byBlock;
    }

    /**
     * Limits the heap of every row of block {@code block} in {@code heaps} (its rows in order) to the
     * ceiling of the row's list; leaves them as they are where the block has no lists yet. Runs in a
     * task.
     */
    void limit(CandidateHeaps heaps, int block) {
        if (ceilings == null) {
            return;
        }
        Iterator<double[]> own = ceilings.iterator(partitions[block], TaskContext.get());
        if (!own.hasNext()) {
            return;
        }
        double[] rows = own.next();
        for (int row = 0; row < rows.length; row++) {
            heaps.limitTo(row, rows[row]);
        }
    }
}
