/**
 * Stage 0 of the pipeline: rows get stable ids in input order, are checked in one pass
 * ({@link io.github.lapscore.data.RowSummary}) and are cut into blocks of consecutive ids
 * ({@link io.github.lapscore.data.RowBlock}) that the graph and scoring stages join pairwise.
 */
package io.github.lapscore.data;
