package lapscore.graph.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;

import lapscore.graph.distance.DistanceMeasure;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.junit.jupiter.api.Test;

/** The raw rows' cosines and the screening distances, computed from the centred points, against the plain formulas on the rows. */
class WorkingBlockTest {

    /** {@code a . b / (||a|| ||b||)}, written out. */
    private static double plainCosine(double[] a, double[] b) {
        double dot = 0.0;
        double aa = 0.0;
        double bb = 0.0;
        for (int t = 0; t < a.length; t++) {
            dot += a[t] * b[t];
            aa += a[t] * a[t];
            bb += b[t] * b[t];
        }
        return dot / Math.sqrt(aa * bb);
    }

    private static double[] centreOf(double[][] rows, DistanceMeasure measure) {
        double[] centre = new double[rows[0].length];
        for (double[] row : rows) {
            double scale = measure == DistanceMeasure.COSINE ? 1.0 / Math.sqrt(plainCosineNorm(row)) : 1.0;
            for (int t = 0; t < row.length; t++) {
                centre[t] += row[t] * scale / rows.length;
            }
        }
        return centre;
    }

    private static double plainCosineNorm(double[] row) {
        double squared = 0.0;
        for (double value : row) {
            squared += value * value;
        }
        return squared;
    }

    @Test
    void cosinesFromThePointsMatchTheRawRowsForBothMeasuresDenseAndSparse() {
        Random random = new Random(3);
        for (double offset : new double[]{0.0, 1e6}) {
            double[][] rows = new double[12][5];
            for (double[] row : rows) {
                for (int t = 0; t < row.length; t++) {
                    row[t] = (t == 2 && random.nextBoolean()) ? 0.0 : offset * (t % 2) + random.nextGaussian();
                }
            }
            long[] ids = new long[rows.length];
            Vector[] dense = new Vector[rows.length];
            Vector[] sparse = new Vector[rows.length];
            for (int i = 0; i < rows.length; i++) {
                ids[i] = i;
                dense[i] = Vectors.dense(rows[i]);
                sparse[i] = dense[i].toSparse();
            }
            for (DistanceMeasure measure : DistanceMeasure.values()) {
                double[] centre = centreOf(rows, measure);
                for (Vector[] vectors : new Vector[][]{dense, sparse}) {
                    WorkingBlock block = WorkingBlock.of(ids, vectors, new RowEmbedding(5, measure, centre, true));
                    for (int i = 0; i < rows.length; i++) {
                        for (int j = 0; j < rows.length; j++) {
                            assertEquals(plainCosine(rows[i], rows[j]), block.cosine(i, block, j, block.squaredDistance(i, block, j)), 1e-12,
                                    measure + ", offset " + offset + ", rows " + i + " and " + j);
                        }
                    }
                }
            }
        }
    }

    @Test
    void aZeroRowHasNoCosine() {
        Vector[] vectors = {Vectors.dense(0.0, 0.0), Vectors.dense(1.0, 2.0)};
        WorkingBlock block = WorkingBlock.of(new long[]{0, 1}, vectors,
                new RowEmbedding(2, DistanceMeasure.EUCLIDEAN, new double[]{0.5, 1.0}, true));
        assertTrue(Double.isNaN(block.cosine(0, block, 1, block.squaredDistance(0, block, 1))));
        assertTrue(Double.isNaN(block.cosine(1, block, 0, block.squaredDistance(1, block, 0))));
        assertEquals(1.0, block.cosine(1, block, 1, block.squaredDistance(1, block, 1)), 1e-15);
    }

    /**
     * The exact squared distance and the screening estimate against {@code sum (a_t - b_t)^2},
     * written out, at 3, 50 and 784 dimensions; the estimate within its slack of the exact one;
     * distance and cosine the same to the last bit both ways round.
     */
    @Test
    void squaredDistancesMatchThePlainSum() {
        Random random = new Random(11);
        for (int dim : new int[]{3, 50, 784}) {
            double[][] rows = new double[20][dim];
            long[] ids = new long[rows.length];
            Vector[] vectors = new Vector[rows.length];
            for (int i = 0; i < rows.length; i++) {
                for (int t = 0; t < dim; t++) {
                    rows[i][t] = 5.0 + random.nextGaussian();
                }
                ids[i] = i;
                vectors[i] = Vectors.dense(rows[i]);
            }
            WorkingBlock block = WorkingBlock.of(ids, vectors,
                    new RowEmbedding(dim, DistanceMeasure.EUCLIDEAN, centreOf(rows, DistanceMeasure.EUCLIDEAN), true));
            for (int i = 0; i < rows.length; i++) {
                for (int j = 0; j < rows.length; j++) {
                    double plain = 0.0;
                    for (int t = 0; t < dim; t++) {
                        plain += (rows[i][t] - rows[j][t]) * (rows[i][t] - rows[j][t]);
                    }
                    String pair = dim + " dims, rows " + i + ", " + j;
                    double exact = block.squaredDistance(i, block, j);
                    assertEquals(plain, exact, 1e-12 * Math.max(1.0, plain), pair);
                    assertEquals(plain, block.squaredDistanceEstimate(i, block, j), 1e-9 * Math.max(1.0, plain), pair);
                    assertTrue(Math.abs(block.squaredDistanceEstimate(i, block, j) - exact) <= block.estimateSlack(i, block, j), pair);
                    assertEquals(Double.doubleToLongBits(exact), Double.doubleToLongBits(block.squaredDistance(j, block, i)), pair);
                    assertEquals(Double.doubleToLongBits(block.cosine(i, block, j, exact)),
                            Double.doubleToLongBits(block.cosine(j, block, i, block.squaredDistance(j, block, i))), pair);
                }
            }
        }
    }
}
