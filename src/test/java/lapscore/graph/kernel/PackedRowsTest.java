package lapscore.graph.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;

import lapscore.data.blocks.BlockLayout;
import lapscore.data.blocks.RowGather;
import lapscore.graph.distance.DistanceMeasure;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.junit.jupiter.api.Test;

/**
 * Rows packed once and shipped as they are: a working block made from them, picked, concatenated
 * or gathered, holds the numbers the working block of the rows as Spark vectors holds, to the last
 * bit, dense and sparse rows alike.
 */
class PackedRowsTest {

    private static final int DIM = 6;

    /** Row {@code id}: dense for even ids, sparse (two values) for odd ones. */
    private static Vector row(long id) {
        Random random = new Random(id);
        if (id % 2 == 1) {
            return Vectors.sparse(DIM, new int[]{1, 4}, new double[]{random.nextGaussian(), 3.0 + random.nextGaussian()});
        }
        return Vectors.dense(random.doubles(DIM).map(value -> 5.0 * value - 1.0).toArray());
    }

    private static Vector[] rows(long[] ids) {
        return LongStream.of(ids).mapToObj(PackedRowsTest::row).toArray(Vector[]::new);
    }

    private static RowEmbedding embedding(DistanceMeasure measure) {
        return new RowEmbedding(DIM, measure, new double[]{0.5, -1.0, 0.0, 2.0, 0.25, -0.75}, true);
    }

    /** The row, over its length for cosine, minus the centre: written out. */
    private static double[] plainPoint(Vector row, DistanceMeasure measure, double[] centre) {
        double[] values = row.toArray();
        double squared = 0.0;
        for (double value : row.toSparse().values()) {
            squared += value * value;
        }
        double scale = measure == DistanceMeasure.COSINE ? 1.0 / Math.sqrt(squared) : 1.0;
        double[] point = new double[values.length];
        for (int t = 0; t < values.length; t++) {
            point[t] = values[t] * scale - centre[t];
        }
        return point;
    }

    /** Every number a distance or a cosine of the two blocks' rows reads, equal to the last bit. */
    private static void assertSameRows(WorkingBlock expected, WorkingBlock actual, String what) {
        assertArrayEquals(expected.ids, actual.ids, what + ": ids");
        for (int i = 0; i < expected.size; i++) {
            assertArrayEquals(expected.point(i), actual.point(i), what + ": point of row " + expected.ids[i]);
            assertEquals(expected.squaredNorm(i), actual.squaredNorm(i), 0.0, what + ": squared norm of row " + expected.ids[i]);
            for (int j = 0; j < expected.size; j++) {
                double squared = expected.squaredDistance(i, expected, j);
                assertEquals(squared, actual.squaredDistance(i, actual, j), 0.0, what + ": distance");
                assertEquals(expected.cosine(i, expected, j, squared), actual.cosine(i, actual, j, squared), 0.0, what + ": cosine");
            }
        }
        assertEquals(expected.largestMagnitude(), actual.largestMagnitude(), 0.0, what + ": largest magnitude");
    }

    @Test
    void pickedAndConcatenatedRowsAreTheRawRowsEmbedded() {
        for (DistanceMeasure measure : DistanceMeasure.values()) {
            RowEmbedding embedding = embedding(measure);
            long[] ids = LongStream.range(10, 22).toArray();
            PackedRows all = PackedRows.of(ids, rows(ids));
            assertSameRows(WorkingBlock.of(ids, rows(ids), embedding), all.working(embedding), measure + ", all rows");
            for (int i = 0; i < ids.length; i++) {
                double[] expected = plainPoint(rows(ids)[i], measure, embedding.centre());
                double[] actual = all.working(embedding).point(i);
                for (int t = 0; t < DIM; t++) {
                    assertEquals(expected[t], actual[t], 0.0, measure + ": coordinate " + t + " of row " + ids[i] + ", to the last bit");
                }
            }
            int[] positions = {0, 3, 4, 9, 11};
            PackedRows joined = PackedRows.concat(List.of(all.pick(positions, 0, 2), all.pick(positions, 2, 5)));
            long[] picked = {10, 13, 14, 19, 21};
            assertSameRows(WorkingBlock.of(picked, rows(picked), embedding), joined.working(embedding), measure + ", picked in two parts");
        }
    }

    @Test
    void gatheredRowsAreTheRawRowsEmbedded() {
        JavaSparkContext context = JavaSparkContext.fromSparkContext(SparkTestSession.spark().sparkContext());
        RowEmbedding embedding = embedding(DistanceMeasure.COSINE);
        BlockLayout homes = new BlockLayout(30, 7);
        List<PackedRows> blocks = new ArrayList<>();
        for (int b = 0; b < homes.numBlocks(); b++) {
            long[] ids = LongStream.range(homes.firstRow(b), homes.firstRow(b) + homes.rowsIn(b)).toArray();
            blocks.add(PackedRows.of(ids, rows(ids)));
        }
        BlockLayout asking = new BlockLayout(30, 10);
        List<long[]> wanted = List.of(new long[]{0, 6, 7, 29}, new long[]{}, new long[]{3, 13, 14, 20, 21, 22});
        List<RowGather.Gathered<PackedRows>> received = RowGather.gather(context.parallelize(wanted, asking.numBlocks()), asking,
                context.parallelize(blocks, homes.numBlocks()), null, homes, PackedRows.SHIPPING).collect();
        for (int b = 0; b < asking.numBlocks(); b++) {
            long[] ids = wanted.get(b);
            assertArrayEquals(ids, received.get(b).ids(), "block " + b + " receives the ids it asked for");
            assertSameRows(WorkingBlock.of(ids, rows(ids), embedding), received.get(b).rows().working(embedding), "block " + b);
        }
    }
}
