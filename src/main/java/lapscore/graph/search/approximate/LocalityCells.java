package lapscore.graph.search.approximate;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.stream.LongStream;

import lapscore.data.CacheScope;
import lapscore.data.blocks.BlockLayout;
import lapscore.data.blocks.BlockPartitioner;
import lapscore.data.blocks.RowBlock;
import lapscore.data.blocks.ShuffleRecords;
import lapscore.graph.kernel.PackedRows;
import lapscore.graph.kernel.RowEmbedding;
import lapscore.graph.search.ListCeilings;
import lapscore.graph.search.NeighbourLists;
import lapscore.graph.search.SearchInput;
import lapscore.graph.search.SearchSteps;
import lapscore.progress.Stage;
import lapscore.progress.StageTimer;
import lapscore.progress.TaskRows;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.linalg.Vector;

import scala.Tuple2;

/**
 * The rows renumbered in the leaf order of the first random-projection tree and cut into cells of
 * at most S consecutive numbers: rows of one leaf, or of neighbouring leaves of the same subtree,
 * share a cell, so most of a row's candidates lie in its own cell or a few near it, and a cell's
 * local joins name few rows outside it. A row's number is the first number of its leaf block plus
 * its rank by input id within the block, so the numbering depends on the seed and the data only. A
 * search on {@link #input} gives lists in numbers; {@link #toInputIds} renames them back.
 *
 * <p>One shuffle of the rows and two of their ids: the ids to the leaves, one record per input
 * block and leaf block ({@link TreeLeaves.LeafRun}), sorted by leaf block and first id, and
 * read twice (to count the rows of every leaf block, then to number them); the numbers back to the
 * rows' input blocks, a run at a time; then the rows to the cells, unsorted, since a cell places
 * each row at its number. A task holds one cell, S rows, or one input block. Driver memory: one
 * count per leaf block, O(m / L) for leaves of L rows.
 */
final class LocalityCells {

    /** Every cell's rows, packed, and the input id of each, cached. */
    private final JavaRDD<Tuple2<PackedRows, long[]>> cells;
    /** The input ids alone, cached, for renaming the lists back ({@link #toInputIds}). */
    private final JavaRDD<long[]> inputIds;
    private final BlockLayout layout;
    private final RowEmbedding embedding;
    private final CacheScope caches;

    private LocalityCells(JavaRDD<Tuple2<PackedRows, long[]>> cells, JavaRDD<long[]> inputIds, BlockLayout layout,
                          RowEmbedding embedding, CacheScope caches) {
        this.cells = cells;
        this.inputIds = inputIds;
        this.layout = layout;
        this.embedding = embedding;
        this.caches = caches;
    }

    /**
     * The rows of {@code input} renumbered by their leaf blocks of tree 0 of {@code leaves} and cut
     * into cells of {@code cellRows} rows, cached in {@code input}'s scope, where they forget their
     * lineage ({@link CacheScope#persistAndForgetLineage}), so that Spark may delete the shuffles
     * behind them while the search runs: the cells and their input ids are counted by a job each,
     * since a job checkpoints the RDD it computes, not the ones behind it that are marked too.
     * {@code numTasks} tasks order the leaves. Only the rows' ids go to the leaves: each input block
     * receives its rows' numbers and ships every row once, to its cell, where the rows are packed
     * once for the whole search ({@link CellInput}).
     */
    static LocalityCells arrange(SearchInput input, TreeLeaves.LeafPlacement leaves, int cellRows, int numTasks,
                                 StageTimer timer) {
        CacheScope caches = input.caches();
        BlockLayout inputLayout = input.layout();
        BlockLayout layout = new BlockLayout(inputLayout.numRows(), cellRows);
        TaskRows taskRows = timer.taskRows();
        RowEmbedding embedding = input.embedding();
        JavaPairRDD<Tuple2<Integer, Long>, TreeLeaves.LeafRun> byLeaf = TreeLeaves.toLeaves(
                input.blocks().map(PackedRows::of), leaves, 0, false, ListCeilings.NONE, Math.min(numTasks, leaves.blocks().blocksIn(0)));
        long[] firstNumbers = timer.run(Stage.GRAPH, String.format(Locale.ROOT,
                "kNN graph (approximate): ordering %d rows by the %d leaf blocks of tree 1", layout.numRows(),
                leaves.blocks().blocksIn(0)), () -> firstNumbers(byLeaf, leaves.blocks().blocksIn(0)));
        JavaRDD<long[]> numbersByBlock = byLeaf
                .mapPartitions(runs -> numbered(runs, firstNumbers))
                .mapToPair(pair -> pair)
                .partitionBy(new BlockPartitioner(inputLayout))
                .mapPartitionsWithIndex((block, numbers) -> List.of(numbersOf(block, inputLayout, numbers)).iterator(), true);
        JavaRDD<Tuple2<PackedRows, long[]>> cells = caches.persistAndForgetLineage(input.blocks()
                .zipPartitions(numbersByBlock, (blocks, numbers) -> byNumber(blocks.next(), numbers.next()))
                .mapToPair(entry -> entry)
                .partitionBy(new BlockPartitioner(layout))
                .mapPartitionsWithIndex((cell, entries) -> List.of(cellOf(cell, layout, entries, taskRows)).iterator(), true));
        JavaRDD<long[]> inputIds = caches.persistAndForgetLineage(cells.map(Tuple2::_2));
        timer.run(Stage.GRAPH, String.format(Locale.ROOT, "kNN graph (approximate): %d rows into %d cells of %d in leaf order",
                layout.numRows(), layout.numBlocks(), cellRows), () -> cells.count() + inputIds.count());
        return new LocalityCells(cells, inputIds, layout, embedding, caches);
    }

    /** The first number of every leaf block: the rows of the blocks before it, counted. */
    private static long[] firstNumbers(JavaPairRDD<Tuple2<Integer, Long>, TreeLeaves.LeafRun> byLeaf, int numLeafBlocks) {
        long[] counts = byLeaf
                .mapPartitions(runs -> {
                    long[] local = new long[numLeafBlocks];
                    runs.forEachRemaining(run -> local[run._1()._1()] += run._2().ids.length);
                    return List.of(local).iterator();
                })
                .reduce(LocalityCells::add);
        long[] first = new long[numLeafBlocks];
        for (int block = 1; block < numLeafBlocks; block++) {
            first[block] = first[block - 1] + counts[block - 1];
        }
        return first;
    }

    private static long[] add(long[] a, long[] b) {
        for (int i = 0; i < a.length; i++) {
            a[i] += b[i];
        }
        return a;
    }

    /**
     * The runs of one task (sorted by leaf block, then first input id) numbered: each run's input
     * ids and their numbers, keyed by its first input id (all of a run's rows are of one input block).
     */
    private static Iterator<Tuple2<Long, Tuple2<long[], long[]>>> numbered(
            Iterator<Tuple2<Tuple2<Integer, Long>, TreeLeaves.LeafRun>> runs, long[] firstNumbers) {
        return new Iterator<>() {
            private int block = -1;
            private long next;

            @Override
            public boolean hasNext() {
                return runs.hasNext();
            }

            @Override
            public Tuple2<Long, Tuple2<long[], long[]>> next() {
                Tuple2<Tuple2<Integer, Long>, TreeLeaves.LeafRun> run = runs.next();
                if (run._1()._1() != block) {
                    block = run._1()._1();
                    next = firstNumbers[block];
                }
                long[] ids = run._2().ids;
                long[] numbers = new long[ids.length];
                for (int i = 0; i < ids.length; i++) {
                    numbers[i] = next++;
                }
                return new Tuple2<>(ids[0], new Tuple2<>(ids, numbers));
            }
        };
    }

    /** The numbers of input block {@code block}'s rows, in row order, from its numbered runs in any order. */
    private static long[] numbersOf(int block, BlockLayout inputLayout, Iterator<Tuple2<Long, Tuple2<long[], long[]>>> runs) {
        long[] byRow = new long[inputLayout.rowsIn(block)];
        long first = inputLayout.firstRow(block);
        runs.forEachRemaining(run -> {
            long[] ids = run._2()._1();
            long[] numbers = run._2()._2();
            for (int i = 0; i < ids.length; i++) {
                byRow[(int) (ids[i] - first)] = numbers[i];
            }
        });
        return byRow;
    }

    /** Every row of {@code block} keyed by its number in {@code numbers} (one per row, in order), with (input id, vector). */
    private static Iterator<Tuple2<Long, Tuple2<Long, Vector>>> byNumber(RowBlock block, long[] numbers) {
        List<Tuple2<Long, Tuple2<Long, Vector>>> entries = new ArrayList<>(block.size());
        for (int i = 0; i < block.size(); i++) {
            entries.add(new Tuple2<>(numbers[i], new Tuple2<>(block.firstRow() + i, block.row(i))));
        }
        return entries.iterator();
    }

    /**
     * Cell {@code cell}: its rows placed by number, in whatever order they arrive, packed, and the
     * input id of each.
     */
    private static Tuple2<PackedRows, long[]> cellOf(int cell, BlockLayout layout, Iterator<Tuple2<Long, Tuple2<Long, Vector>>> entries,
                                                     TaskRows taskRows) {
        int size = layout.rowsIn(cell);
        Vector[] vectors = new Vector[size];
        long[] inputIds = new long[size];
        long first = layout.firstRow(cell);
        while (entries.hasNext()) {
            Tuple2<Long, Tuple2<Long, Vector>> entry = entries.next();
            int local = (int) (entry._1() - first);
            inputIds[local] = entry._2()._1();
            vectors[local] = entry._2()._2();
        }
        taskRows.record(size);
        return new Tuple2<>(PackedRows.of(LongStream.range(first, first + size).toArray(), vectors), inputIds);
    }

    /** The cells' packed rows as the input of the trees and the rounds, searched in the input's scope. */
    CellInput input() {
        return new CellInput(cells.map(Tuple2::_1), layout, embedding, caches);
    }

    /**
     * {@code lists}, keyed by cell and in numbers, cut to every row's {@code k} nearest and renamed to
     * input ids, merged into the blocks of {@code inputLayout} and cached; {@code lists} and the
     * cells are released once these are counted. Each cell asks the home cells of the rows its lists
     * name for their input ids (two shuffles of ids) and renames its rows and their entries
     * ({@link NeighbourLists#renamed}); ties in distance are then broken by input id.
     */
    JavaPairRDD<Long, NeighbourLists> toInputIds(JavaPairRDD<Long, NeighbourLists> lists, int k, BlockLayout inputLayout,
                                                 StageTimer timer) {
        BlockLayout cellLayout = layout;
        JavaRDD<NeighbourLists> nearest = lists.values().map(own -> own.truncate(k));
        JavaRDD<IdAnswer> answers = nearest
                .mapPartitionsWithIndex((cell, own) -> requests(cell, own.next(), cellLayout).iterator(), true)
                .mapToPair(request -> request)
                .partitionBy(new BlockPartitioner(cellLayout))
                .values()
                .zipPartitions(inputIds, (asked, home) -> {
                    long[] ids = home.next();
                    List<Tuple2<Long, IdAnswer>> answered = new ArrayList<>();
                    asked.forEachRemaining(request -> answered.add(new Tuple2<>(cellLayout.firstRow(request.cell),
                            request.answer(ids, cellLayout))));
                    return answered.iterator();
                })
                .mapToPair(answer -> answer)
                .partitionBy(new BlockPartitioner(cellLayout))
                .values();
        JavaPairRDD<Long, NeighbourLists> renamed = nearest
                .zipPartitions(inputIds, (own, ids) -> List.of(new Tuple2<>(own.next(), ids.next())).iterator())
                .zipPartitions(answers, (own, answered) -> {
                    Tuple2<NeighbourLists, long[]> cell = own.next();
                    IdAnswer names = IdAnswer.concat(answered);
                    return cell._1().renamed(cell._2(), names::inputIdOf).fragmentsByBlock(inputLayout);
                })
                .mapToPair(fragment -> fragment);
        JavaPairRDD<Long, NeighbourLists> result = SearchSteps.replace(caches, lists, NeighbourLists.mergeIntoBlocks(renamed,
                inputLayout), String.format(Locale.ROOT, "kNN graph (approximate): the %d nearest of every row, back to the"
                + " input's %d blocks", k, inputLayout.numBlocks()), timer);
        caches.release(inputIds);
        caches.release(cells);
        return result;
    }

    /**
     * The distinct rows {@code own}'s entries name, in requests to their home cells, each of at most
     * one shuffle record's numbers and their answers' ({@link ShuffleRecords}).
     */
    private static List<Tuple2<Long, IdRequest>> requests(int cell, NeighbourLists own, BlockLayout layout) {
        long[] named = new long[own.rows() * own.k()];
        int size = 0;
        for (int row = 0; row < own.rows(); row++) {
            for (int n = 0; n < own.count(row); n++) {
                named[size++] = own.neighbour(row, n);
            }
        }
        long[] distinct = Arrays.stream(named, 0, size).sorted().distinct().toArray();
        List<Tuple2<Long, IdRequest>> requests = new ArrayList<>();
        int recordRows = ShuffleRecords.rowsPer(2L * Long.BYTES);
        int from = 0;
        while (from < distinct.length) {
            int to = Math.min(layout.runEnd(distinct, from), from + recordRows);
            requests.add(new Tuple2<>(layout.firstRow(layout.blockOf(distinct[from])),
                    new IdRequest(cell, Arrays.copyOfRange(distinct, from, to))));
            from = to;
        }
        return requests;
    }

    /** Cell {@code cell} asks for the input ids of {@code numbers} (ascending, of one home cell). A class: Kryo cannot ship records. */
    private static final class IdRequest implements Serializable {
        private final int cell;
        private final long[] numbers;

        IdRequest(int cell, long[] numbers) {
            this.cell = cell;
            this.numbers = numbers;
        }

        IdAnswer answer(long[] homeInputIds, BlockLayout layout) {
            long first = layout.firstRow(layout.blockOf(numbers[0]));
            long[] ids = new long[numbers.length];
            for (int i = 0; i < numbers.length; i++) {
                ids[i] = homeInputIds[(int) (numbers[i] - first)];
            }
            return new IdAnswer(numbers, ids);
        }
    }

    /** Numbers (ascending) and the input ids they stand for. */
    private static final class IdAnswer implements Serializable {
        private final long[] numbers;
        private final long[] inputIds;

        IdAnswer(long[] numbers, long[] inputIds) {
            this.numbers = numbers;
            this.inputIds = inputIds;
        }

        /** The answers one cell received, as one, numbers ascending. */
        static IdAnswer concat(Iterator<IdAnswer> parts) {
            List<IdAnswer> all = new ArrayList<>();
            parts.forEachRemaining(all::add);
            all.sort((a, b) -> Long.compare(a.numbers[0], b.numbers[0]));
            int size = all.stream().mapToInt(part -> part.numbers.length).sum();
            long[] numbers = new long[size];
            long[] ids = new long[size];
            int at = 0;
            for (IdAnswer part : all) {
                System.arraycopy(part.numbers, 0, numbers, at, part.numbers.length);
                System.arraycopy(part.inputIds, 0, ids, at, part.numbers.length);
                at += part.numbers.length;
            }
            return new IdAnswer(numbers, ids);
        }

        long inputIdOf(long number) {
            return inputIds[Arrays.binarySearch(numbers, number)];
        }
    }
}
