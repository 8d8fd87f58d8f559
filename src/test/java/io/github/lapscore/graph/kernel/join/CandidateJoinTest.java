package io.github.lapscore.graph.kernel.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.IntStream;

import io.github.lapscore.graph.distance.DistanceMeasure;
import io.github.lapscore.graph.kernel.BlockDistanceKernel;
import io.github.lapscore.graph.kernel.CandidateHeaps;
import io.github.lapscore.graph.kernel.RowEmbedding;
import io.github.lapscore.graph.kernel.WorkingBlock;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.junit.jupiter.api.Test;

/**
 * NN-descent's local joins, with either screen (the single-precision one on a copy rounded per join
 * or on blocks rounded once at a larger shared scale), against the joins written out: every pair of two new
 * candidates and of a new and an old one measured exactly, each point offered to the other when
 * within its K-th, each point keeping the K best distinct offers by distance, then id. The joins read
 * the points scattered over {@value #SOURCES} working blocks, interleaved, as a batch reads the
 * cells it names; the joins written out read one block of all the rows.
 */
class CandidateJoinTest {

    private static final int K = 6;
    private static final int SOURCES = 3;

    private static long id(int row) {
        return 3L * row + 7;
    }

    private static RowEmbedding embedding(double[][] rows) {
        double[] centre = new double[rows[0].length];
        for (double[] row : rows) {
            for (int t = 0; t < centre.length; t++) {
                centre[t] += row[t] / rows.length;
            }
        }
        return new RowEmbedding(centre.length, DistanceMeasure.EUCLIDEAN, centre, true);
    }

    /** The rows {@code from, from + step, ...} as one working block. */
    private static WorkingBlock block(double[][] rows, RowEmbedding embedding, int from, int step) {
        int size = (rows.length - from + step - 1) / step;
        long[] ids = new long[size];
        Vector[] vectors = new Vector[size];
        for (int n = 0; n < size; n++) {
            ids[n] = id(from + n * step);
            vectors[n] = Vectors.dense(rows[from + n * step]);
        }
        return WorkingBlock.of(ids, vectors, embedding);
    }

    /** The {@value #SOURCES} source blocks: block b holds rows b, b + {@value #SOURCES}, .... */
    private static WorkingBlock[] sourceBlocks(double[][] rows, RowEmbedding embedding) {
        WorkingBlock[] blocks = new WorkingBlock[SOURCES];
        for (int b = 0; b < SOURCES; b++) {
            blocks[b] = block(rows, embedding, b, SOURCES);
        }
        return blocks;
    }

    /**
     * The source blocks rounded once at the scale of {@code largest}, above every block's magnitude,
     * as a search rounds its cells; entry i the one that holds row i.
     */
    private static SinglePrecisionBlock[] rounded(WorkingBlock[] blocks, double largest, int rows) {
        SinglePrecisionBlock[] roundedBlocks = new SinglePrecisionBlock[SOURCES];
        for (int b = 0; b < SOURCES; b++) {
            roundedBlocks[b] = SinglePrecisionBlock.of(blocks[b], largest);
        }
        SinglePrecisionBlock[] rounded = new SinglePrecisionBlock[rows];
        for (int i = 0; i < rows; i++) {
            rounded[i] = roundedBlocks[i % SOURCES];
        }
        return rounded;
    }

    /** Every row, row i read from source block i mod {@value #SOURCES}. */
    private static ScatteredPoints scattered(double[][] rows, RowEmbedding embedding) {
        WorkingBlock[] blocks = sourceBlocks(rows, embedding);
        long[] ids = new long[rows.length];
        WorkingBlock[] sources = new WorkingBlock[rows.length];
        for (int i = 0; i < rows.length; i++) {
            ids[i] = id(i);
            sources[i] = blocks[i % SOURCES];
        }
        return ScatteredPoints.of(ids, sources);
    }

    /** Distinct random positions, sorted, none in {@code taken}. */
    private static int[] positions(Random random, int size, int count, TreeSet<Integer> taken) {
        TreeSet<Integer> chosen = new TreeSet<>();
        while (chosen.size() < count) {
            int position = random.nextInt(size);
            if (!taken.contains(position)) {
                chosen.add(position);
            }
        }
        taken.addAll(chosen);
        return chosen.stream().mapToInt(Integer::intValue).toArray();
    }

    private static String heap(CandidateHeaps heaps, int row) {
        List<String> kept = new ArrayList<>();
        Integer[] order = new Integer[heaps.sizes[row]];
        for (int c = 0; c < order.length; c++) {
            order[c] = row * heaps.k + c;
        }
        Arrays.sort(order, Comparator.<Integer>comparingDouble(n -> heaps.keys[n]).thenComparingLong(n -> heaps.ids[n]));
        for (int n : order) {
            kept.add(heaps.ids[n] + "@" + heaps.keys[n]);
        }
        return kept.toString();
    }

    /**
     * Runs 30 joins of random candidate sets, each with point 0 among the new ones; every point's
     * K-th is +infinity or its exact squared distance to its 2nd to 15th nearest point, so that
     * pairs lie at and around the limits.
     */
    private static void assertJoinsAsWrittenOut(String data, double[][] rows, Random random) {
        RowEmbedding embedding = embedding(rows);
        WorkingBlock points = block(rows, embedding, 0, 1);
        double[] kthSquared = new double[points.size];
        for (int p = 0; p < points.size; p++) {
            int own = p;
            double[] distances = IntStream.range(0, points.size).filter(q -> q != own)
                    .mapToDouble(q -> points.squaredDistance(own, points, q)).sorted().toArray();
            kthSquared[p] = random.nextInt(5) == 0 ? Double.POSITIVE_INFINITY : distances[1 + random.nextInt(14)];
        }
        List<int[][]> joins = new ArrayList<>();
        for (int join = 0; join < 30; join++) {
            TreeSet<Integer> taken = new TreeSet<>(List.of(0));
            int[] fresh = positions(random, points.size, 1 + random.nextInt(Math.min(2 * K, points.size - 1)), taken);
            fresh = IntStream.concat(IntStream.of(0), Arrays.stream(fresh)).toArray();
            int[] old = positions(random, points.size, random.nextInt(Math.min(2 * K, points.size - fresh.length) + 1), taken);
            joins.add(new int[][]{fresh, old});
        }
        List<TreeSet<Long>> offered = new ArrayList<>();
        for (int p = 0; p < points.size; p++) {
            offered.add(new TreeSet<>());
        }
        for (int[][] join : joins) {
            int[] fresh = join[0];
            int[] old = join[1];
            for (int x = 0; x < fresh.length; x++) {
                for (int y = 0; y < fresh.length + old.length; y++) {
                    if (y < fresh.length && y <= x) {
                        continue;
                    }
                    int a = fresh[x];
                    int b = y < fresh.length ? fresh[y] : old[y - fresh.length];
                    double squared = points.squaredDistance(a, points, b);
                    if (squared <= kthSquared[a]) {
                        offered.get(a).add(points.ids[b]);
                    }
                    if (squared <= kthSquared[b]) {
                        offered.get(b).add(points.ids[a]);
                    }
                }
            }
        }
        WorkingBlock[] sources = sourceBlocks(rows, embedding);
        double largest = 4 * Arrays.stream(sources).mapToDouble(WorkingBlock::largestMagnitude).max().orElseThrow();
        List<String> screens = new ArrayList<>(List.of("single precision", "ddot"));
        if (BlockDistanceKernel.SINGLE_PRECISION_SCREEN) {
            screens.add("rounded blocks");
        }
        for (String screen : screens) {
            CandidateHeaps offers = new CandidateHeaps(points.size, K);
            ScatteredPoints scattered = scattered(rows, embedding);
            CandidateJoin candidateJoin = screen.equals("rounded blocks")
                    ? CandidateJoin.onRoundedBlocks(scattered, rounded(sources, largest, rows.length), kthSquared, offers, 4 * K + 1)
                    : new CandidateJoin(scattered, kthSquared, offers, 4 * K + 1, screen.equals("single precision"));
            for (int[][] join : joins) {
                candidateJoin.join(join[0], join[1]);
            }
            int nonEmpty = 0;
            for (int p = 0; p < points.size; p++) {
                int own = p;
                List<String> expected = new ArrayList<>();
                offered.get(p).stream()
                        .sorted(Comparator.<Long>comparingDouble(id -> points.squaredDistance(own, points, points.positionOf(id)))
                                .thenComparingLong(id -> id))
                        .limit(K)
                        .forEach(id -> expected.add(id + "@" + points.squaredDistance(own, points, points.positionOf(id))));
                assertEquals(expected.toString(), heap(offers, p), data + ", " + screen + ", point " + p);
                nonEmpty += expected.isEmpty() ? 0 : 1;
            }
            assertTrue(nonEmpty > points.size / 2, data + ": the joins offered to " + nonEmpty + " points only");
        }
    }

    @Test
    void joinsOfGaussianPointsOfSeveralDimensions() {
        Random random = new Random(12);
        for (int dim : new int[]{1, 5, 50, 100}) {
            double[][] rows = new double[120][dim];
            for (double[] row : rows) {
                for (int t = 0; t < dim; t++) {
                    row[t] = random.nextGaussian();
                }
            }
            assertJoinsAsWrittenOut("gaussian, " + dim + " dims", rows, random);
        }
    }

    /**
     * Point 0 with the others at squared distances from it one part in 10^12 apart, beside a far
     * cluster that dwarfs them in the points' norms, and duplicates.
     */
    @Test
    void nearTiesBesideAFarClusterAndDuplicates() {
        Random random = new Random(13);
        int dim = 20;
        double[][] rows = new double[100][dim];
        for (int i = 1; i < rows.length; i++) {
            double radius = 1.0 + 1e-12 * random.nextInt(30);
            double norm = 0.0;
            for (int t = 0; t < dim; t++) {
                rows[i][t] = random.nextGaussian();
                norm += rows[i][t] * rows[i][t];
            }
            for (int t = 0; t < dim; t++) {
                rows[i][t] = rows[i][t] * radius / Math.sqrt(norm) + (i >= 70 ? 300.0 : 0.0);
            }
        }
        for (double[] row : rows) {
            for (int t = 0; t < dim; t++) {
                row[t] += 1e4;
            }
        }
        for (int i = 50; i < 60; i++) {
            rows[i] = rows[i - 10].clone();
        }
        assertJoinsAsWrittenOut("near-ties, far cluster, duplicates", rows, random);
    }

    @Test
    void blocksRoundedAtDifferentScalesAreRefused() {
        double[][] rows = new double[12][3];
        Random random = new Random(14);
        for (double[] row : rows) {
            Arrays.setAll(row, t -> random.nextGaussian());
        }
        RowEmbedding embedding = embedding(rows);
        WorkingBlock[] sources = sourceBlocks(rows, embedding);
        double largest = Arrays.stream(sources).mapToDouble(WorkingBlock::largestMagnitude).max().orElseThrow();
        IllegalArgumentException below = assertThrows(IllegalArgumentException.class,
                () -> SinglePrecisionBlock.of(sources[0], sources[0].largestMagnitude() / 2));
        assertTrue(below.getMessage().contains("cannot be rounded at the scale of"), below.getMessage());
        if (BlockDistanceKernel.SINGLE_PRECISION_SCREEN) {
            SinglePrecisionBlock[] mixed = rounded(sources, largest, rows.length);
            mixed[1] = SinglePrecisionBlock.of(sources[1], 2 * largest);
            assertThrows(IllegalStateException.class, () -> CandidateJoin.onRoundedBlocks(scattered(rows, embedding), mixed,
                    new double[rows.length], new CandidateHeaps(rows.length, K), 4 * K + 1));
        }
    }
}
