package lapscore.data.blocks;

import lapscore.data.CacheScope;
import lapscore.data.numerics.DataScale;
import lapscore.data.IndexedRows;
import lapscore.data.RowSummary;
import lapscore.progress.StageTimer;
import lapscore.progress.StepNames;
import org.apache.spark.api.java.JavaRDD;

/**
 * Checked rows laid out for the scores: cut into the blocks of a {@link BlockLayout} (partition i
 * holding block i), multiplied by the {@link DataScale} of their summary, with the feature centres,
 * which every later step shifts by. The blocks are cached in the scope of the {@link IndexedRows}
 * they were cut from, which releases them when its work ends, succeeded or failed; the rows
 * themselves are released as soon as the blocks are counted.
 *
 * @param layout  how rows are cut into blocks
 * @param blocks  the rows, one block per partition, cached in {@code caches}
 * @param centres plain means and unit-length means of the features
 * @param summary the checked summary of the rows (before scaling)
 * @param caches  the scope holding the blocks, where what is computed from them is cached too
 * @param sparse  whether the rows are laid out as sparse (they hold few non-zero values): a block's
 *                memory then follows the values its rows store, and the exact searches measure
 *                them as sparse points
 */
public record PreparedRows(BlockLayout layout, JavaRDD<RowBlock> blocks, FeatureCentres centres, RowSummary summary,
                           CacheScope caches, boolean sparse) {

    /**
     * Cuts {@code rows} into blocks of {@code requestedRowsPerBlock} rows (0 chooses, at most
     * {@code maxRowsPerBlock}) and computes the centres in the same Spark job (the pass that sums
     * the blocks is the one that first computes and caches them), under {@code stage} of {@code timer}. The
     * chosen blocks hold a bounded number of values: the dimension per row for dense points, twice
     * the non-zero values per row for {@code sparse} ones (a sparse point keeps each by row and by
     * feature).
     */
    public static PreparedRows of(IndexedRows rows, RowSummary summary, int requestedRowsPerBlock, int maxRowsPerBlock,
                                  boolean sparse, StageTimer timer, String stage) {
        int valuesPerRow = sparse ? (int) Math.min(summary.numFeatures(), 2L * summary.nonZerosPerRow()) : summary.numFeatures();
        BlockLayout layout = BlockLayout.choose(summary.count(), valuesPerRow,
                rows.rows().context().defaultParallelism(), requestedRowsPerBlock, maxRowsPerBlock);
        JavaRDD<RowBlock> blocks = rows.caches().persist(RowBlock.cut(rows, layout, summary.scale()));
        FeatureCentres centres = timer.run(stage, StepNames.CUTTING + " " + summary.count() + " rows into " + layout.numBlocks()
                + " blocks, with the feature means", () -> FeatureCentres.of(blocks, summary.numFeatures(), summary.count()));
        rows.release();
        return new PreparedRows(layout, blocks, centres, summary, rows.caches(), sparse);
    }

    /** The power of two the blocks were multiplied by. */
    public DataScale scale() {
        return summary.scale();
    }
}
