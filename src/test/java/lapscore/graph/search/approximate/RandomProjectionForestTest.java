package lapscore.graph.search.approximate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * The forest against what it was grown from: every sample row falls, by {@code leafOf}, in a leaf of
 * at most the leaf size, every leaf holds some, also where most rows coincide (random directions,
 * ties halved by the id hash); and a forest of many trees holds the sample points its nodes name
 * once, not a direction per node.
 */
class RandomProjectionForestTest {

    private static final int LEAF_SIZE = 16;

    @Test
    void everySampleRowFallsInALeafOfAtMostTheLeafSize() {
        checkLeaves(gaussian(1000, 20, 0, 3L), 8);
    }

    @Test
    void rowsThatCoincideAreHalvedByTheirIdsIntoLeaves() {
        checkLeaves(gaussian(1000, 20, 600, 5L), 8);
    }

    @Test
    void aForestHoldsEachSamplePointItSplitsByOnce() throws IOException {
        int rows = 1000;
        int dim = 300;
        int numTrees = 32;
        RandomProjectionForest.Sample sample = gaussian(rows, dim, 0, 7L);
        RandomProjectionForest forest = RandomProjectionForest.grow(sample, numTrees, 1.0, LEAF_SIZE, 11L);
        long nodes = 0;
        for (int t = 0; t < numTrees; t++) {
            nodes += forest.numLeaves(t) - 1;
        }
        long sampleBytes = 8L * rows * dim;
        long bytes = serializedBytes(forest);
        assertTrue(nodes * dim * 8 > sampleBytes + 32 * nodes + 16384, "the trees' directions alone would take "
                + nodes * dim * 8 + " bytes");
        assertTrue(bytes <= sampleBytes + 32 * nodes + 16384, "the forest takes " + bytes + " bytes for a sample of " + sampleBytes
                + " and " + nodes + " nodes");
    }

    /** Grows {@code numTrees} trees on {@code sample} and checks where its rows fall in each. */
    private static void checkLeaves(RandomProjectionForest.Sample sample, int numTrees) {
        RandomProjectionForest forest = RandomProjectionForest.grow(sample, numTrees, 1.0, LEAF_SIZE, 13L);
        int rows = sample.ids().length;
        for (int t = 0; t < numTrees; t++) {
            int[] counts = new int[forest.numLeaves(t)];
            for (int i = 0; i < rows; i++) {
                counts[forest.leafOf(t, sample.points(), i * sample.dim(), sample.ids()[i])]++;
            }
            assertTrue(counts.length >= rows / LEAF_SIZE, "tree " + t + ": " + counts.length + " leaves");
            for (int leaf = 0; leaf < counts.length; leaf++) {
                assertTrue(counts[leaf] >= 1 && counts[leaf] <= LEAF_SIZE, "tree " + t + ", leaf " + leaf + ": " + counts[leaf] + " rows");
            }
        }
    }

    /** {@code rows} Gaussian points of {@code dim} values, the first {@code copies} of them all equal, ids 10 apart. */
    private static RandomProjectionForest.Sample gaussian(int rows, int dim, int copies, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] points = new double[rows * dim];
        long[] ids = new long[rows];
        for (int i = 0; i < rows; i++) {
            ids[i] = 10L * i + 3;
            for (int c = 0; c < dim; c++) {
                points[i * dim + c] = i < copies ? 1.5 : normal(random);
            }
        }
        return new RandomProjectionForest.Sample(points, ids, dim);
    }

    private static double normal(SplittableRandom random) {
        double u = 1.0 - random.nextDouble();
        return Math.sqrt(-2.0 * Math.log(u)) * Math.cos(2.0 * Math.PI * random.nextDouble());
    }

    private static long serializedBytes(Object value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        return bytes.size();
    }
}
