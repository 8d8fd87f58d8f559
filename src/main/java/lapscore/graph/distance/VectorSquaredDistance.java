package lapscore.graph.distance;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link SquaredDistance} on Java's Vector API: its eight running sums are the lanes of one vector
 * of 8 doubles, or of two of 4, as the processor's widest vectors hold, over the dimensions up to the
 * last multiple of 8; the lanes are then read out, the last {@code d mod 8} squared differences
 * added to the first of them in plain Java (each rounded as the vector operations round it, no fused
 * multiply-add), and the sums combined in the order of the scalar loop, by the scalar loop's own
 * code ({@link SquaredDistance#withTail}). The tail is not loaded under a mask: on JDK 17 with
 * 512-bit vectors the mask ({@code indexInRange}) is built by a fallback in plain Java, which costs
 * more than the tail's few scalar operations. Loaded only when the JVM has the module.
 */
final class VectorSquaredDistance {

    /** Doubles per vector of the processor's widest vectors. */
    static final int LANES = DoubleVector.SPECIES_PREFERRED.length();
    private static final VectorSpecies<Double> EIGHT = DoubleVector.SPECIES_512;
    private static final VectorSpecies<Double> FOUR = DoubleVector.SPECIES_256;

    private VectorSquaredDistance() {
    }

    static double of(double[] a, int p, double[] b, int q, int dim) {
        return LANES >= 8 ? inEights(a, p, b, q, dim) : inFours(a, p, b, q, dim);
    }

    /** The eight lanes of {@code sums} with the tail from dimension {@code t} ({@link SquaredDistance#withTail}). */
    private static double withTail(DoubleVector sums, double[] a, int p, double[] b, int q, int t, int dim) {
        return SquaredDistance.withTail(sums.lane(0), sums.lane(1), sums.lane(2), sums.lane(3),
                sums.lane(4), sums.lane(5), sums.lane(6), sums.lane(7), a, p, b, q, t, dim);
    }

    /** The eight sums in one vector of 8 lanes. */
    static double inEights(double[] a, int p, double[] b, int q, int dim) {
        DoubleVector sums = DoubleVector.zero(EIGHT);
        int t = 0;
        for (; t + 8 <= dim; t += 8) {
            DoubleVector difference = DoubleVector.fromArray(EIGHT, a, p + t).sub(DoubleVector.fromArray(EIGHT, b, q + t));
            sums = sums.add(difference.mul(difference));
        }
        return withTail(sums, a, p, b, q, t, dim);
    }

    /** The eight sums in two vectors of 4 lanes: sums 0-3 and 4-7. */
    static double inFours(double[] a, int p, double[] b, int q, int dim) {
        DoubleVector low = DoubleVector.zero(FOUR);
        DoubleVector high = DoubleVector.zero(FOUR);
        int t = 0;
        for (; t + 8 <= dim; t += 8) {
            DoubleVector first = DoubleVector.fromArray(FOUR, a, p + t).sub(DoubleVector.fromArray(FOUR, b, q + t));
            DoubleVector second = DoubleVector.fromArray(FOUR, a, p + t + 4).sub(DoubleVector.fromArray(FOUR, b, q + t + 4));
            low = low.add(first.mul(first));
            high = high.add(second.mul(second));
        }
        return SquaredDistance.withTail(low.lane(0), low.lane(1), low.lane(2), low.lane(3),
                high.lane(0), high.lane(1), high.lane(2), high.lane(3), a, p, b, q, t, dim);
    }
}
