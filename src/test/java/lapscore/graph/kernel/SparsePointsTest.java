package lapscore.graph.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

import lapscore.data.blocks.RowBlock;
import lapscore.graph.distance.DistanceMeasure;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Sparse points against plain dense arithmetic written here: the exact squared distance, the scan's
 * values within their rounding bound, the cosine, the spread about a centre, and the kNN heaps of
 * the screened scan against a sort of every pair by exact distance, then id. The rows hold a few
 * non-zero values each, some stored as dense vectors with zeros, some duplicated (exact ties), some
 * sharing no feature with others, and two labels for the search within classes.
 */
class SparsePointsTest {

    private static final int DIM = 400;
    private static final int K = 4;

    /** Rows of a few non-zero values; every seventh repeats the row before, every fifth is stored densely. */
    private static List<Vector> rows(int count, long seed) {
        Random random = new Random(seed);
        List<Vector> rows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            if (i % 7 == 6) {
                rows.add(rows.get(i - 1).copy());
                continue;
            }
            double[] values = new double[DIM];
            int stored = 1 + random.nextInt(12);
            for (int s = 0; s < stored; s++) {
                int feature = random.nextInt(i % 3 == 0 ? 40 : DIM);
                values[feature] = random.nextInt(4) == 0 ? -random.nextInt(5) - 1 : random.nextGaussian() * 3 + 0.5;
            }
            values[random.nextInt(DIM)] += 1.0;
            rows.add(i % 5 == 0 ? Vectors.dense(values) : Vectors.dense(values).compressed());
        }
        return rows;
    }

    private static RowEmbedding embedding(DistanceMeasure measure, double[] centre) {
        return new RowEmbedding(DIM, measure, centre, true, true);
    }

    /** The row as the measure embeds it, before any centre: the row, or the row over its length. */
    private static double[] embedded(Vector row, DistanceMeasure measure) {
        double[] point = row.toArray();
        double scale = measure == DistanceMeasure.COSINE ? 1.0 / Vectors.norm(row, 2.0) : 1.0;
        for (int t = 0; t < point.length; t++) {
            point[t] *= scale;
        }
        return point;
    }

    private static double plainSquaredDistance(double[] a, double[] b) {
        double sum = 0.0;
        for (int t = 0; t < a.length; t++) {
            sum += (a[t] - b[t]) * (a[t] - b[t]);
        }
        return sum;
    }

    private static SparsePoints block(List<Vector> rows, int from, int to, long firstId, double[] labels, DistanceMeasure measure) {
        Vector[] vectors = rows.subList(from, to).toArray(Vector[]::new);
        RowBlock block = labels == null ? RowBlock.of(0, firstId, vectors) : RowBlock.labelled(0, firstId, vectors, labels);
        return SparsePoints.of(block, embedding(measure, new double[DIM]));
    }

    @ParameterizedTest
    @EnumSource(DistanceMeasure.class)
    void distancesCosinesAndSpreadAgreeWithPlainArithmetic(DistanceMeasure measure) {
        List<Vector> rows = rows(90, 5L);
        double[] centre = new double[DIM];
        for (int t = 0; t < DIM; t++) {
            centre[t] = t % 3 == 0 ? 0.0 : 0.01 * (t % 17) - 0.05;
        }
        SparsePoints left = SparsePoints.of(ids(0, 50), rows.subList(0, 50).toArray(Vector[]::new), embedding(measure, centre));
        SparsePoints right = SparsePoints.of(ids(50, 90), rows.subList(50, 90).toArray(Vector[]::new), embedding(measure, centre));
        int[] visited = new int[1];
        left.distances(right, (j, from, to, squared, offset) -> {
            for (int i = from; i < to; i++) {
                double exact = left.squaredDistance(i, right, j);
                double plain = plainSquaredDistance(embedded(rows.get(i), measure), embedded(rows.get(50 + j), measure));
                assertEquals(plain, exact, 1e-12 * Math.max(1.0, plain), "pair " + i + ", " + j);
                assertEquals(Double.doubleToLongBits(exact), Double.doubleToLongBits(right.squaredDistance(j, left, i)), "symmetric");
                assertTrue(Math.abs(squared[offset + i - from] - exact) <= left.estimateSlack(i, right, j), "within the slack");
                double[] a = rows.get(i).toArray();
                double[] b = rows.get(50 + j).toArray();
                double plainCosine = IntStream.range(0, DIM).mapToDouble(t -> a[t] * b[t]).sum()
                        / (Vectors.norm(rows.get(i), 2.0) * Vectors.norm(rows.get(50 + j), 2.0));
                assertEquals(plainCosine, left.cosine(i, right, j, exact), 1e-12, "cosine " + i + ", " + j);
                visited[0]++;
            }
        });
        assertEquals(50 * 40, visited[0], "every pair of two groups once");

        int[] within = new int[1];
        left.distances(left, (j, from, to, squared, offset) -> {
            assertEquals(0, from);
            assertEquals(j, to, "within one group only the pairs i < j");
            within[0] += to - from;
        });
        assertEquals(50 * 49 / 2, within[0]);

        double spread = 0.0;
        for (int i = 0; i < 50; i++) {
            double[] point = embedded(rows.get(i), measure);
            for (int t = 0; t < DIM; t++) {
                point[t] -= centre[t];
            }
            spread += Arrays.stream(point).map(v -> v * v).sum();
            assertArrayEquals(point, left.point(i), 1e-15);
        }
        assertEquals(spread, left.squaredDeviation(), 1e-11 * spread);
        assertFalse(left.allPointsEqual(left.point(0)));
        SparsePoints copies = SparsePoints.of(new long[]{3, 4, 9}, new Vector[]{rows.get(2), rows.get(2).toDense(), rows.get(2).toSparse()},
                embedding(measure, centre));
        assertTrue(copies.allPointsEqual(copies.point(0)), "one row stored densely and sparsely");
    }

    private static long[] ids(int from, int to) {
        return LongStream.range(from, to).toArray();
    }

    /** Row i's k best of {@code others} by exact squared distance, then id, as "id@distance" words. */
    private static String bruteForce(SparsePoints own, int i, SparsePoints others, boolean sameBlock) {
        Integer[] candidates = IntStream.range(0, others.size())
                .filter(j -> !(sameBlock && j == i) && !(own.labelled() && own.label(i) != others.label(j)))
                .boxed().toArray(Integer[]::new);
        Arrays.sort(candidates, Comparator.<Integer>comparingDouble(j -> own.squaredDistance(i, others, j))
                .thenComparingLong(j -> others.ids()[j]));
        StringBuilder kept = new StringBuilder();
        for (int c = 0; c < Math.min(K, candidates.length); c++) {
            kept.append(others.ids()[candidates[c]]).append('@').append(own.squaredDistance(i, others, candidates[c])).append(' ');
        }
        return kept.toString();
    }

    private static String heapOf(CandidateHeaps heaps, int row) {
        Integer[] order = IntStream.range(0, heaps.sizes[row]).boxed().toArray(Integer[]::new);
        Arrays.sort(order, Comparator.<Integer>comparingDouble(e -> heaps.keys[row * heaps.k + e]).thenComparingLong(e -> heaps.ids[row * heaps.k + e]));
        StringBuilder kept = new StringBuilder();
        for (int e : order) {
            kept.append(heaps.ids[row * heaps.k + e]).append('@').append(heaps.keys[row * heaps.k + e]).append(' ');
        }
        return kept.toString();
    }

    @ParameterizedTest
    @EnumSource(DistanceMeasure.class)
    void nearestKeepsTheKBestOfEveryPair(DistanceMeasure measure) {
        List<Vector> rows = rows(120, 11L);
        double[] labels = IntStream.range(0, 120).mapToDouble(i -> i % 4 == 0 ? 1.0 : 0.0).toArray();
        for (boolean labelled : new boolean[]{false, true}) {
            SparsePoints left = block(rows, 0, 70, 0, labelled ? Arrays.copyOfRange(labels, 0, 70) : null, measure);
            SparsePoints right = block(rows, 70, 120, 70, labelled ? Arrays.copyOfRange(labels, 70, 120) : null, measure);
            CandidateHeaps leftHeaps = new CandidateHeaps(left.size(), K);
            CandidateHeaps rightHeaps = new CandidateHeaps(right.size(), K);
            left.nearest(right, leftHeaps, rightHeaps);
            for (int i = 0; i < left.size(); i++) {
                assertEquals(bruteForce(left, i, right, false), heapOf(leftHeaps, i), "left row " + i + " labelled " + labelled);
            }
            for (int j = 0; j < right.size(); j++) {
                assertEquals(bruteForce(right, j, left, false), heapOf(rightHeaps, j), "right row " + j + " labelled " + labelled);
            }
            CandidateHeaps own = new CandidateHeaps(left.size(), K);
            left.nearest(left, own, own);
            for (int i = 0; i < left.size(); i++) {
                assertEquals(bruteForce(left, i, left, true), heapOf(own, i), "row " + i + " within its block, labelled " + labelled);
            }
        }
    }
}
