package lapscore.graph.search.approximate;

import java.util.List;
import java.util.Locale;

import lapscore.data.CacheScope;
import lapscore.data.blocks.BlockLayout;
import lapscore.graph.kernel.CandidateHeaps;
import lapscore.graph.kernel.WorkingBlock;
import lapscore.graph.kernel.join.CandidateJoin;
import lapscore.graph.search.NeighbourLists;
import lapscore.data.RowHash;
import lapscore.progress.Stage;
import lapscore.progress.StageTimer;
import lapscore.progress.StepNames;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.storage.StorageLevel;
import org.apache.spark.util.LongAccumulator;

import scala.Tuple2;

/**
 * NN-descent refinement of approximate neighbour lists (Dong, Charikar and Li, "Efficient
 * k-nearest neighbor graph construction for generic similarity measures", WWW 2011, Algorithm 2
 * with its sampling and new/old flags; pynndescent's {@code nn_descent_internal}): a neighbour of
 * my neighbour is likely my neighbour. One round:
 *
 * <ol>
 *   <li><b>candidates</b> ({@link #candidates}): for every row v, up to K "new" ones, chosen by a
 *       hash of seed, round and the two ids among the new entries of its list and the rows whose
 *       lists hold v as a new entry (its reverse links), and up to K "old" ones chosen likewise among
 *       the old entries of both kinds; none when v has no new one, since it then joins nothing; the
 *       new entries of v's own list that were chosen become old;</li>
 *   <li><b>local join</b> ({@link #localJoin}): every pair of two new candidates, and every pair of a
 *       new and an old one, is measured exactly, b offered to a when it is at most a's current K-th
 *       distance, and a to b likewise (two old candidates have met before);</li>
 *   <li><b>updates</b>: the offers go to the rows they are for and are merged into their lists
 *       ({@link NeighbourLists#absorb}); a list never gets worse, and what enters it is new;</li>
 *   <li><b>convergence</b>: the rounds stop when at most {@value #CONVERGED_SHARE} of all list
 *       entries are new (nothing is left to explore), or after the given number.</li>
 * </ol>
 * Where the data travel in between (the reverse links, the rows a batch of joins names, the
 * offers) is {@link RoundShuffles}. O(m K^2 d) flops per round; driver memory O(1) beside one count
 * per block; the lists depend on the seed and the row ids only.
 */
final class NeighbourDescent {

    /** Rounds stop once at most this share of the list entries is new. */
    static final double CONVERGED_SHARE = 0.001;

    private NeighbourDescent() {
    }

    /**
     * Up to {@code settings.forest().refinementRounds()} rounds on {@code lists} (keyed and
     * partitioned by the blocks of {@code input}'s layout) of K = {@code settings.listSize()}
     * entries per row, chosen by hashes of {@code settings.forest().seed()}; each round is one Spark
     * job. A round caches its candidates and its lists in {@code input}'s scope and releases the
     * lists it replaces, those given included, once its own are counted; when a round fails, both
     * stay with the scope's owner. A round's lists forget their lineage
     * ({@link CacheScope#persistAndForgetLineage}, where the context allows it): its shuffles can
     * then be deleted once the next round's lists are cached, so the disk holds about one round's
     * shuffles, not all of them.
     */
    static JavaPairRDD<Long, NeighbourLists> refine(JavaPairRDD<Long, NeighbourLists> lists, CellInput input,
                                                    SearchSettings settings, StageTimer timer) {
        int maxRounds = settings.forest().refinementRounds();
        long entries = input.layout().numRows() * settings.listSize();
        JavaPairRDD<Long, NeighbourLists> current = lists;
        double freshShare = 1.0;
        for (int round = 0; round < maxRounds && freshShare > CONVERGED_SHARE; round++) {
            String description = String.format(Locale.ROOT, StepNames.REFINEMENT + " %d/%d: local joins of the rows' candidates,"
                    + " %.1f%% of list entries new (the rounds stop early once the lists settle)", round + 1, maxRounds, 100 * freshShare);
            Tuple2<JavaPairRDD<Long, NeighbourLists>, Long> next = round(current, input, settings, round, description, timer);
            current = next._1();
            freshShare = (double) next._2() / entries;
        }
        return current;
    }

    /** One round on {@code before}: its lists, cached, and how many of their entries are new; {@code before} is released. */
    private static Tuple2<JavaPairRDD<Long, NeighbourLists>, Long> round(JavaPairRDD<Long, NeighbourLists> before,
                                                                         CellInput input, SearchSettings settings, int round,
                                                                         String description, StageTimer timer) {
        CacheScope caches = input.caches();
        int listSize = settings.listSize();
        long roundSeed = RowHash.of(settings.forest().seed(), round, RowHash.DESCENT_ROUNDS, 0);
        JavaRDD<Candidates> candidates = caches.persist(candidates(before, input.layout(), listSize, roundSeed),
                StorageLevel.MEMORY_AND_DISK());
        LongAccumulator pairs = timer.pairCounts().roundPairs();
        long[] fresh = new long[1];
        JavaPairRDD<Long, NeighbourLists> after = timer.run(Stage.GRAPH, description, () -> {
            JavaRDD<NeighbourLists> offers = RoundShuffles.offers(candidates, before, input,
                    (batch, points, kthSquared) -> localJoin(batch, points, kthSquared, listSize, pairs),
                    settings.forest().maxRowsPerTask(input.numFeatures(), settings.numNeighbors()), timer.taskRows());
            JavaPairRDD<Long, NeighbourLists> merged = caches.persistAndForgetLineage(before.values()
                    .zipPartitions(candidates, (own, chosen) -> List.of(own.next().withUsed(chosen.next().used())).iterator())
                    .zipPartitions(offers, (marked, offered) -> {
                        NeighbourLists list = marked.next();
                        offered.forEachRemaining(list::absorb);
                        return List.of(new Tuple2<>(list.rowId(0), list)).iterator();
                    })
                    .mapToPair(list -> list), StorageLevel.MEMORY_AND_DISK());
            fresh[0] = merged.values().map(NeighbourLists::freshEntries).reduce(Long::sum);
            return merged;
        });
        caches.release(before);
        caches.release(candidates);
        return new Tuple2<>(after, fresh[0]);
    }

    /**
     * Every row's new and old candidates, one {@link Candidates} per block (partition i holding block
     * i), from its list and its reverse links ({@link RoundShuffles#reverseLinks}). A row's list
     * entries are distinct, and so are the rows whose lists hold it, but a row can be both: its
     * entries go into the heaps as they are, the rows that link to it only when absent (a copy of an
     * entry has its priority, so it is either in the heap or would not enter). A heap ends with the K
     * lowest priorities of the distinct rows offered, whatever their order, so the links are offered
     * as they arrive.
     */
    static JavaRDD<Candidates> candidates(JavaPairRDD<Long, NeighbourLists> lists, BlockLayout layout, int listSize,
                                          long roundSeed) {
        return lists.values().zipPartitions(RoundShuffles.reverseLinks(lists, layout), (own, received) -> {
            NeighbourLists forward = own.next();
            long firstRow = forward.rowId(0);
            CandidateHeaps fresh = new CandidateHeaps(forward.rows(), listSize);
            CandidateHeaps old = new CandidateHeaps(forward.rows(), listSize);
            for (int row = 0; row < forward.rows(); row++) {
                for (int n = 0; n < forward.count(row); n++) {
                    long neighbour = forward.neighbour(row, n);
                    (forward.isFresh(row, n) ? fresh : old).offer(row, neighbour, priority(roundSeed, firstRow + row, neighbour));
                }
            }
            received.forEachRemaining(pairs -> {
                for (int t = 0; t < pairs.length; t += 2) {
                    int target = (int) ((pairs[t] >>> 1) - firstRow);
                    long source = pairs[t + 1];
                    ((pairs[t] & 1) == 1 ? fresh : old).offerIfAbsent(target, source, priority(roundSeed, firstRow + target, source));
                }
            });
            return List.of(Candidates.of(forward, fresh, old)).iterator();
        });
    }

    /**
     * The hash priority of candidate {@code candidate} of row {@code row} in a round seeded
     * {@code roundSeed}: the lowest are chosen.
     */
    private static double priority(long roundSeed, long row, long candidate) {
        return RowHash.uniform(roundSeed, row, (int) candidate, (int) (candidate >>> 32));
    }

    /**
     * The local joins of a batch's rows among {@code points}, which hold every candidate, each
     * point's current K-th squared distance in {@code kthSquared}: new with new and new with old
     * candidates, each pair once per row ({@link CandidateJoin}), the offers kept in one bounded heap
     * per point; the pairs screened are added to {@code pairs}.
     */
    private static CandidateHeaps localJoin(Candidates batch, WorkingBlock points, double[] kthSquared, int listSize,
                                            LongAccumulator pairs) {
        CandidateHeaps offers = new CandidateHeaps(points.size, listSize);
        CandidateJoin join = new CandidateJoin(points, kthSquared, offers, 2 * listSize);
        long screened = 0;
        for (int row = 0; row < batch.rows(); row++) {
            if (batch.joins(row)) {
                int[] fresh = batch.freshPositionsIn(row, points);
                int[] old = batch.oldPositionsIn(row, points);
                join.join(fresh, old);
                screened += (long) fresh.length * (fresh.length - 1) / 2 + (long) fresh.length * old.length;
            }
        }
        pairs.add(screened);
        return offers;
    }
}
