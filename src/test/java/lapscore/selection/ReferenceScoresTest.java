package lapscore.selection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import lapscore.testkit.DenseLaplacianReference;
import lapscore.testkit.SparkTestSession;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The library's scores against {@link DenseLaplacianReference} (He, Cai and Niyogi (NIPS 2005) eq. 1 with dense matrices)
 * for every kernel, variance weighting, self-loop setting and distance measure, on shapes that give
 * one block, several blocks in one wave, and several waves.
 */
class ReferenceScoresTest {

    /** (rows, features, k, rowsPerBlock): 1 block; 4 blocks = 10 pairs; 12 blocks = 78 pairs in 10 waves. */
    private static final int[][] SHAPES = {{60, 5, 3, 0}, {150, 8, 7, 40}, {230, 12, 10, 20}};

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        int n = 0;
        for (String kernel : new String[]{"heat", "binary", "cosine"}) {
            for (String variance : new String[]{"degree", "uniform"}) {
                for (boolean selfLoops : new boolean[]{false, true}) {
                    for (String measure : new String[]{"euclidean", "cosine"}) {
                        int[] shape = SHAPES[n++ % SHAPES.length];
                        cases.add(Arguments.of(kernel, variance, selfLoops, measure, shape[0], shape[1], shape[2], shape[3]));
                    }
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1} selfLoops={2} {3} m={4} d={5} k={6} block={7}")
    @MethodSource("cases")
    void scoresMatchDenseReference(String kernel, String variance, boolean selfLoops, String measure,
                                   int rows, int dims, int k, int blockSize) {
        double[][] data = SparkTestSession.clusteredData(rows, dims, 31L * rows + dims);
        LaplacianScoreSelectorModel model = new LaplacianScoreSelector()
                .setNumNeighbors(k).setWeightKernel(kernel).setVarianceWeighting(variance)
                .setIncludeSelfLoops(selfLoops).setDistanceMeasure(measure).setBlockSize(blockSize)
                .fit(SparkTestSession.denseFrame(data, 3));

        DenseLaplacianReference reference = new DenseLaplacianReference(data, k, measure, kernel, Double.NaN, selfLoops);
        double[] expected = reference.scores(data, variance.equals("uniform"));
        double[] actual = model.scores();
        assertEquals(dims, actual.length);
        for (int r = 0; r < dims; r++) {
            assertTrue(Double.isFinite(expected[r]), "reference score must be finite");
            assertEquals(expected[r], actual[r], 1e-9 * Math.abs(expected[r]), "feature " + r);
        }
        if (kernel.equals("heat")) {
            assertEquals(reference.bandwidth, model.summary().bandwidth(), 1e-12 * reference.bandwidth);
        }
    }
}
