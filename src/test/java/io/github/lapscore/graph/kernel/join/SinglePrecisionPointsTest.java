package io.github.lapscore.graph.kernel.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Random;

import io.github.lapscore.graph.distance.DistanceMeasure;
import io.github.lapscore.graph.kernel.BlockDistanceKernel;
import io.github.lapscore.graph.kernel.RowEmbedding;
import io.github.lapscore.graph.kernel.WorkingBlock;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.junit.jupiter.api.Test;

/**
 * The single-precision screen of two points at a time against the screen of one: each point's
 * values with every run of others, of every length (the vectorised groups of four and the rest), to
 * the last bit, since the joins' offers rely on the two giving the same numbers.
 */
class SinglePrecisionPointsTest {

    @Test
    void twoPointsAtATimeGiveEachPointsOwnValuesToTheBit() {
        assumeTrue(BlockDistanceKernel.SINGLE_PRECISION_SCREEN, "the JVM has no Vector API");
        Random random = new Random(21);
        for (int dim : new int[]{1, 7, 16, 50, 785}) {
            int size = 40;
            long[] ids = new long[size];
            Vector[] rows = new Vector[size];
            for (int i = 0; i < size; i++) {
                double[] row = new double[dim];
                for (int t = 0; t < dim; t++) {
                    row[t] = random.nextGaussian() * (i % 5 == 0 ? 1e3 : 1.0);
                }
                ids[i] = i;
                rows[i] = Vectors.dense(row);
            }
            RowEmbedding embedding = new RowEmbedding(dim, DistanceMeasure.EUCLIDEAN, new double[dim], false);
            SinglePrecisionPoints points = new SinglePrecisionPoints(ScatteredPoints.of(WorkingBlock.of(ids, rows, embedding)));
            int[] others = random.ints(size, 0, size).toArray();
            for (int from = 0; from < 6; from++) {
                for (int to = from; to <= size; to++) {
                    int a = random.nextInt(size);
                    int b = random.nextInt(size);
                    float[] ofA = new float[size];
                    float[] ofB = new float[size];
                    float[] aAlone = new float[size];
                    float[] bAlone = new float[size];
                    points.screenTwo(a, b, others, from, to, ofA, ofB);
                    points.screen(a, others, from, to, aAlone);
                    points.screen(b, others, from, to, bAlone);
                    for (int c = from; c < to; c++) {
                        String where = dim + " dims, points " + a + " and " + b + ", other " + others[c];
                        assertEquals(Float.floatToRawIntBits(aAlone[c]), Float.floatToRawIntBits(ofA[c]), where);
                        assertEquals(Float.floatToRawIntBits(bAlone[c]), Float.floatToRawIntBits(ofB[c]), where);
                    }
                }
            }
        }
    }
}
