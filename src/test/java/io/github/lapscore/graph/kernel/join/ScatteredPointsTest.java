package io.github.lapscore.graph.kernel.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import io.github.lapscore.graph.distance.DistanceMeasure;
import io.github.lapscore.graph.kernel.RowEmbedding;
import io.github.lapscore.graph.kernel.WorkingBlock;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.junit.jupiter.api.Test;

/** Points read where they lie give the numbers of a block copied from the same sources, to the last bit. */
class ScatteredPointsTest {

    private static final RowEmbedding EMBEDDING = new RowEmbedding(3, DistanceMeasure.EUCLIDEAN, new double[]{1.0, -2.0, 0.25}, true);

    private static WorkingBlock block(long[] ids, Random random, double scale) {
        Vector[] vectors = new Vector[ids.length];
        for (int i = 0; i < ids.length; i++) {
            vectors[i] = Vectors.dense(scale * random.nextGaussian(), scale * random.nextGaussian(), scale * random.nextGaussian());
        }
        return WorkingBlock.of(ids, vectors, EMBEDDING);
    }

    @Test
    void distancesCosinesAndPositionsAreThoseOfACopy() {
        Random random = new Random(3);
        WorkingBlock small = block(new long[]{2, 4, 6, 8}, random, 1.0);
        WorkingBlock large = block(new long[]{3, 5, 7}, random, 100.0);
        long[] ids = {3, 4, 5, 8};
        WorkingBlock[] sources = {large, small, large, small};
        ScatteredPoints scattered = ScatteredPoints.of(ids, sources);
        WorkingBlock copy = WorkingBlock.copied(ids, sources);
        assertEquals(4, scattered.size);
        assertEquals(3, scattered.dim());
        assertTrue(scattered.keepsCosines());
        assertEquals(Math.max(small.largestMagnitude(), large.largestMagnitude()), scattered.largestMagnitude(), 0.0,
                "the largest magnitude of the sources bounds every point's");
        assertTrue(scattered.largestMagnitude() >= copy.largestMagnitude());
        for (int a = 0; a < ids.length; a++) {
            assertEquals(a, scattered.positionOf(ids[a]));
            assertEquals(copy.squaredNorm(a), scattered.squaredNorm(a), 0.0);
            for (int b = 0; b < ids.length; b++) {
                double squared = copy.squaredDistance(a, copy, b);
                assertEquals(squared, scattered.squaredDistance(a, b), 0.0, "pair " + a + ", " + b);
                assertEquals(copy.squaredDistanceEstimate(a, copy, b), scattered.squaredDistanceEstimate(a, b), 0.0);
                assertEquals(copy.estimateSlack(a, copy, b), scattered.estimateSlack(a, b), 0.0);
                assertEquals(copy.cosine(a, copy, b, squared), scattered.cosine(a, b, squared), 0.0);
            }
        }
        assertEquals(-1, scattered.positionOf(2));
    }

    @Test
    void idsMustAscendAndLieInTheirSources() {
        Random random = new Random(4);
        WorkingBlock block = block(new long[]{1, 2, 3}, random, 1.0);
        IllegalStateException descending = assertThrows(IllegalStateException.class,
                () -> ScatteredPoints.of(new long[]{2, 1}, new WorkingBlock[]{block, block}));
        assertTrue(descending.getMessage().contains("ascend"), descending.getMessage());
        IllegalStateException missing = assertThrows(IllegalStateException.class,
                () -> ScatteredPoints.of(new long[]{1, 9}, new WorkingBlock[]{block, block}));
        assertTrue(missing.getMessage().contains("row 9"), missing.getMessage());
    }
}
