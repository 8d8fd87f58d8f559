package io.github.lapscore.graph.distance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * The queue of pairs: every queued pair's distance, read back in queue order, is the plain loop's
 * number to the bit, for every queue length (whole fours and the rest) up to its capacity, and
 * after being cleared and filled again.
 */
class PairDistancesTest {

    @Test
    void everyQueuedPairGetsThePlainLoopsBitsInQueueOrder() {
        Random random = new Random(21);
        for (int dim : new int[]{1, 8, 13, 50, 784}) {
            double[][] points = new double[12][];
            for (int i = 0; i < points.length; i++) {
                points[i] = new double[dim * 3];
                for (int t = 0; t < points[i].length; t++) {
                    points[i][t] = 1e3 * (i % 3) + random.nextGaussian();
                }
            }
            PairDistances queue = new PairDistances(dim, 40);
            for (int length : new int[]{0, 1, 3, 4, 5, 11, 16, 17, 40, 2}) {
                queue.clear();
                int[][] pairs = new int[length][];
                for (int n = 0; n < length; n++) {
                    pairs[n] = new int[]{random.nextInt(points.length), random.nextInt(3) * dim,
                            random.nextInt(points.length), random.nextInt(3) * dim};
                    queue.add(points[pairs[n][0]], pairs[n][1], points[pairs[n][2]], pairs[n][3]);
                }
                assertEquals(length, queue.size());
                queue.measure();
                for (int n = 0; n < length; n++) {
                    double expected = SquaredDistance.inScalars(points[pairs[n][0]], pairs[n][1],
                            points[pairs[n][2]], pairs[n][3], dim);
                    assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(queue.distance(n)),
                            "pair " + n + " of " + length + ", " + dim + " dimensions");
                }
            }
        }
    }
}
