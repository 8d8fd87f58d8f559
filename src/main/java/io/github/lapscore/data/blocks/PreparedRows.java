package io.github.lapscore.data.blocks;

import io.github.lapscore.data.DataScale;
import io.github.lapscore.data.IndexedRows;
import io.github.lapscore.data.RowSummary;
import io.github.lapscore.progress.Stage;
import io.github.lapscore.progress.StageTimer;
import io.github.lapscore.progress.StepNames;
import org.apache.spark.api.java.JavaRDD;

/**
 * Checked rows laid out for the scores: cut into the blocks of a {@link BlockLayout} (partition i
 * holding block i, cached), multiplied by the {@link DataScale} of their summary, with the feature
 * centres, which every later step shifts by. Building it releases the {@link IndexedRows}, also when
 * it fails (a layout refused, a failed job); {@link #release()} drops the blocks.
 *
 * @param layout  how rows are cut into blocks
 * @param blocks  the rows, one block per partition, cached
 * @param centres plain means and unit-length means of the features
 * @param summary the checked summary of the rows (before scaling)
 */
public record PreparedRows(BlockLayout layout, JavaRDD<RowBlock> blocks, FeatureCentres centres, RowSummary summary) {

    /**
     * Cuts {@code rows} into blocks of {@code requestedRowsPerBlock} rows (0 chooses, at most
     * {@code maxRowsPerBlock}) and computes the centres, under {@code stage} of {@code timer}.
     */
    public static PreparedRows of(IndexedRows rows, RowSummary summary, int requestedRowsPerBlock, int maxRowsPerBlock,
                                  StageTimer timer, String stage) {
        BlockLayout layout;
        try {
            layout = BlockLayout.choose(summary.count(), summary.numFeatures(), rows.rows().context().defaultParallelism(),
                    requestedRowsPerBlock, maxRowsPerBlock);
        } catch (Throwable refused) {
            rows.release();
            throw refused;
        }
        JavaRDD<RowBlock> blocks = RowBlock.build(rows, layout, summary.scale());
        try {
            timer.run(stage, StepNames.CUTTING + " " + summary.count() + " rows into " + layout.numBlocks() + " blocks", blocks::count);
        } catch (Throwable failed) {
            blocks.unpersist(false);
            throw failed;
        } finally {
            rows.release();
        }
        try {
            FeatureCentres centres = timer.run(stage, StepNames.FEATURE_MEANS,
                    () -> FeatureCentres.of(blocks, summary.numFeatures(), summary.count()));
            return new PreparedRows(layout, blocks, centres, summary);
        } catch (Throwable failed) {
            blocks.unpersist(false);
            throw failed;
        }
    }

    /** The power of two the blocks were multiplied by. */
    public DataScale scale() {
        return summary.scale();
    }

    /** Drops the cached blocks. */
    public void release() {
        blocks.unpersist(false);
    }
}
