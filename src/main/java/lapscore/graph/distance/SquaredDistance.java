package lapscore.graph.distance;

/**
 * The exact squared Euclidean distance {@code sum_t (a_t - b_t)^2} of two points, as every search
 * ranks neighbours by it, defined to the last bit so that the same pair gives the same number on
 * every processor, in every task and in either order: the squared differences are summed in eight
 * running sums, dimension t into sum {@code t mod 8} in ascending t, and the sums are added as
 * {@code ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7))}, each operation rounded once (no fused
 * multiply-add). Swapping the points only negates the differences. Its relative error is below
 * {@code (d / 8 + 6) u} for unit roundoff {@code u = 2^-53}: the rounding of a difference, of its
 * square, of at most {@code ceil(d / 8)} additions into a running sum and three to combine them.
 *
 * <p>With Java's Vector API the eight sums are the lanes of one 512-bit vector, or of two 256-bit
 * ones ({@link VectorSquaredDistance}); the JVM picks whichever its processor runs natively, and the
 * result is the same as the plain loop's. Eight sums, not one, let the processor overlap the
 * additions: one running sum waits for each addition in turn.
 */
public final class SquaredDistance {

    /**
     * Whether the JVM has Java's Vector API: it was started with
     * {@code --add-modules=jdk.incubator.vector}, as Spark 4's launcher and {@code conf/spark-jvm.options} do.
     */
    public static final boolean VECTOR_API = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();

    /** Whether the Vector API computes the sums: the JVM has the module, and vectors of 4 or 8 doubles. */
    static final boolean VECTORIZED = VECTOR_API && VectorSquaredDistance.LANES >= 4;

    private SquaredDistance() {
    }

    /** The squared distance of {@code a[p .. p + dim - 1]} and {@code b[q .. q + dim - 1]}. */
    public static double of(double[] a, int p, double[] b, int q, int dim) {
        return VECTORIZED ? VectorSquaredDistance.of(a, p, b, q, dim) : inScalars(a, p, b, q, dim);
    }

    /** {@link #of} in plain Java, one running sum per variable. */
    static double inScalars(double[] a, int p, double[] b, int q, int dim) {
        double s0 = 0.0;
        double s1 = 0.0;
        double s2 = 0.0;
        double s3 = 0.0;
        double s4 = 0.0;
        double s5 = 0.0;
        double s6 = 0.0;
        double s7 = 0.0;
        int t = 0;
        for (; t + 8 <= dim; t += 8) {
            double d0 = a[p + t] - b[q + t];
            double d1 = a[p + t + 1] - b[q + t + 1];
            double d2 = a[p + t + 2] - b[q + t + 2];
            double d3 = a[p + t + 3] - b[q + t + 3];
            double d4 = a[p + t + 4] - b[q + t + 4];
            double d5 = a[p + t + 5] - b[q + t + 5];
            double d6 = a[p + t + 6] - b[q + t + 6];
            double d7 = a[p + t + 7] - b[q + t + 7];
            s0 += d0 * d0;
            s1 += d1 * d1;
            s2 += d2 * d2;
            s3 += d3 * d3;
            s4 += d4 * d4;
            s5 += d5 * d5;
            s6 += d6 * d6;
            s7 += d7 * d7;
        }
        return withTail(s0, s1, s2, s3, s4, s5, s6, s7, a, p, b, q, t, dim);
    }

    /**
     * The eight running sums {@code s0 .. s7} over the dimensions before {@code t}, with the squared
     * differences of dimensions {@code t .. dim - 1} (fewer than 8) added to {@code s0, s1, ...},
     * combined as {@code ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7))}.
     */
    static double withTail(double s0, double s1, double s2, double s3, double s4, double s5, double s6, double s7,
                           double[] a, int p, double[] b, int q, int t, int dim) {
        int rest = dim - t;
        if (rest > 0) {
            s0 += square(a[p + t] - b[q + t]);
            s1 += rest > 1 ? square(a[p + t + 1] - b[q + t + 1]) : 0.0;
            s2 += rest > 2 ? square(a[p + t + 2] - b[q + t + 2]) : 0.0;
            s3 += rest > 3 ? square(a[p + t + 3] - b[q + t + 3]) : 0.0;
            s4 += rest > 4 ? square(a[p + t + 4] - b[q + t + 4]) : 0.0;
            s5 += rest > 5 ? square(a[p + t + 5] - b[q + t + 5]) : 0.0;
            s6 += rest > 6 ? square(a[p + t + 6] - b[q + t + 6]) : 0.0;
        }
        return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));
    }

    private static double square(double difference) {
        return difference * difference;
    }
}
