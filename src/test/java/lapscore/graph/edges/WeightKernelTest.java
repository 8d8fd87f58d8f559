package lapscore.graph.edges;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * The kernels' weights against their closed forms, and an edge without a cosine (a search for any
 * kernel but the cosine kernel keeps none): weighed by the other kernels, refused by the cosine
 * kernel rather than weighed NaN.
 */
class WeightKernelTest {

    @Test
    void weightsFollowTheirClosedForms() {
        assertEquals(Math.exp(-4.0 / 8.0), WeightKernel.HEAT.weight(2.0, 0.5, 8.0), 0.0);
        assertEquals(1.0, WeightKernel.BINARY.weight(2.0, 0.5, Double.NaN), 0.0);
        assertEquals(0.5, WeightKernel.COSINE.weight(2.0, 0.5, Double.NaN), 0.0);
        assertEquals(0.0, WeightKernel.COSINE.weight(2.0, -0.5, Double.NaN), 0.0, "a non-positive cosine weighs 0");
    }

    @Test
    void onlyTheCosineKernelNeedsTheEdgesCosine() {
        Edge withoutCosine = new Edge(0, 1, 2.0, Double.NaN);
        assertEquals(Math.exp(-4.0 / 8.0), new EdgeWeighting(WeightKernel.HEAT, 8.0).weight(withoutCosine), 0.0);
        assertEquals(1.0, new EdgeWeighting(WeightKernel.BINARY, Double.NaN).weight(withoutCosine), 0.0);
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> new EdgeWeighting(WeightKernel.COSINE, Double.NaN).weight(withoutCosine));
        assertEquals("an edge of the cosine-weighted graph has no cosine: its search kept none", refused.getMessage());
    }
}
