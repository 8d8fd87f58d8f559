/**
 * Stage 0 of the pipeline, the rows themselves: stable ids in input order with their labels
 * ({@link lapscore.data.IndexedRows}), one checking pass
 * ({@link lapscore.data.RowSummary}, which also says which rows {@code handleInvalid = skip}
 * drops), and the power of two that keeps squares of data near 1e±300 finite
 * ({@link lapscore.data.numerics.DataScale}). The rows are then cut into blocks
 * ({@link lapscore.data.blocks}). The rows a fit caches, and the blocks cut from them, are
 * owned by one {@link lapscore.data.CacheScope}, which releases them when the fit ends. What the
 * stages above share about the rows lives here too: the heap one task may fill with them
 * ({@link lapscore.data.TaskMemory}) and the salts of the random streams drawn over them
 * ({@link lapscore.data.RowHash}).
 */
package lapscore.data;
