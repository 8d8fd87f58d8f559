package lapscore.data.blocks;

import org.apache.spark.Partitioner;

/**
 * Sends a record keyed by a row id (a {@code Long}) to the partition of that row's block, so that
 * partition i of every block-keyed RDD holds block i.
 */
public final class BlockPartitioner extends Partitioner {

    private final BlockLayout layout;

    public BlockPartitioner(BlockLayout layout) {
        this.layout = layout;
    }

    @Override
    public int numPartitions() {
        return layout.numBlocks();
    }

    @Override
    public int getPartition(Object rowId) {
        return layout.blockOf((Long) rowId);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof BlockPartitioner o && o.layout.equals(layout);
    }

    @Override
    public int hashCode() {
        return layout.hashCode();
    }
}
