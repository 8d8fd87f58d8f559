package lapscore.graph.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.stream.IntStream;

import lapscore.graph.distance.DistanceMeasure;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.junit.jupiter.api.Test;

/**
 * The kNN scan's heaps, with either screen, against an unscreened search: every pair's exact squared
 * distance ({@link WorkingBlock#squaredDistance}, itself checked against the plain sum in
 * {@link WorkingBlockTest}) sorted by distance, then by row id. The data are chosen to break a
 * screen whose slack is too small: near-ties far below single precision's resolution, exact ties
 * from duplicates and integer grids, a large common offset, and features of very different scales.
 */
class BlockDistanceKernelTest {

    private static final int K = 5;

    /** The ids and keys of a row's k best, sorted by key, then id, as an unscreened search ranks them. */
    private static String bruteForce(WorkingBlock own, int i, WorkingBlock others, boolean sameBlock, int k) {
        return bruteForce(own, i, others, sameBlock, k, Double.POSITIVE_INFINITY);
    }

    /** The same for the candidates whose squared distance is at most {@code ceiling}. */
    private static String bruteForce(WorkingBlock own, int i, WorkingBlock others, boolean sameBlock, int k, double ceiling) {
        Integer[] candidates = ranked(own, i, others, sameBlock);
        StringBuilder kept = new StringBuilder();
        for (int c = 0, n = 0; c < candidates.length && n < k; c++) {
            double squared = own.squaredDistance(i, others, candidates[c]);
            if (squared <= ceiling) {
                kept.append(others.ids[candidates[c]]).append('@').append(squared).append(' ');
                n++;
            }
        }
        return kept.toString();
    }

    /** Row i's candidates among {@code others}, nearest first, ties by id. */
    private static Integer[] ranked(WorkingBlock own, int i, WorkingBlock others, boolean sameBlock) {
        Integer[] candidates = IntStream.range(0, others.size).filter(j -> !sameBlock || j != i).boxed().toArray(Integer[]::new);
        Arrays.sort(candidates, Comparator.<Integer>comparingDouble(j -> own.squaredDistance(i, others, j))
                .thenComparingLong(j -> others.ids[j]));
        return candidates;
    }

    /**
     * A ceiling for row i that tests each side of the rule, by i mod 5: none; exactly the squared
     * distance of its (k/2 + 1)-th nearest, so ties with the ceiling must be kept; just below its
     * nearest, so nothing may enter; one past its k-th, so the heap fills as without a ceiling;
     * half its nearest's, between none and all.
     */
    private static double ceilingOf(WorkingBlock own, int i, WorkingBlock others, boolean sameBlock, int k) {
        Integer[] candidates = ranked(own, i, others, sameBlock);
        if (candidates.length == 0 || i % 5 == 0) {
            return Double.POSITIVE_INFINITY;
        }
        double[] squared = Arrays.stream(candidates).mapToDouble(j -> own.squaredDistance(i, others, j)).toArray();
        return switch (i % 5) {
            case 1 -> squared[Math.min(k / 2, squared.length - 1)];
            case 2 -> Math.nextDown(squared[0]);
            case 3 -> squared[Math.min(k, squared.length - 1)];
            default -> squared[0] / 2;
        };
    }

    /** Heaps of k for every row of {@code block}, each row's ceiling from {@link #ceilingOf} against {@code others}. */
    private static CandidateHeaps limited(WorkingBlock block, WorkingBlock others, boolean sameBlock, int k) {
        CandidateHeaps heaps = new CandidateHeaps(block.size, k);
        for (int i = 0; i < block.size; i++) {
            heaps.limitTo(i, ceilingOf(block, i, others, sameBlock, k));
        }
        return heaps;
    }

    /** Row i's heap as the same text, sorted by key, then id. */
    private static String heap(CandidateHeaps heaps, int i) {
        int base = i * heaps.k;
        Integer[] order = IntStream.range(0, heaps.sizes[i]).boxed().toArray(Integer[]::new);
        Arrays.sort(order, Comparator.<Integer>comparingDouble(c -> heaps.keys[base + c]).thenComparingLong(c -> heaps.ids[base + c]));
        StringBuilder kept = new StringBuilder();
        for (int c : order) {
            kept.append(heaps.ids[base + c]).append('@').append(heaps.keys[base + c]).append(' ');
        }
        return kept.toString();
    }

    private static WorkingBlock block(double[][] rows, long firstId, double[] centre) {
        long[] ids = new long[rows.length];
        Vector[] vectors = new Vector[rows.length];
        for (int i = 0; i < rows.length; i++) {
            ids[i] = firstId + i;
            vectors[i] = Vectors.dense(rows[i]);
        }
        return WorkingBlock.of(ids, vectors, new RowEmbedding(centre.length, DistanceMeasure.EUCLIDEAN, centre, true));
    }

    private static double[] meanOf(double[][] rows) {
        double[] mean = new double[rows[0].length];
        for (double[] row : rows) {
            for (int t = 0; t < mean.length; t++) {
                mean[t] += row[t] / rows.length;
            }
        }
        return mean;
    }

    /**
     * Both screens, within one block and between two, against the brute force, for every row; and
     * again with a ceiling on each row's heap ({@link CandidateHeaps#limitTo}, {@link #ceilingOf}).
     */
    private static void assertUnscreenedHeaps(String data, double[][] leftRows, double[][] rightRows, int k) {
        double[][] all = IntStream.range(0, leftRows.length + rightRows.length)
                .mapToObj(r -> r < leftRows.length ? leftRows[r] : rightRows[r - leftRows.length]).toArray(double[][]::new);
        double[] centre = meanOf(all);
        WorkingBlock left = block(leftRows, 0, centre);
        WorkingBlock right = block(rightRows, leftRows.length, centre);
        for (boolean singlePrecision : new boolean[]{true, false}) {
            String screen = data + (singlePrecision ? ", single-precision screen" : ", dgemm screen");
            CandidateHeaps within = new CandidateHeaps(left.size, k);
            BlockDistanceKernel.scan(left, left, within, within, singlePrecision);
            CandidateHeaps leftHeaps = new CandidateHeaps(left.size, k);
            CandidateHeaps rightHeaps = new CandidateHeaps(right.size, k);
            BlockDistanceKernel.scan(left, right, leftHeaps, rightHeaps, singlePrecision);
            CandidateHeaps leftOnly = new CandidateHeaps(left.size, k);
            BlockDistanceKernel.scan(left, right, leftOnly, null, singlePrecision);
            for (int i = 0; i < left.size; i++) {
                assertEquals(bruteForce(left, i, left, true, k), heap(within, i), screen + ", one block, row " + i);
                assertEquals(bruteForce(left, i, right, false, k), heap(leftHeaps, i), screen + ", left row " + i);
                assertEquals(bruteForce(left, i, right, false, k), heap(leftOnly, i), screen + ", left heaps only, row " + i);
            }
            for (int j = 0; j < right.size; j++) {
                assertEquals(bruteForce(right, j, left, false, k), heap(rightHeaps, j), screen + ", right row " + j);
            }
            CandidateHeaps withinBelow = limited(left, left, true, k);
            BlockDistanceKernel.scan(left, left, withinBelow, withinBelow, singlePrecision);
            CandidateHeaps leftBelow = limited(left, right, false, k);
            CandidateHeaps rightBelow = limited(right, left, false, k);
            BlockDistanceKernel.scan(left, right, leftBelow, rightBelow, singlePrecision);
            for (int i = 0; i < left.size; i++) {
                assertEquals(bruteForce(left, i, left, true, k, ceilingOf(left, i, left, true, k)), heap(withinBelow, i),
                        screen + ", one block, row " + i + " below its ceiling");
                assertEquals(bruteForce(left, i, right, false, k, ceilingOf(left, i, right, false, k)), heap(leftBelow, i),
                        screen + ", left row " + i + " below its ceiling");
            }
            for (int j = 0; j < right.size; j++) {
                assertEquals(bruteForce(right, j, left, false, k, ceilingOf(right, j, left, false, k)), heap(rightBelow, j),
                        screen + ", right row " + j + " below its ceiling");
            }
        }
    }

    private static double[][] rows(int count, int dim, BiFunction<Integer, Integer, Double> value) {
        double[][] rows = new double[count][dim];
        for (int i = 0; i < count; i++) {
            for (int t = 0; t < dim; t++) {
                rows[i][t] = value.apply(i, t);
            }
        }
        return rows;
    }

    @Test
    void gaussianRowsOfManyShapes() {
        Random random = new Random(3);
        for (int dim : new int[]{1, 7, 50, 130}) {
            for (int[] sizes : new int[][]{{1, 1}, {3, 40}, {37, 70}, {300, 33}}) {
                assertUnscreenedHeaps("gaussian, " + dim + " dims, " + sizes[0] + " x " + sizes[1],
                        rows(sizes[0], dim, (i, t) -> random.nextGaussian()), rows(sizes[1], dim, (i, t) -> random.nextGaussian()), K);
            }
        }
    }

    /**
     * Rows at squared distances from row 0 that differ by one part in 10^12 (single precision
     * resolves one in 10^7): only the exact distances can rank them, so a screen that dropped any
     * pair within its rounding would lose a neighbour. With a large common offset and without, and
     * with a far cluster that moves the centre away, so that the points' norms dwarf their
     * distances and single-precision rounding is larger than the distances themselves.
     */
    @Test
    void nearTiesBelowSinglePrecisionAreRankedByTheExactDistance() {
        Random random = new Random(8);
        for (double offset : new double[]{0.0, 1e6}) {
            for (int dim : new int[]{2, 50}) {
                double[][] rows = new double[90][dim];
                for (int i = 1; i < rows.length; i++) {
                    double[] direction = new double[dim];
                    double norm = 0.0;
                    for (int t = 0; t < dim; t++) {
                        direction[t] = random.nextGaussian();
                        norm += direction[t] * direction[t];
                    }
                    double radius = 1.0 + 1e-12 * random.nextInt(40);
                    for (int t = 0; t < dim; t++) {
                        rows[i][t] = direction[t] * radius / Math.sqrt(norm);
                    }
                }
                for (double[] row : rows) {
                    for (int t = 0; t < dim; t++) {
                        row[t] += offset;
                    }
                }
                assertUnscreenedHeaps("near-ties, offset " + offset + ", " + dim + " dims",
                        Arrays.copyOfRange(rows, 0, 50), Arrays.copyOfRange(rows, 50, 90), 20);
                double[][] withFarCluster = rows(70, dim, (i, t) -> i < 40 ? rows[50 + i][t] : rows[i][t] + 100.0);
                assertUnscreenedHeaps("near-ties beside a far cluster, offset " + offset + ", " + dim + " dims",
                        Arrays.copyOfRange(rows, 0, 50), withFarCluster, 20);
            }
        }
    }

    /** Duplicated rows and small integer grids: many exact ties, broken by row id. */
    @Test
    void exactTiesFromDuplicatesAndGridsFollowRowOrder() {
        Random random = new Random(5);
        double[][] distinct = rows(40, 4, (i, t) -> (double) random.nextInt(3));
        double[][] copies = rows(160, 4, (i, t) -> distinct[i % 40][t]);
        assertUnscreenedHeaps("duplicates", Arrays.copyOfRange(copies, 0, 100), Arrays.copyOfRange(copies, 100, 160), K);
        double[][] identical = rows(70, 3, (i, t) -> 2.5);
        assertUnscreenedHeaps("identical rows", Arrays.copyOfRange(identical, 0, 35), Arrays.copyOfRange(identical, 35, 70), K);
    }

    /** One feature near 1e-30 (below single precision's normal range once scaled), one near 1e20, one near 1. */
    @Test
    void featuresOfVeryDifferentScales() {
        Random random = new Random(6);
        double[][] rows = rows(120, 3, (i, t) -> random.nextGaussian() * new double[]{1e-30, 1e20, 1.0}[t]);
        assertUnscreenedHeaps("mixed scales", Arrays.copyOfRange(rows, 0, 60), Arrays.copyOfRange(rows, 60, 120), K);
        double[][] tiny = rows(80, 5, (i, t) -> random.nextGaussian() * 1e-40);
        assertUnscreenedHeaps("all features near 1e-40", Arrays.copyOfRange(tiny, 0, 40), Arrays.copyOfRange(tiny, 40, 80), K);
    }

    /** The screen keeps the heaps' rule that a row is not its own neighbour and that each pair of one block is met once. */
    @Test
    void withinOneBlockNoRowIsItsOwnCandidateNorAnyCandidateTwice() {
        Random random = new Random(9);
        double[][] rows = rows(200, 10, (i, t) -> (double) random.nextInt(2));
        WorkingBlock block = block(rows, 1000, meanOf(rows));
        for (boolean singlePrecision : new boolean[]{true, false}) {
            CandidateHeaps heaps = new CandidateHeaps(block.size, 30);
            BlockDistanceKernel.scan(block, block, heaps, heaps, singlePrecision);
            for (int i = 0; i < block.size; i++) {
                long[] kept = Arrays.copyOfRange(heaps.ids, i * 30, i * 30 + heaps.sizes[i]);
                long rowId = block.ids[i];
                assertTrue(Arrays.stream(kept).noneMatch(id -> id == rowId), "row " + i + " is its own candidate");
                assertArrayEquals(Arrays.stream(kept).distinct().sorted().toArray(), Arrays.stream(kept).sorted().toArray(),
                        "row " + i + " holds a candidate twice");
                assertEquals(30, kept.length);
            }
        }
    }
}
