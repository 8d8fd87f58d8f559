package lapscore.graph.kernel.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.IntStream;

import lapscore.graph.distance.DistanceMeasure;
import lapscore.graph.kernel.CandidateHeaps;
import lapscore.graph.kernel.RowEmbedding;
import lapscore.graph.kernel.WorkingBlock;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.junit.jupiter.api.Test;

/**
 * NN-descent's local joins, with either screen (single precision, or {@code ddot} less its rounding
 * bound), against the joins written out: every pair of two new candidates and of a new and an old
 * one measured exactly, each point offered to the other when within its K-th, each point keeping
 * the K best distinct offers by distance, then id.
 */
class CandidateJoinTest {

    private static final int K = 6;

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

    /** Every row as one working block, row i with id {@link #id}(i). */
    private static WorkingBlock block(double[][] rows, RowEmbedding embedding) {
        long[] ids = new long[rows.length];
        Vector[] vectors = new Vector[rows.length];
        for (int n = 0; n < rows.length; n++) {
            ids[n] = id(n);
            vectors[n] = Vectors.dense(rows[n]);
        }
        return WorkingBlock.of(ids, vectors, embedding);
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
        WorkingBlock points = block(rows, embedding);
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
        for (String screen : List.of("single precision", "ddot")) {
            CandidateHeaps offers = new CandidateHeaps(points.size, K);
            CandidateJoin candidateJoin = new CandidateJoin(points, kthSquared, offers, 4 * K + 1, screen.equals("single precision"));
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
}
