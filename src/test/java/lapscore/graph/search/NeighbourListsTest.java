package lapscore.graph.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

import lapscore.data.blocks.BlockLayout;
import lapscore.data.blocks.ShuffleRecords;
import lapscore.graph.distance.DistanceMeasure;
import lapscore.graph.kernel.BlockDistanceKernel;
import lapscore.graph.kernel.CandidateHeaps;
import lapscore.graph.kernel.RowEmbedding;
import lapscore.graph.kernel.WorkingBlock;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.junit.jupiter.api.Test;

import scala.Tuple2;

/** Merging candidate lists: k best, duplicates once, order of merging irrelevant. */
class NeighbourListsTest {

    /** Lists of rows {0, 1} over candidates {@code others}, found by the kernel. */
    private static NeighbourLists listsAmong(double[][] others, long[] otherIds, int k) {
        Vector[] own = {Vectors.dense(0.0), Vectors.dense(10.0)};
        Vector[] candidates = new Vector[others.length];
        for (int i = 0; i < others.length; i++) {
            candidates[i] = Vectors.dense(others[i]);
        }
        WorkingBlock rows = WorkingBlock.of(new long[]{0, 1}, own, new RowEmbedding(1, DistanceMeasure.EUCLIDEAN, new double[1], true));
        WorkingBlock found = WorkingBlock.of(otherIds, candidates, new RowEmbedding(1, DistanceMeasure.EUCLIDEAN, new double[1], true));
        CandidateHeaps heaps = new CandidateHeaps(2, k);
        BlockDistanceKernel.scan(rows, found, heaps, null);
        return NeighbourLists.of(heaps, rows, found);
    }

    @Test
    void mergeKeepsTheBestDistinctCandidatesInAnyOrder() {
        NeighbourLists a = listsAmong(new double[][]{{1}, {3}, {9}}, new long[]{5, 6, 7}, 3);
        NeighbourLists b = listsAmong(new double[][]{{3}, {4}, {11}}, new long[]{6, 8, 9}, 3);
        NeighbourLists c = listsAmong(new double[][]{{5}, {12}}, new long[]{10, 11}, 3);
        NeighbourLists first = NeighbourLists.empty(0, 2, 3, true).absorb(a).absorb(b).absorb(c);
        NeighbourLists second = NeighbourLists.empty(0, 2, 3, true).absorb(c).absorb(b).absorb(a);
        long[][] expected = {{5, 6, 8}, {7, 9, 11}};
        for (NeighbourLists merged : new NeighbourLists[]{first, second}) {
            for (int row = 0; row < 2; row++) {
                assertEquals(3, merged.count(row));
                for (int n = 0; n < 3; n++) {
                    assertEquals(expected[row][n], merged.neighbour(row, n), "row " + row + " neighbour " + n);
                }
            }
        }
        assertEquals(1.0, first.distance(0, 0), 0.0);
        assertEquals(3.0, first.distance(0, 1), 0.0, "row 6, found by two lists, is kept once");
    }

    @Test
    void aCandidateIsNewOnlyWhenEveryCopyIsNewInAnyMergeOrder() {
        NeighbourLists found = listsAmong(new double[][]{{1}, {2}, {3}}, new long[]{5, 6, 7}, 3);
        NeighbourLists used = found.withUsed(new int[][]{{0, 2}, {}});
        assertFalse(used.isFresh(0, 0));
        assertTrue(used.isFresh(0, 1));
        assertFalse(used.isFresh(0, 2));
        assertTrue(found.isFresh(0, 0), "marking copies, the lists marked from stay as they were");
        NeighbourLists again = listsAmong(new double[][]{{1}, {3}, {20}}, new long[]{5, 7, 12}, 3);
        NeighbourLists first = NeighbourLists.empty(0, 2, 3, true).absorb(used).absorb(again);
        NeighbourLists second = NeighbourLists.empty(0, 2, 3, true).absorb(again).absorb(used);
        for (NeighbourLists merged : new NeighbourLists[]{first, second}) {
            assertArrayEquals(new long[]{5, 6, 7}, new long[]{merged.neighbour(0, 0), merged.neighbour(0, 1), merged.neighbour(0, 2)});
            assertFalse(merged.isFresh(0, 0), "row 5: old in one copy");
            assertTrue(merged.isFresh(0, 1), "row 6: new in its only copy");
            assertFalse(merged.isFresh(0, 2), "row 7, the last kept: old in one copy, whichever list came first");
        }
        assertEquals(4, first.freshEntries(), "row 6 for row 0; rows 7, 6 and 5 for row 1, new in every copy");
    }

    @Test
    void truncationKeepsEachRowsNearest() {
        NeighbourLists five = listsAmong(new double[][]{{4}, {1}, {9}, {2}, {12}}, new long[]{5, 6, 7, 8, 9}, 5);
        NeighbourLists two = five.truncate(2);
        assertEquals(2, two.k());
        assertArrayEquals(new long[]{6, 8}, new long[]{two.neighbour(0, 0), two.neighbour(0, 1)});
        assertArrayEquals(new long[]{7, 9}, new long[]{two.neighbour(1, 0), two.neighbour(1, 1)});
        assertEquals(2.0, two.distance(0, 1), 0.0);
        assertSame(five, five.truncate(5), "nothing to cut");
    }

    /**
     * Merges of random lists against a merge written plainly here: for each row, every entry of
     * every list merged, one per candidate (its distance is the same in every list), sorted by
     * distance then id, the first k kept, each new only when all its copies are. Candidates lie on
     * a line at whole positions, so that distances tie and the ids order them; lists hold fewer
     * entries than k or k, their offers landing before, among and after the entries already kept.
     */
    @Test
    void mergesOfRandomListsKeepWhatAPlainMergeKeeps() {
        Random random = new Random(17);
        int k = 5;
        double[][] pool = new double[40][];
        long[] poolIds = new long[pool.length];
        for (int c = 0; c < pool.length; c++) {
            pool[c] = new double[]{random.nextInt(21)};
            poolIds[c] = 100 + c;
        }
        for (int trial = 0; trial < 200; trial++) {
            List<NeighbourLists> lists = new ArrayList<>();
            for (int l = 0; l < 1 + random.nextInt(5); l++) {
                int[] chosen = random.ints(0, pool.length).distinct().limit(1 + random.nextInt(8)).sorted().toArray();
                NeighbourLists found = listsAmong(IntStream.of(chosen).mapToObj(c -> pool[c]).toArray(double[][]::new),
                        IntStream.of(chosen).mapToLong(c -> poolIds[c]).toArray(), k);
                int[][] used = new int[2][];
                for (int row = 0; row < 2; row++) {
                    used[row] = IntStream.range(0, found.count(row)).filter(n -> random.nextInt(3) == 0).toArray();
                }
                lists.add(found.withUsed(used));
            }
            NeighbourLists merged = NeighbourLists.empty(0, 2, k, true);
            lists.forEach(merged::absorb);
            for (int row = 0; row < 2; row++) {
                TreeMap<Long, double[]> entries = new TreeMap<>();
                for (NeighbourLists list : lists) {
                    for (int n = 0; n < list.count(row); n++) {
                        double[] entry = entries.computeIfAbsent(list.neighbour(row, n), id -> new double[]{0, 1});
                        entry[0] = list.distance(row, n);
                        entry[1] = list.isFresh(row, n) ? entry[1] : 0;
                    }
                }
                List<Long> expected = new ArrayList<>(entries.keySet());
                expected.sort((a, b) -> entries.get(a)[0] != entries.get(b)[0] ? Double.compare(entries.get(a)[0], entries.get(b)[0])
                        : Long.compare(a, b));
                expected = expected.subList(0, Math.min(k, expected.size()));
                assertEquals(expected.size(), merged.count(row), "trial " + trial + ", row " + row);
                for (int n = 0; n < expected.size(); n++) {
                    String where = "trial " + trial + ", row " + row + ", entry " + n;
                    assertEquals(expected.get(n), merged.neighbour(row, n), where);
                    assertEquals(entries.get(expected.get(n))[0], merged.distance(row, n), 0.0, where);
                    assertEquals(entries.get(expected.get(n))[1] == 1, merged.isFresh(row, n), where);
                }
            }
        }
    }

    /**
     * A full row passed over because every offer ranks after its k-th keeps its entries and flags; a
     * row of the same lists whose offers do rank better takes them in.
     */
    @Test
    void offersThatAllRankAfterAFullListLeaveItAsItIs() {
        NeighbourLists lists = NeighbourLists.empty(0, 2, 3, true).absorb(listsAmong(new double[][]{{1}, {2}, {3}}, new long[]{5, 6, 7}, 3));
        lists.absorb(listsAmong(new double[][]{{3.5}, {4}, {6}}, new long[]{8, 9, 10}, 3));
        long[][] expected = {{5, 6, 7}, {10, 9, 8}};
        double[][] distances = {{1, 2, 3}, {4, 6, 6.5}};
        for (int row = 0; row < 2; row++) {
            assertEquals(3, lists.count(row));
            for (int n = 0; n < 3; n++) {
                assertEquals(expected[row][n], lists.neighbour(row, n), "row " + row + " entry " + n);
                assertEquals(distances[row][n], lists.distance(row, n), 1e-12, "row " + row + " entry " + n);
                assertTrue(lists.isFresh(row, n), "row " + row + " entry " + n);
            }
        }
    }

    /**
     * A fragment stores as many entries per row as its fullest row holds, not k: rows offered one or
     * two candidates each in lists of 16 serialise to less than their ids alone would take at 16 per
     * row, and merge into a block's lists exactly like the full lists they come from.
     */
    @Test
    void fragmentsOfFewOffersAreCompactAndMergeLikeFullLists() throws IOException {
        int rows = 50;
        int k = 16;
        long[] ids = LongStream.range(100, 100 + rows).toArray();
        Vector[] vectors = new Vector[rows];
        for (int i = 0; i < rows; i++) {
            vectors[i] = Vectors.dense(i * i % 17, i % 5);
        }
        WorkingBlock points = WorkingBlock.of(ids, vectors, new RowEmbedding(2, DistanceMeasure.EUCLIDEAN, new double[2], true));
        CandidateHeaps heaps = new CandidateHeaps(rows, k);
        for (int i = 0; i < rows; i++) {
            for (int j = i + 1; j <= i + 1 + i % 2 && j < rows; j++) {
                heaps.offerIfAbsent(i, ids[j], points.squaredDistance(i, points, j));
            }
        }
        BlockLayout layout = new BlockLayout(100L + rows, 25);
        NeighbourLists fromFragments = NeighbourLists.empty(125, 25, k, true);
        List<Tuple2<Long, NeighbourLists>> fragments = new ArrayList<>();
        NeighbourLists.fragmentsOf(heaps, points, points, layout).forEachRemaining(fragments::add);
        for (Tuple2<Long, NeighbourLists> fragment : fragments) {
            assertTrue(serialisedSize(fragment._2()) < fragment._2().rows() * k * Long.BYTES,
                    "fragment of " + fragment._2().rows() + " rows: " + serialisedSize(fragment._2()) + " bytes");
            if (fragment._1() == 125) {
                fromFragments.absorb(fragment._2());
            }
        }
        NeighbourLists full = NeighbourLists.of(heaps, points, points);
        NeighbourLists fromFull = NeighbourLists.empty(125, 25, k, true);
        full.fragmentsByBlock(layout).forEachRemaining(cut -> {
            if (cut._1() == 125) {
                fromFull.absorb(cut._2());
            }
        });
        for (int row = 0; row < 25; row++) {
            assertEquals(fromFull.count(row), fromFragments.count(row));
            assertTrue(fromFragments.count(row) >= 1 || row == 24, "row " + row);
            for (int n = 0; n < fromFull.count(row); n++) {
                assertEquals(fromFull.neighbour(row, n), fromFragments.neighbour(row, n));
                assertEquals(fromFull.distance(row, n), fromFragments.distance(row, n), 0.0);
                assertEquals(fromFull.cosine(row, n), fromFragments.cosine(row, n), 0.0);
            }
        }
        assertThrows(IllegalStateException.class, () -> fragments.get(0)._2().absorb(full),
                "a fragment, narrower than k, takes nothing in");
    }

    private static int serialisedSize(Object value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        return bytes.size();
    }

    /**
     * The fragments streamed from a join's heaps equal the full lists cut by block (cosines
     * included: the embedding's centre is off the origin).
     */
    @Test
    void fragmentsBuiltFromTheHeapsEqualTheListsCutByBlock() {
        Random random = new Random(11);
        int rows = 40;
        long[] ids = new long[rows];
        Vector[] vectors = new Vector[rows];
        for (int i = 0; i < rows; i++) {
            ids[i] = 3L * i;
            vectors[i] = Vectors.dense(random.nextGaussian(), random.nextGaussian());
        }
        RowEmbedding embedding = new RowEmbedding(2, DistanceMeasure.EUCLIDEAN, new double[]{0.5, -1.5}, true);
        WorkingBlock points = WorkingBlock.of(ids, vectors, embedding);
        CandidateHeaps heaps = new CandidateHeaps(rows, 4);
        for (int i = 0; i < rows; i++) {
            if (i % 7 == 3) {
                continue;
            }
            for (int j = 0; j < rows; j++) {
                if (j != i && random.nextDouble() < 0.3) {
                    heaps.offerIfAbsent(i, ids[j], points.squaredDistanceEstimate(i, points, j));
                }
            }
        }
        BlockLayout layout = new BlockLayout(3L * rows, 10);
        List<Tuple2<Long, NeighbourLists>> cut = new ArrayList<>();
        NeighbourLists.of(heaps, points, points).fragmentsByBlock(layout).forEachRemaining(cut::add);
        List<Tuple2<Long, NeighbourLists>> fromOneBlock = new ArrayList<>();
        NeighbourLists.fragmentsOf(heaps, points, points, layout).forEachRemaining(fromOneBlock::add);
        assertEquals(12, cut.size(), "40 rows three ids apart fill 12 blocks of 10 ids");
        assertFragmentsEqual(cut, fromOneBlock);
    }

    /**
     * A block's rows fill as many fragments as one shuffle record's rows allow
     * ({@link ShuffleRecords}): no fragment grows with the rows of a block, and the fragments merge
     * back into the lists they were cut from.
     */
    @Test
    void aBlocksListsTravelInFragmentsOfAtMostOneRecordsRows() {
        int rows = 3000;
        int k = 200;
        Random random = new Random(3);
        long[] ids = LongStream.range(0, rows).toArray();
        Vector[] vectors = new Vector[rows];
        for (int i = 0; i < rows; i++) {
            vectors[i] = Vectors.dense(random.nextGaussian(), random.nextGaussian());
        }
        WorkingBlock points = WorkingBlock.of(ids, vectors, new RowEmbedding(2, DistanceMeasure.EUCLIDEAN, new double[2], true));
        CandidateHeaps heaps = new CandidateHeaps(rows, k);
        for (int i = 0; i < rows; i++) {
            for (int n = 0; n < k; n++) {
                int j = random.nextInt(rows);
                if (j != i) {
                    heaps.offerIfAbsent(i, j, points.squaredDistance(i, points, j));
                }
            }
        }
        NeighbourLists full = NeighbourLists.of(heaps, points, points);
        BlockLayout oneBlock = new BlockLayout(rows, rows);
        List<Tuple2<Long, NeighbourLists>> fragments = new ArrayList<>();
        NeighbourLists.fragmentsOf(heaps, points, points, oneBlock).forEachRemaining(fragments::add);
        int recordRows = (int) (ShuffleRecords.MAX_BYTES / (k * (Long.BYTES + Double.BYTES + 1 + Double.BYTES) + Long.BYTES));
        assertEquals((rows + recordRows - 1) / recordRows, fragments.size());
        NeighbourLists merged = NeighbourLists.empty(0, rows, k, true);
        for (Tuple2<Long, NeighbourLists> fragment : fragments) {
            assertEquals(0L, fragment._1(), "keyed by the block");
            assertTrue(fragment._2().rows() <= recordRows, fragment._2().rows() + " rows");
            merged.absorb(fragment._2());
        }
        for (int row = 0; row < rows; row++) {
            assertEquals(full.count(row), merged.count(row));
            for (int n = 0; n < full.count(row); n++) {
                assertEquals(full.neighbour(row, n), merged.neighbour(row, n));
                assertEquals(full.distance(row, n), merged.distance(row, n), 0.0);
            }
        }
    }

    private static void assertFragmentsEqual(List<Tuple2<Long, NeighbourLists>> cut, List<Tuple2<Long, NeighbourLists>> streamed) {
        assertEquals(cut.size(), streamed.size());
        for (int f = 0; f < cut.size(); f++) {
            assertEquals(cut.get(f)._1(), streamed.get(f)._1());
            NeighbourLists expected = cut.get(f)._2();
            NeighbourLists actual = streamed.get(f)._2();
            assertEquals(expected.rows(), actual.rows());
            for (int row = 0; row < expected.rows(); row++) {
                assertEquals(expected.rowId(row), actual.rowId(row));
                assertEquals(actual.rowId(row) / 10 * 10, streamed.get(f)._1(), "keyed by the first id of the row's block of 10");
                assertTrue(expected.rowId(row) % 21 != 9, "a row without candidates is left out");
                assertEquals(expected.count(row), actual.count(row));
                for (int n = 0; n < expected.count(row); n++) {
                    assertEquals(expected.neighbour(row, n), actual.neighbour(row, n));
                    assertEquals(expected.distance(row, n), actual.distance(row, n), 0.0);
                    assertEquals(expected.cosine(row, n), actual.cosine(row, n), 0.0);
                    assertFalse(Double.isNaN(actual.cosine(row, n)), "cosines kept");
                }
            }
        }
    }

    /**
     * Lists searched without cosines (any kernel but the cosine kernel) hold the same candidates,
     * distances and flags as lists with them, through every operation the search applies, ship less,
     * and answer NaN for a cosine; the two kinds cannot be merged.
     */
    @Test
    void listsWithoutCosinesHoldTheSameEntriesAndShipLess() throws IOException {
        Random random = new Random(5);
        int rows = 30;
        long[] ids = LongStream.range(0, rows).toArray();
        Vector[] vectors = new Vector[rows];
        for (int i = 0; i < rows; i++) {
            vectors[i] = Vectors.dense(random.nextGaussian() + 3.0, random.nextGaussian());
        }
        double[] centre = {3.0, 0.0};
        WorkingBlock withCosines = WorkingBlock.of(ids, vectors, new RowEmbedding(2, DistanceMeasure.EUCLIDEAN, centre, true));
        WorkingBlock without = WorkingBlock.of(ids, vectors, new RowEmbedding(2, DistanceMeasure.EUCLIDEAN, centre, false));
        assertTrue(withCosines.keepsCosines());
        assertFalse(without.keepsCosines());
        CandidateHeaps heaps = new CandidateHeaps(rows, 5);
        BlockDistanceKernel.scan(withCosines, withCosines, heaps, heaps);
        NeighbourLists kept = NeighbourLists.of(heaps, withCosines, withCosines);
        NeighbourLists lean = NeighbourLists.of(heaps, without, without);
        assertTrue(kept.keepsCosines());
        assertFalse(lean.keepsCosines());
        assertTrue(serialisedSize(lean) < serialisedSize(kept), serialisedSize(lean) + " bytes against " + serialisedSize(kept));
        int[][] used = new int[rows][];
        for (int row = 0; row < rows; row++) {
            used[row] = new int[]{row % 5};
        }
        long[] reversed = LongStream.range(0, rows).map(row -> rows - 1 - row).toArray();
        List<NeighbourLists[]> pairs = List.of(
                new NeighbourLists[]{kept, lean},
                new NeighbourLists[]{NeighbourLists.empty(0, rows, 5, true).absorb(kept.withUsed(used)),
                        NeighbourLists.empty(0, rows, 5, false).absorb(lean.withUsed(used))},
                new NeighbourLists[]{kept.truncate(3), lean.truncate(3)},
                new NeighbourLists[]{kept.renamed(reversed, id -> rows - 1 - id), lean.renamed(reversed, id -> rows - 1 - id)});
        for (NeighbourLists[] pair : pairs) {
            assertFalse(pair[1].keepsCosines());
            for (int row = 0; row < rows; row++) {
                assertEquals(pair[0].rowId(row), pair[1].rowId(row));
                assertEquals(pair[0].count(row), pair[1].count(row));
                for (int n = 0; n < pair[0].count(row); n++) {
                    assertEquals(pair[0].neighbour(row, n), pair[1].neighbour(row, n));
                    assertEquals(pair[0].distance(row, n), pair[1].distance(row, n), 0.0);
                    assertEquals(pair[0].isFresh(row, n), pair[1].isFresh(row, n));
                    assertTrue(Double.isNaN(pair[1].cosine(row, n)));
                }
            }
        }
        for (int row = 0; row < rows; row++) {
            for (int n = 0; n < kept.count(row); n++) {
                double[] a = vectors[(int) kept.rowId(row)].toArray();
                double[] b = vectors[(int) kept.neighbour(row, n)].toArray();
                double rawCosine = (a[0] * b[0] + a[1] * b[1]) / (Math.hypot(a[0], a[1]) * Math.hypot(b[0], b[1]));
                assertEquals(rawCosine, kept.cosine(row, n), 1e-12, "the lists with cosines keep the raw rows' cosine");
            }
        }
        assertThrows(IllegalStateException.class, () -> NeighbourLists.empty(0, rows, 5, true).absorb(lean));
        assertThrows(IllegalStateException.class, () -> NeighbourLists.empty(0, rows, 5, false).absorb(kept));
    }
}
