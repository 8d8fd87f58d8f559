package lapscore.graph.search.approximate;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;

import lapscore.data.blocks.BlockLayout;
import lapscore.data.blocks.BlockPartitioner;
import lapscore.data.blocks.RowGather;
import lapscore.data.blocks.ShuffleRecords;
import lapscore.graph.kernel.CandidateHeaps;
import lapscore.graph.kernel.PackedRows;
import lapscore.graph.kernel.RowEmbedding;
import lapscore.graph.kernel.WorkingBlock;
import lapscore.graph.search.NeighbourLists;
import lapscore.progress.TaskRows;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;

import scala.Tuple2;

/**
 * Where the data of an NN-descent round ({@link NeighbourDescent}) travel: the reverse links to the
 * blocks of the rows they name, the rows a batch of local joins names to that batch, and the joins'
 * offers to the blocks of the rows they are for. Every shuffle is keyed by row id (the first row of
 * a block of the layout), so nothing depends on the partitioning, and no task holds more than a
 * block's lists or a batch's rows (the named-row requests and deliveries of distributed NN-descent:
 * Iwabuchi, Steil, Priest, Pearce and Sanders, "NEO-DNND: Communication-Optimized Distributed
 * Nearest Neighbor Graph Construction", SC24 workshops, pp. 688-696, 2024).
 */
final class RoundShuffles {

    private RoundShuffles() {
    }

    /**
     * For every row j and entry i of its list, the pair {@code (2 i + 1 when the entry is new else
     * 2 i, j)}, shuffled to the block of i (partition b holding block b's), in arrays of the links
     * of at most one shuffle record's rows j ({@link ShuffleRecords}): no array grows with the data
     * (an allocation of hundreds of megabytes can fail while other tasks hold the collector off in
     * native code, as LZ4's compression of shuffle files does).
     */
    static JavaRDD<long[]> reverseLinks(JavaPairRDD<Long, NeighbourLists> lists, BlockLayout layout) {
        return lists.values()
                .flatMapToPair(own -> reverseLinksByBlock(own, layout))
                .partitionBy(new BlockPartitioner(layout))
                .values();
    }

    private static Iterator<Tuple2<Long, long[]>> reverseLinksByBlock(NeighbourLists own, BlockLayout layout) {
        List<Tuple2<Long, long[]>> links = new ArrayList<>();
        int[] sizes = new int[layout.numBlocks()];
        int recordRows = ShuffleRecords.rowsPer(2L * Long.BYTES * own.k());
        for (int from = 0; from < own.rows(); from += recordRows) {
            int to = Math.min(own.rows(), from + recordRows);
            Arrays.fill(sizes, 0);
            for (int row = from; row < to; row++) {
                for (int n = 0; n < own.count(row); n++) {
                    sizes[layout.blockOf(own.neighbour(row, n))] += 2;
                }
            }
            long[][] byBlock = new long[sizes.length][];
            for (int block = 0; block < sizes.length; block++) {
                byBlock[block] = new long[sizes[block]];
                sizes[block] = 0;
            }
            for (int row = from; row < to; row++) {
                for (int n = 0; n < own.count(row); n++) {
                    long neighbour = own.neighbour(row, n);
                    int block = layout.blockOf(neighbour);
                    byBlock[block][sizes[block]++] = neighbour << 1 | (own.isFresh(row, n) ? 1 : 0);
                    byBlock[block][sizes[block]++] = own.rowId(row);
                }
            }
            for (int block = 0; block < byBlock.length; block++) {
                if (byBlock[block].length > 0) {
                    links.add(new Tuple2<>(layout.firstRow(block), byBlock[block]));
                }
            }
        }
        return links.iterator();
    }

    /**
     * The local joins of every block's candidates, their offers shuffled to the blocks of the rows
     * they are for (partition b holding block b's). Each block's rows are cut into batches whose
     * candidates name at most {@code maxRows} distinct rows ({@link Candidates#batchStarts}); each
     * batch is one task that receives exactly those rows, once each, packed, from {@code input}'s cells,
     * with their current K-th distances in {@code lists}, and joins them ({@link LocalJoin}). The
     * offers do not depend on the batches: each batch keeps every row's K best offers of its own, and
     * the K best of all are among them. Driver memory: one count per block.
     */
    static JavaRDD<NeighbourLists> offers(JavaRDD<Candidates> candidates, JavaPairRDD<Long, NeighbourLists> lists,
                                          CellInput input, LocalJoin join, int maxRows, TaskRows taskRows) {
        BlockLayout layout = input.layout();
        List<Integer> batchesPerBlock = candidates.map(own -> own.batchStarts(maxRows).length).collect();
        int[] firstSlot = new int[batchesPerBlock.size() + 1];
        for (int block = 0; block < batchesPerBlock.size(); block++) {
            firstSlot[block + 1] = firstSlot[block] + batchesPerBlock.get(block);
        }
        BlockLayout slots = new BlockLayout(firstSlot[batchesPerBlock.size()], 1);
        JavaRDD<Candidates> batches = candidates
                .mapPartitionsWithIndex((block, own) -> batchesOf(own.next(), firstSlot[block], maxRows).iterator(), false)
                .mapToPair(piece -> piece)
                .partitionBy(new BlockPartitioner(slots))
                .values()
                .mapPartitions(RoundShuffles::joined);
        RowEmbedding embedding = input.embedding();
        JavaRDD<double[]> kthSquared = lists.values().map(RoundShuffles::kthSquared);
        JavaRDD<RowGather.Gathered<PackedRows>> delivered = RowGather.gather(batches.map(Candidates::distinctMembers), slots,
                input.cells(), kthSquared, layout, PackedRows.SHIPPING);
        return batches.zipPartitions(delivered, (own, rows) -> {
                    RowGather.Gathered<PackedRows> named = rows.next();
                    taskRows.record(named.ids().length);
                    if (named.ids().length == 0) {
                        return List.<Tuple2<Long, NeighbourLists>>of().iterator();
                    }
                    WorkingBlock points = WorkingBlock.of(named.rows(), embedding);
                    return NeighbourLists.fragmentsOf(join.offers(own.next(), points, named.tags()), points, points, layout);
                })
                .mapToPair(fragment -> fragment)
                .partitionBy(new BlockPartitioner(layout))
                .values();
    }

    /** The local joins of one batch. */
    @FunctionalInterface
    interface LocalJoin extends Serializable {
        /**
         * The offers of the joins of {@code batch}'s rows among {@code points}, which hold every row
         * they name, each point's current K-th squared distance in {@code kthSquared}: one heap per
         * point, in the points' order.
         */
        CandidateHeaps offers(Candidates batch, WorkingBlock points, double[] kthSquared);
    }

    /**
     * The batches of {@code all} ({@link Candidates#batchStarts}), keyed by their slot from
     * {@code firstSlot} on, each cut into pieces of at most one shuffle record
     * ({@link Candidates#pieces}), numbered in row order.
     */
    private static List<Tuple2<Long, Tuple2<Integer, Candidates>>> batchesOf(Candidates all, int firstSlot, int maxRows) {
        int[] starts = all.batchStarts(maxRows);
        List<Tuple2<Long, Tuple2<Integer, Candidates>>> pieces = new ArrayList<>();
        for (int b = 0; b < starts.length; b++) {
            int end = b + 1 < starts.length ? starts[b + 1] : all.rows();
            List<Candidates> batch = all.slice(starts[b], end).pieces(ShuffleRecords.MAX_BYTES);
            for (int piece = 0; piece < batch.size(); piece++) {
                pieces.add(new Tuple2<>((long) firstSlot + b, new Tuple2<>(piece, batch.get(piece))));
            }
        }
        return pieces;
    }

    /** The one batch of a slot, from its numbered pieces in any order. */
    private static Iterator<Candidates> joined(Iterator<Tuple2<Integer, Candidates>> pieces) {
        List<Tuple2<Integer, Candidates>> all = new ArrayList<>();
        pieces.forEachRemaining(all::add);
        all.sort(Comparator.comparingInt(Tuple2::_1));
        return List.of(Candidates.concat(all.stream().map(Tuple2::_2).toList())).iterator();
    }

    /** The square of every row's current K-th distance (+infinity while its list holds fewer than K), in row order. */
    private static double[] kthSquared(NeighbourLists own) {
        double[] kth = new double[own.rows()];
        for (int row = 0; row < own.rows(); row++) {
            kth[row] = own.kthSquared(row);
        }
        return kth;
    }
}
