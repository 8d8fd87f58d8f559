package io.github.lapscore.graph.search.approximate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

import io.github.lapscore.data.CacheScope;
import io.github.lapscore.data.blocks.BlockLayout;
import io.github.lapscore.data.blocks.BlockPartitioner;
import io.github.lapscore.data.blocks.RowGather;
import io.github.lapscore.graph.kernel.CandidateHeaps;
import io.github.lapscore.graph.kernel.RowEmbedding;
import io.github.lapscore.graph.kernel.WorkingBlock;
import io.github.lapscore.graph.kernel.join.CandidateJoin;
import io.github.lapscore.graph.kernel.join.ScatteredPoints;
import io.github.lapscore.graph.kernel.join.SinglePrecisionBlock;
import io.github.lapscore.graph.search.NeighbourLists;
import io.github.lapscore.graph.search.RowHash;
import io.github.lapscore.graph.search.SearchInput;
import io.github.lapscore.graph.search.SearchSteps;
import io.github.lapscore.progress.Stage;
import io.github.lapscore.progress.StageTimer;
import io.github.lapscore.progress.StepNames;
import io.github.lapscore.progress.TaskRows;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;

import scala.Tuple2;

/**
 * NN-descent refinement of approximate neighbour lists (Dong, Charikar and Li, "Efficient
 * k-nearest neighbor graph construction for generic similarity measures", WWW 2011, Algorithm 2
 * with its sampling and new/old flags): a neighbour of my neighbour is likely my neighbour. One
 * round, for every row v whose list holds K entries:
 *
 * <ol>
 *   <li>its candidates: up to K "new" ones, chosen by a hash of seed, round and the two ids among
 *       the new entries of its list and the rows whose lists hold v as a new entry, and up to K "old"
 *       ones chosen likewise among the old entries of both kinds (none when v has no new one, since
 *       it then joins nothing); the new entries of v's own list that were chosen become old;</li>
 *   <li>the local join: every pair of two new candidates, and every pair of a new and an old one,
 *       is measured exactly, b offered to a when it is at most a's current K-th distance, and a to b
 *       likewise (two old candidates have met before);</li>
 *   <li>the offers are shuffled to the blocks of the rows they are for and merged into the lists
 *       there one fragment at a time, as the shuffle reads them ({@link NeighbourLists#absorb}); the
 *       lists stay in place: a list never gets worse, and what enters it is new.</li>
 * </ol>
 * Rounds stop when at most {@value #CONVERGED_SHARE} of all list entries are new (nothing is left
 * to explore), or after the given number. The local joins of the rows of one group run in one
 * task, which holds each candidate once: O(m K^2 d) flops per round. With G groups, at most K of
 * them, every group receives all rows once and keeps them for all rounds (a shuffle of G copies of
 * the data in all, G x m numbers per round); with more, each round ships every group the rows its
 * candidates name (at most min(G, 2K) copies of each row). Driver memory O(1); the result depends on
 * the seed and the row ids only.
 * On the blocks of the layout themselves ({@link Groups#ownBlocks}), each block's rows are joined in
 * batches that name at most {@link ForestSettings#maxRowsPerTask} rows, one task each.
 */
final class NeighbourDescent {

    /** Rounds stop once at most this share of the list entries is new. */
    static final double CONVERGED_SHARE = 0.001;

    /** Rows whose reverse links are shipped together. */
    private static final int LINK_ROWS = 4096;
    /**
     * A round's candidate step holds up to this many times K links per row of a block, twice the
     * average, to find the rows that have a new candidate ({@link #candidates}).
     */
    static final int LINKS_HELD_PER_ROW = 2;

    private NeighbourDescent() {
    }

    /**
     * Up to {@code settings.forest().refinementRounds()} rounds on {@code lists} (keyed and
     * partitioned by the blocks of {@code input}'s layout) of K = {@code settings.listSize()}
     * entries per row, chosen by hashes of {@code settings.forest().seed()}; each round is one Spark
     * job. Each step (a round, a regrouping) caches its lists (and a round its candidates) in
     * {@code input}'s scope, at its {@link SearchInput#listsLevel}, and releases
     * the lists it replaces, those given included, once its own are counted; when a step fails, both
     * stay with the scope's owner. A step's lists forget their lineage
     * ({@link CacheScope#persistAndForgetLineage}, where the context allows it): a round's shuffles
     * (the rows shipped to its batches, its offers) can then be deleted once the next round's lists
     * are cached, so the disk holds about one round's shuffles, not all of them. The rounds run on the
     * {@code groups} of consecutive rows ({@link BlockLayout#inParts}); the lists do not depend on
     * their number: every group keeps, for each row, the K best offers its local joins make, and the
     * K best of all offers are among the K best of each group's. The local joins read the rows from
     * the group copies when {@code groups} carries them, else from the rows each round's batches name:
     * read where they lie in the cached cells, or shipped to the batches from {@code input}'s blocks.
     */
    static JavaPairRDD<Long, NeighbourLists> refine(JavaPairRDD<Long, NeighbourLists> lists, SearchInput input,
                                                    SearchSettings settings, Groups groups, StageTimer timer) {
        BlockLayout layout = input.layout();
        BlockLayout grouping = groups.count() == Groups.OWN_BLOCKS ? layout : layout.inParts(groups.count());
        JavaRDD<WorkingBlock> everyRow = groups.copies() == null ? null : groups.copies().everyRow;
        if (settings.forest().refinementRounds() == 0 || grouping == layout) {
            return rounds(lists, input, layout, everyRow, groups, settings, timer);
        }
        JavaPairRDD<Long, NeighbourLists> grouped = regroup(input.caches(), lists, grouping, String.format(Locale.ROOT,
                "kNN graph (approximate): %d blocks into %d groups for NN-descent", layout.numBlocks(), grouping.numBlocks()), timer);
        JavaPairRDD<Long, NeighbourLists> refined = rounds(grouped, input, grouping, everyRow,
                Groups.of(groups.count(), groups.copies()), settings, timer);
        return regroup(input.caches(), refined, layout,
                "kNN graph (approximate): the groups' lists back into " + layout.numBlocks() + " blocks", timer);
    }

    /**
     * The groups the rounds run on, {@code layout.inParts(count)}, and the copies of every row made
     * for them, or null. The search runs one group of consecutive rows per core: a task's candidates
     * are spread over the whole data, so each round ships every row to about as many tasks as there
     * are groups, and a pair met in two groups is offered twice; fewer groups than cores would leave
     * cores idle, and more (the blocks of the scoring pass: three blocks on two cores, say) would
     * ship more and leave the last task to run alone.
     *
     * @param count  the number of groups, or {@link #OWN_BLOCKS}
     * @param copies the rows of every group ({@link GroupCopies}, made for these groups, which their
     *               maker releases once the lists returned are in use), or null: each round then
     *               gathers the rows its candidates name
     * @param cells   for rounds on the layout's own blocks, the points of every block, cached
     *                ({@link LocalityCells#embedded}), which the batches read in place
     *                ({@link SharedRows}); or null: the rows they name are shipped to them
     * @param rounded with {@code cells}, those points rounded once to single precision, cached
     *                ({@link LocalityCells#rounded}), which the batches screen in place; or null:
     *                each batch rounds a copy of the rows it names
     */
    record Groups(int count, GroupCopies copies, JavaRDD<WorkingBlock> cells, JavaRDD<SinglePrecisionBlock> rounded) {

        /** The {@link #count()} of {@link #ownBlocks}. */
        static final int OWN_BLOCKS = 0;

        /** {@code count} groups of consecutive rows, reading them from {@code copies}, or gathering them when null. */
        static Groups of(int count, GroupCopies copies) {
            return new Groups(count, copies, null, null);
        }

        /**
         * The rounds run on the blocks of the search's own layout, without copies, reading the rows
         * they name from {@code cells}, or having them shipped when null, and screening them in
         * {@code rounded} when not null.
         */
        static Groups ownBlocks(JavaRDD<WorkingBlock> cells, JavaRDD<SinglePrecisionBlock> rounded) {
            return new Groups(OWN_BLOCKS, null, cells, rounded);
        }
    }

    /**
     * {@code lists} cut and merged into the blocks of {@code target}, cached in {@code caches}; the
     * lists given are released once these are counted.
     */
    private static JavaPairRDD<Long, NeighbourLists> regroup(CacheScope caches, JavaPairRDD<Long, NeighbourLists> lists,
                                                             BlockLayout target, String description, StageTimer timer) {
        return SearchSteps.replace(caches, lists, NeighbourLists.mergeIntoBlocks(
                lists.values().flatMapToPair(own -> own.fragmentsByBlock(target)), target), description, timer);
    }

    /**
     * The rounds on {@code lists}, grouped by {@code layout}, whose rows live in the blocks of
     * {@code input}; the local joins read the rows from {@code everyRow} (one working block of all
     * rows per group, {@link GroupCopies}) when it is not null, and each round ships only the rows'
     * current K-th distances; else each round gathers the rows its candidates name, from the
     * {@code groups}' cells (the points of {@code input}'s blocks, and maybe their rounded copies)
     * when not null, with the rows' K-th distances cached for the round, one array per block (8
     * bytes a row), and counted before the batches read them, so that no two tasks compute one block
     * at once.
     */
    private static JavaPairRDD<Long, NeighbourLists> rounds(JavaPairRDD<Long, NeighbourLists> lists, SearchInput input,
                                                            BlockLayout layout, JavaRDD<WorkingBlock> everyRow,
                                                            Groups groups, SearchSettings settings, StageTimer timer) {
        JavaRDD<WorkingBlock> cells = groups.cells();
        int listSize = settings.listSize();
        int maxRounds = settings.forest().refinementRounds();
        int maxRows = settings.forest().maxRowsPerTask(input.numFeatures());
        long seed = settings.forest().seed();
        CacheScope caches = input.caches();
        TaskRows taskRows = timer.taskRows();
        JavaPairRDD<Long, NeighbourLists> current = lists;
        double freshShare = 1.0;
        long entries = layout.numRows() * listSize;
        for (int round = 0; round < maxRounds && freshShare > CONVERGED_SHARE; round++) {
            JavaPairRDD<Long, NeighbourLists> before = current;
            long roundSeed = RowHash.of(seed, round, RowHash.DESCENT_ROUNDS, 0);
            JavaRDD<Candidates> candidates = caches.persist(candidates(before, layout, listSize, roundSeed,
                    LINKS_HELD_PER_ROW * listSize), input.listsLevel());
            JavaRDD<double[]> kthSquared = cells == null ? null : caches.persist(kthSquaredAtHome(before, layout, layout));
            long[] fresh = new long[1];
            JavaPairRDD<Long, NeighbourLists> after = timer.run(Stage.GRAPH, String.format(Locale.ROOT, StepNames.REFINEMENT
                    + " %d/%d: local joins of the rows' candidates, %.1f%% of list entries new (the rounds stop early once the lists"
                    + " settle)", round + 1, maxRounds,
                    100 * freshShare), () -> {
                if (kthSquared != null) {
                    kthSquared.count();
                }
                JavaRDD<Tuple2<Long, NeighbourLists>> fragments = everyRow != null
                        ? candidates.zipPartitions(everyRow.zipPartitions(kthSquaredOfAll(before, layout),
                                        (block, kth) -> List.of(new Tuple2<>(block.next(), kth.next())).iterator()),
                                (own, all) -> {
                                    Tuple2<WorkingBlock, double[]> points = all.next();
                                    taskRows.record(points._1().size);
                                    return localJoin(own.next(), ScatteredPoints.of(points._1()), points._2(), null, layout,
                                            listSize);
                                })
                        : gatheredJoins(candidates, before, layout, input, listSize, maxRows,
                                cells == null ? null : new SharedRows(cells.rdd(), groups.rounded() == null ? null
                                        : groups.rounded().rdd(), layout).withKthSquared(kthSquared.rdd()), taskRows);
                JavaRDD<NeighbourLists> offers = fragments.mapToPair(fragment -> fragment)
                        .partitionBy(new BlockPartitioner(layout))
                        .values();
                JavaPairRDD<Long, NeighbourLists> merged = caches.persistAndForgetLineage(before.values()
                        .zipPartitions(candidates, (own, chosen) -> List.of(own.next().withUsed(chosen.next().used())).iterator())
                        .zipPartitions(offers, (marked, offered) -> {
                            NeighbourLists list = marked.next();
                            offered.forEachRemaining(list::absorb);
                            return List.of(new Tuple2<>(list.rowId(0), list)).iterator();
                        })
                        .mapToPair(list -> list), input.listsLevel());
                fresh[0] = merged.values().map(NeighbourLists::freshEntries).reduce(Long::sum);
                return merged;
            });
            freshShare = (double) fresh[0] / entries;
            caches.release(before);
            caches.release(candidates);
            if (kthSquared != null) {
                caches.release(kthSquared);
            }
            current = after;
        }
        return current;
    }

    /**
     * The local joins of every block's candidates, on rows gathered for them from {@code input}'s
     * blocks: each block's rows are cut into batches whose candidates name at most {@code maxRows}
     * distinct rows ({@link Candidates#batchStarts}), and each batch is one task that receives
     * exactly those rows, once each, with their current K-th distances (the named-row requests and
     * deliveries of distributed NN-descent: Iwabuchi, Steil, Priest, Pearce and Sanders, "NEO-DNND:
     * Communication-Optimized Distributed Nearest Neighbor Graph Construction", SC24 workshops,
     * pp. 688-696, 2024), read in place from {@code shared} when not null (the points of the blocks
     * of {@code layout} and the K-th distances of {@code lists}), else shipped. A task holds at most
     * {@code maxRows} rows whatever the number of rows; the offers do not depend on the batches (each
     * batch keeps every row's K best offers of its own, and the K best of all are among them).
     * Driver memory: one count per block.
     */
    private static JavaRDD<Tuple2<Long, NeighbourLists>> gatheredJoins(JavaRDD<Candidates> candidates,
                                                                      JavaPairRDD<Long, NeighbourLists> lists, BlockLayout layout,
                                                                      SearchInput input, int listSize, int maxRows,
                                                                      SharedRows shared, TaskRows taskRows) {
        List<Integer> batchesPerBlock = candidates.map(own -> own.batchStarts(maxRows).length).collect();
        int[] firstSlot = new int[batchesPerBlock.size() + 1];
        for (int block = 0; block < batchesPerBlock.size(); block++) {
            firstSlot[block + 1] = firstSlot[block] + batchesPerBlock.get(block);
        }
        BlockLayout slots = new BlockLayout(firstSlot[batchesPerBlock.size()], 1);
        JavaRDD<Candidates> batches = candidates
                .mapPartitionsWithIndex((block, own) -> batchesOf(own.next(), firstSlot[block], maxRows).iterator(), false)
                .mapToPair(batch -> batch)
                .partitionBy(new BlockPartitioner(slots))
                .values();
        if (shared != null) {
            return batches.flatMap(batch -> {
                long[] named = batch.distinctMembers();
                return localJoin(batch, named.length, () -> shared.read(named), layout, listSize, taskRows);
            });
        }
        RowEmbedding embedding = input.embedding();
        JavaRDD<RowGather.Gathered> delivered = RowGather.gather(batches.map(Candidates::distinctMembers), slots, input.blocks(),
                kthSquaredAtHome(lists, layout, input.layout()), input.layout());
        return batches.zipPartitions(delivered, (own, rows) -> {
            RowGather.Gathered named = rows.next();
            return localJoin(own.next(), named.ids().length,
                    () -> new SharedRows.Named(ScatteredPoints.of(WorkingBlock.of(named.ids(), named.vectors(), embedding)), named.tags(),
                            null),
                    layout, listSize, taskRows);
        });
    }

    /** The batches of {@code all} ({@link Candidates#batchStarts}), keyed by their slot from {@code firstSlot} on. */
    private static List<Tuple2<Long, Candidates>> batchesOf(Candidates all, int firstSlot, int maxRows) {
        int[] starts = all.batchStarts(maxRows);
        List<Tuple2<Long, Candidates>> batches = new ArrayList<>(starts.length);
        for (int b = 0; b < starts.length; b++) {
            int end = b + 1 < starts.length ? starts[b + 1] : all.rows();
            batches.add(new Tuple2<>((long) firstSlot + b, all.slice(starts[b], end)));
        }
        return batches;
    }

    /**
     * Every row's new and old candidates, one {@link Candidates} per block (partition i holding block
     * i). A row's list entries are distinct, and so are the rows whose lists hold it, but a row can be
     * both: its entries go into the heaps as they are, the rows that link to it only when absent
     * (a copy of an entry has its priority, so it is either in the heap or would not enter).
     *
     * <p>A row with no new entry and no new link joins nothing, so it gets no candidates: its old
     * ones would be chosen for nothing, and in the converging rounds most rows have nothing new.
     * Knowing which rows have a new link takes all of the block's links, so a task holds them, up to
     * {@code linksHeldPerRow} links per row of the block (K per row on average), and offers each
     * row's links together ({@link ReceivedLinks}); a block that receives more (rows that very many
     * lists name) streams the rest as they come and chooses candidates for every row, as the joins
     * read only those of the rows with a new one. Either way the joins, and so the lists, are the
     * same: a heap ends with the K lowest priorities of the distinct rows offered, whatever their order.
     */
    static JavaRDD<Candidates> candidates(JavaPairRDD<Long, NeighbourLists> lists, BlockLayout layout, int listSize,
                                          long roundSeed, int linksHeldPerRow) {
        JavaPairRDD<Long, long[]> reverseLinks = lists.values()
                .flatMapToPair(own -> reverseLinksByBlock(own, layout))
                .partitionBy(new BlockPartitioner(layout));
        return lists.values().zipPartitions(reverseLinks.values(), (own, received) -> {
            NeighbourLists forward = own.next();
            long firstRow = forward.rowId(0);
            List<long[]> held = new ArrayList<>();
            long heldLinks = 0;
            long maxHeld = (long) linksHeldPerRow * forward.rows();
            while (received.hasNext() && heldLinks <= maxHeld) {
                long[] pairs = received.next();
                held.add(pairs);
                heldLinks += pairs.length / 2;
            }
            ReceivedLinks links = heldLinks <= maxHeld ? ReceivedLinks.of(forward, held, firstRow) : null;
            CandidateHeaps fresh = new CandidateHeaps(forward.rows(), listSize);
            CandidateHeaps old = new CandidateHeaps(forward.rows(), listSize);
            for (int row = 0; row < forward.rows(); row++) {
                if (links != null && !links.joins(row)) {
                    continue;
                }
                for (int n = 0; n < forward.count(row); n++) {
                    long neighbour = forward.neighbour(row, n);
                    (forward.isFresh(row, n) ? fresh : old).offer(row, neighbour, priority(roundSeed, firstRow + row, neighbour));
                }
                if (links != null) {
                    for (int n = links.first(row); n < links.end(row); n++) {
                        offerLink(row, links.source(n), links.isFresh(n), firstRow, roundSeed, fresh, old);
                    }
                }
            }
            if (links == null) {
                for (long[] pairs : held) {
                    offerLinks(pairs, firstRow, roundSeed, fresh, old);
                }
                received.forEachRemaining(pairs -> offerLinks(pairs, firstRow, roundSeed, fresh, old));
            }
            return List.of(Candidates.of(forward, fresh, old)).iterator();
        });
    }

    /**
     * Offers the rows of {@code pairs} (links as {@link #reverseLinksByBlock} makes them) to the rows
     * of the block they link to, the block's first being {@code firstRow}, in the order they come.
     */
    private static void offerLinks(long[] pairs, long firstRow, long roundSeed, CandidateHeaps fresh, CandidateHeaps old) {
        for (int t = 0; t < pairs.length; t += 2) {
            offerLink((int) ((pairs[t] >>> 1) - firstRow), pairs[t + 1], (pairs[t] & 1) == 1, firstRow, roundSeed, fresh, old);
        }
    }

    /**
     * Offers row {@code source}, whose list holds row {@code target} of the block (first row
     * {@code firstRow}) as a new entry when {@code isFresh}, to that row: into {@code fresh} or
     * {@code old} by the entry's flag, when absent.
     */
    private static void offerLink(int target, long source, boolean isFresh, long firstRow, long roundSeed, CandidateHeaps fresh,
                                  CandidateHeaps old) {
        (isFresh ? fresh : old).offerIfAbsent(target, source, priority(roundSeed, firstRow + target, source));
    }

    /**
     * The hash priority of candidate {@code candidate} of row {@code row} in a round seeded
     * {@code roundSeed}: the lowest are chosen.
     */
    private static double priority(long roundSeed, long row, long candidate) {
        return RowHash.uniform(roundSeed, row, (int) candidate, (int) (candidate >>> 32));
    }

    /**
     * For every row j and entry i of its list, the pair {@code (2 i + 1 when the entry is new else
     * 2 i, j)}, in arrays keyed by the first row of the block of i, one per block for each run of
     * {@value #LINK_ROWS} rows j: no array grows with the data (an allocation of hundreds of
     * megabytes can fail while other tasks hold the collector off in native code, as LZ4's
     * compression of shuffle files does).
     */
    private static Iterator<Tuple2<Long, long[]>> reverseLinksByBlock(NeighbourLists own, BlockLayout layout) {
        List<Tuple2<Long, long[]>> links = new ArrayList<>();
        int[] sizes = new int[layout.numBlocks()];
        for (int from = 0; from < own.rows(); from += LINK_ROWS) {
            int to = Math.min(own.rows(), from + LINK_ROWS);
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
     * The square of every row's current K-th distance (+infinity while its list holds fewer than K),
     * one array per home block of {@code homeLayout}, partition i holding block i's; {@code lists}
     * follow {@code layout}. The distances move to the home blocks only when the two layouts differ;
     * a home block that two groups share receives a slice from each, merged by taking the smaller
     * value (a slice holds +infinity for the rows of the other group).
     */
    private static JavaRDD<double[]> kthSquaredAtHome(JavaPairRDD<Long, NeighbourLists> lists, BlockLayout layout,
                                                      BlockLayout homeLayout) {
        return layout == homeLayout
                ? lists.values().map(own -> kthSquaredByBlock(own, homeLayout).get(0)._2())
                : lists.values()
                        .flatMapToPair(own -> kthSquaredByBlock(own, homeLayout).iterator())
                        .reduceByKey(new BlockPartitioner(homeLayout), NeighbourDescent::smaller)
                        .values();
    }

    /** {@code a} with each value replaced by the one of {@code b} where that is smaller. */
    private static double[] smaller(double[] a, double[] b) {
        for (int i = 0; i < a.length; i++) {
            a[i] = Math.min(a[i], b[i]);
        }
        return a;
    }

    /**
     * The square of every row's current K-th distance, cut by the blocks of {@code homeLayout}: one
     * slice per home block these lists' rows fall in, +infinity for the block's other rows.
     */
    private static List<Tuple2<Long, double[]>> kthSquaredByBlock(NeighbourLists own, BlockLayout homeLayout) {
        List<Tuple2<Long, double[]>> slices = new ArrayList<>();
        int row = 0;
        while (row < own.rows()) {
            int block = homeLayout.blockOf(own.rowId(row));
            double[] kth = new double[homeLayout.rowsIn(block)];
            Arrays.fill(kth, Double.POSITIVE_INFINITY);
            for (; row < own.rows() && homeLayout.blockOf(own.rowId(row)) == block; row++) {
                kth[(int) (own.rowId(row) - homeLayout.firstRow(block))] = own.kthSquared(row);
            }
            slices.add(new Tuple2<>(homeLayout.firstRow(block), kth));
        }
        return slices;
    }

    /**
     * {@link #localJoin(Candidates, ScatteredPoints, double[], SinglePrecisionBlock[], BlockLayout, int)} of a batch that names
     * {@code namedRows} rows, read by {@code named} (their points and current K-th squared distances)
     * only when there are any; the task's rows are recorded either way.
     */
    private static Iterator<Tuple2<Long, NeighbourLists>> localJoin(Candidates batch, int namedRows,
                                                                Supplier<SharedRows.Named> named, BlockLayout layout,
                                                                int listSize, TaskRows taskRows) {
        taskRows.record(namedRows);
        if (namedRows == 0) {
            return Collections.emptyIterator();
        }
        SharedRows.Named rows = named.get();
        return localJoin(batch, rows.points(), rows.kthSquared(), rows.rounded(), layout, listSize);
    }

    /**
     * The local joins of one block's rows among {@code points}, which hold every candidate, each
     * point's current K-th squared distance in {@code kthSquared}: new with new and new with old
     * candidates, each pair once per row, screened on the points' {@code rounded} cells when not
     * null, offers kept in bounded heaps, handed to the shuffle one block's fragment at a time.
     */
    private static Iterator<Tuple2<Long, NeighbourLists>> localJoin(Candidates candidates, ScatteredPoints points, double[] kthSquared,
                                                                SinglePrecisionBlock[] rounded, BlockLayout layout,
                                                                int listSize) {
        CandidateHeaps offers = new CandidateHeaps(points.size, listSize);
        CandidateJoin join = rounded == null ? new CandidateJoin(points, kthSquared, offers, 2 * listSize)
                : CandidateJoin.onRoundedBlocks(points, rounded, kthSquared, offers, 2 * listSize);
        for (int row = 0; row < candidates.rows(); row++) {
            if (candidates.joins(row)) {
                join.join(candidates.freshPositionsIn(row, points), candidates.oldPositionsIn(row, points));
            }
        }
        return NeighbourLists.fragmentsOf(offers, points, layout);
    }

    /**
     * The square of every row's current K-th distance (+infinity while its list holds fewer than K),
     * all m of them, in every group's partition: each group's slice sent to every group.
     */
    private static JavaRDD<double[]> kthSquaredOfAll(JavaPairRDD<Long, NeighbourLists> lists, BlockLayout groups) {
        long numRows = groups.numRows();
        return lists.values()
                .flatMapToPair(own -> {
                    Tuple2<Long, double[]> slice = kthSquaredByBlock(own, groups).get(0);
                    List<Tuple2<Long, Tuple2<Long, double[]>>> copies = new ArrayList<>();
                    for (int group = 0; group < groups.numBlocks(); group++) {
                        copies.add(new Tuple2<>(groups.firstRow(group), slice));
                    }
                    return copies.iterator();
                })
                .partitionBy(new BlockPartitioner(groups))
                .values()
                .mapPartitions(slices -> {
                    double[] all = new double[Math.toIntExact(numRows)];
                    slices.forEachRemaining(slice -> System.arraycopy(slice._2(), 0, all, Math.toIntExact(slice._1()), slice._2().length));
                    return List.of(all).iterator();
                });
    }
}
