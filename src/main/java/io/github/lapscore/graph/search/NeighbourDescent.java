package io.github.lapscore.graph.search;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.LongStream;

import io.github.lapscore.data.blocks.BlockLayout;
import io.github.lapscore.data.blocks.BlockPartitioner;
import io.github.lapscore.data.blocks.RowBlock;
import io.github.lapscore.data.blocks.RowGather;
import io.github.lapscore.graph.kernel.CandidateHeaps;
import io.github.lapscore.graph.kernel.DistanceMeasure;
import io.github.lapscore.graph.kernel.WorkingBlock;
import io.github.lapscore.progress.Stage;
import io.github.lapscore.progress.StageTimer;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.storage.StorageLevel;

import scala.Tuple2;

/**
 * Neighbour-of-neighbour refinement of approximate neighbour lists (the local join of NN-descent,
 * Dong, Charikar and Li 2011): a neighbour of my neighbour is likely my neighbour. One round, for
 * every row j with list N(j):
 *
 * <ol>
 *   <li>its neighbourhood {@code S(j) = N(j) + R(j)}, where R(j) holds up to k of the rows that list
 *       j (its reverse neighbours), chosen by a hash of seed, round and the two ids;</li>
 *   <li>every pair {a, b} of S(j) is measured exactly, b offered to a when it is at most a's current
 *       k-th distance, and a to b likewise;</li>
 *   <li>the offers are merged into the lists ({@link NeighbourLists#absorb}), so a list never gets
 *       worse.</li>
 * </ol>
 * The local joins of the rows of one block run in one task, which receives each member of their
 * neighbourhoods once: O(m k^2 d) flops and a shuffle of at most min(B, 2k) copies of each row per
 * round for B blocks; a task holds at most 2k rows per row of its block. Driver memory O(1); the
 * result depends on the seed and the row ids only.
 */
final class NeighbourDescent {

    private static final int REVERSE_SALT = -4;

    private NeighbourDescent() {
    }

    /**
     * {@code rounds} refinement rounds of {@code lists} (keyed and partitioned by the blocks of
     * {@code layout}, like {@code blocks}); each round is one Spark job, and the lists it replaces
     * are released, also when it fails.
     */
    static JavaPairRDD<Long, NeighbourLists> refine(JavaPairRDD<Long, NeighbourLists> lists, JavaRDD<RowBlock> blocks,
                                                    BlockLayout layout, int numFeatures, int k, DistanceMeasure measure,
                                                    double[] centre, int rounds, long seed, StageTimer timer) {
        JavaPairRDD<Long, NeighbourLists> current = lists;
        for (int round = 0; round < rounds; round++) {
            JavaPairRDD<Long, NeighbourLists> before = current;
            long roundSeed = RowHash.of(seed, round, REVERSE_SALT, 0);
            JavaRDD<Neighbourhoods> neighbourhoods = neighbourhoods(before, layout, k, roundSeed)
                    .persist(StorageLevel.MEMORY_AND_DISK());
            JavaPairRDD<Long, NeighbourLists> offers = neighbourhoods.zipPartitions(
                    members(neighbourhoods, blocks, before, layout), (own, delivered) -> localJoin(own, delivered, layout,
                            numFeatures, k, measure, centre).iterator())
                    .mapToPair(fragment -> fragment);
            current = NeighbourLists.mergeIntoBlocks(before.union(offers), layout).persist(StorageLevel.MEMORY_AND_DISK());
            try {
                timer.run(Stage.GRAPH, String.format(Locale.ROOT,
                        "kNN graph (approximate) refinement %d/%d: neighbours of neighbours of every row", round + 1, rounds),
                        current::count);
            } catch (Throwable failed) {
                current.unpersist(false);
                throw failed;
            } finally {
                before.unpersist(false);
                neighbourhoods.unpersist(false);
            }
        }
        return current;
    }

    /** S(j) of every row j, one {@link Neighbourhoods} per block (partition i holding block i). */
    private static JavaRDD<Neighbourhoods> neighbourhoods(JavaPairRDD<Long, NeighbourLists> lists, BlockLayout layout, int k,
                                                          long roundSeed) {
        JavaPairRDD<Long, long[]> reverseLinks = lists.values()
                .flatMapToPair(own -> reverseLinksByBlock(own, layout).iterator())
                .partitionBy(new BlockPartitioner(layout));
        return lists.values().zipPartitions(reverseLinks.values(), (own, links) -> {
            NeighbourLists forward = own.next();
            CandidateHeaps reverse = new CandidateHeaps(forward.rows(), k);
            long firstRow = forward.rowId(0);
            while (links.hasNext()) {
                long[] pairs = links.next();
                for (int p = 0; p < pairs.length; p += 2) {
                    long target = pairs[p];
                    long source = pairs[p + 1];
                    reverse.offer((int) (target - firstRow), source, RowHash.uniform(roundSeed, target, (int) source,
                            (int) (source >>> 32)));
                }
            }
            return List.of(Neighbourhoods.of(forward, reverse)).iterator();
        });
    }

    /** For every row j and neighbour i of {@code own}: the pair (i, j), grouped by the block of i. */
    private static List<Tuple2<Long, long[]>> reverseLinksByBlock(NeighbourLists own, BlockLayout layout) {
        Map<Integer, LongStream.Builder> byBlock = new TreeMap<>();
        for (int row = 0; row < own.rows(); row++) {
            for (int n = 0; n < own.count(row); n++) {
                long neighbour = own.neighbour(row, n);
                byBlock.computeIfAbsent(layout.blockOf(neighbour), block -> LongStream.builder())
                        .add(neighbour).add(own.rowId(row));
            }
        }
        List<Tuple2<Long, long[]>> links = new ArrayList<>(byBlock.size());
        byBlock.forEach((block, pairs) -> links.add(new Tuple2<>(layout.firstRow(block), pairs.build().toArray())));
        return links;
    }

    /**
     * The rows every block's neighbourhoods mention, each sent once to that block from its own
     * block with its vector and current k-th distance (+infinity while its list holds fewer than k);
     * partition i receives what block i asked for.
     */
    private static JavaRDD<RowGather.Gathered> members(JavaRDD<Neighbourhoods> neighbourhoods, JavaRDD<RowBlock> blocks,
                                                       JavaPairRDD<Long, NeighbourLists> lists, BlockLayout layout) {
        JavaRDD<double[]> kthDistances = lists.values().map(own -> {
            double[] kth = new double[own.rows()];
            for (int row = 0; row < kth.length; row++) {
                int count = own.count(row);
                kth[row] = count == own.k() ? own.distance(row, count - 1) : Double.POSITIVE_INFINITY;
            }
            return kth;
        });
        return RowGather.gather(neighbourhoods.map(Neighbourhoods::distinctMembers), blocks, kthDistances, layout);
    }

    /**
     * The local joins of one block's rows: every pair of every neighbourhood measured once per
     * neighbourhood, offers kept in bounded heaps, cut into fragments by block.
     */
    private static List<Tuple2<Long, NeighbourLists>> localJoin(Iterator<Neighbourhoods> own, Iterator<RowGather.Gathered> delivered,
                                                                BlockLayout layout, int numFeatures, int k,
                                                                DistanceMeasure measure, double[] centre) {
        Neighbourhoods neighbourhoods = own.next();
        RowGather.Gathered all = delivered.next();
        if (all.ids().length == 0) {
            return List.of();
        }
        double[] kthDistances = all.tags();
        WorkingBlock points = WorkingBlock.of(all.ids(), all.vectors(), numFeatures, measure, centre);
        CandidateHeaps offers = new CandidateHeaps(points.size, k);
        for (int row = 0; row < neighbourhoods.rows(); row++) {
            int[] positions = neighbourhoods.positionsIn(row, points);
            for (int x = 0; x < positions.length; x++) {
                int a = positions[x];
                for (int y = x + 1; y < positions.length; y++) {
                    int b = positions[y];
                    double distance = points.distance(a, points, b);
                    if (distance <= kthDistances[a]) {
                        offers.offerIfAbsent(a, points.ids[b], distance * distance);
                    }
                    if (distance <= kthDistances[b]) {
                        offers.offerIfAbsent(b, points.ids[a], distance * distance);
                    }
                }
            }
        }
        return NeighbourLists.of(offers, points, points).fragmentsByBlock(layout);
    }

    /** The neighbourhoods S(j) of the rows of one block, each sorted, without duplicates. */
    private static final class Neighbourhoods implements Serializable {
        private final int[] offsets;
        private final long[] members;

        private Neighbourhoods(int[] offsets, long[] members) {
            this.offsets = offsets;
            this.members = members;
        }

        static Neighbourhoods of(NeighbourLists forward, CandidateHeaps reverse) {
            int rows = forward.rows();
            int[] offsets = new int[rows + 1];
            LongStream.Builder members = LongStream.builder();
            for (int row = 0; row < rows; row++) {
                long[] hood = new long[forward.count(row) + reverse.sizes[row]];
                for (int n = 0; n < forward.count(row); n++) {
                    hood[n] = forward.neighbour(row, n);
                }
                System.arraycopy(reverse.ids, row * reverse.k, hood, forward.count(row), reverse.sizes[row]);
                long[] distinct = LongStream.of(hood).sorted().distinct().toArray();
                offsets[row + 1] = offsets[row] + distinct.length;
                LongStream.of(distinct).forEach(members::add);
            }
            return new Neighbourhoods(offsets, members.build().toArray());
        }

        int rows() {
            return offsets.length - 1;
        }

        /** Positions in {@code points} of the members of row {@code row}'s neighbourhood. */
        int[] positionsIn(int row, WorkingBlock points) {
            int[] positions = new int[offsets[row + 1] - offsets[row]];
            for (int n = 0; n < positions.length; n++) {
                positions[n] = points.positionOf(members[offsets[row] + n]);
            }
            return positions;
        }

        /** Every member of any neighbourhood, once, ascending. */
        long[] distinctMembers() {
            return LongStream.of(members).sorted().distinct().toArray();
        }
    }
}
