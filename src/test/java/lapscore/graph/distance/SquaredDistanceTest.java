package lapscore.graph.distance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * The exact squared distance: the same bits from the plain loop, from either vector width, in
 * either order and four pairs at a time, and within its error bound of the true sum (computed in
 * {@link BigDecimal}).
 */
class SquaredDistanceTest {

    /** {@code sum_t (a_t - b_t)^2} without rounding. */
    private static BigDecimal trueSum(double[] a, int p, double[] b, int q, int dim) {
        BigDecimal sum = BigDecimal.ZERO;
        for (int t = 0; t < dim; t++) {
            BigDecimal difference = new BigDecimal(a[p + t]).subtract(new BigDecimal(b[q + t]));
            sum = sum.add(difference.multiply(difference));
        }
        return sum;
    }

    private static double[] values(Random random, int length, double offset, double scale) {
        double[] values = new double[length];
        for (int t = 0; t < length; t++) {
            values[t] = offset + scale * random.nextGaussian();
        }
        return values;
    }

    @Test
    void everyWayOfComputingItGivesTheSameBitsWithinTheBoundOfTheTrueSum() {
        assertTrue(SquaredDistance.VECTORIZED, "the tests run with the Vector API (conf/spark-jvm.options)");
        Random random = new Random(11);
        for (int dim = 1; dim <= 70; dim++) {
            for (double[] shape : new double[][]{{0.0, 1.0}, {1e6, 1.0}, {0.0, 1e-30}, {0.0, 1e150}, {3.0, 1e-9}}) {
                double[] a = values(random, dim + 13, shape[0], shape[1]);
                double[] b = values(random, dim + 5, shape[0], shape[1]);
                int p = random.nextInt(14);
                int q = random.nextInt(6);
                double scalar = SquaredDistance.inScalars(a, p, b, q, dim);
                String context = dim + " dimensions, offset " + shape[0] + ", scale " + shape[1];
                assertEquals(Double.doubleToRawLongBits(scalar), Double.doubleToRawLongBits(VectorSquaredDistance.inEights(a, p, b, q, dim)),
                        "8 lanes, " + context);
                assertEquals(Double.doubleToRawLongBits(scalar), Double.doubleToRawLongBits(VectorSquaredDistance.inFours(a, p, b, q, dim)),
                        "4 lanes, " + context);
                assertEquals(Double.doubleToRawLongBits(scalar), Double.doubleToRawLongBits(SquaredDistance.of(b, q, a, p, dim)),
                        "swapped, " + context);
                BigDecimal exact = trueSum(a, p, b, q, dim);
                double bound = (dim / 8.0 + 6) * 0x1p-53;
                double error = new BigDecimal(scalar).subtract(exact).abs().divide(exact, MathContext.DECIMAL64).doubleValue();
                assertTrue(error <= bound, "relative error " + error + " above " + bound + ", " + context);
            }
        }
    }

    /**
     * A value the definition fixes and a single running sum would not give: dimension 0 holds 1,
     * dimensions 1-7 and 9-15 hold {@code 2^-27} (squares {@code 2^-54}, a quarter of 1's ulp).
     * One running sum stays at 1; by the definition the sums 1-7 are {@code 2^-53} each,
     * {@code s0 + s1} rounds to 1 (a tie, to even), {@code s2 + s3 = 2^-52}, the right half
     * {@code 2^-51}, so the distance is {@code 1 + 3 * 2^-52}.
     */
    @Test
    void theSumsAreKeptApartByDimensionModuloEight() {
        double[] a = new double[17];
        double[] b = new double[17];
        a[0] = 1.0;
        for (int t = 1; t < 16; t++) {
            a[t] = t == 8 ? 0.0 : 0x1p-27;
        }
        double expected = 1.0 + 3 * 0x1p-52;
        assertEquals(expected, SquaredDistance.inScalars(a, 0, b, 0, 17));
        assertEquals(expected, VectorSquaredDistance.inEights(a, 0, b, 0, 17));
        assertEquals(expected, VectorSquaredDistance.inFours(a, 0, b, 0, 17));
    }
}
