/**
 * The checked rows laid out for the distributed joins: blocks of consecutive ids
 * ({@link lapscore.data.blocks.RowBlock}, partition i holding block i), their layout and
 * pairs, the feature centres summed block by block, the rows shipped to the blocks that need them
 * ({@link lapscore.data.blocks.RowGather}), and partial sums merged in block order so
 * that no result depends on the partitioning ({@link lapscore.data.blocks.OrderedReduce}).
 */
package lapscore.data.blocks;
