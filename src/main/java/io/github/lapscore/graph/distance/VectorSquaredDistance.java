package io.github.lapscore.graph.distance;

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

    /** {@link SquaredDistance#ofFour}: four pairs' sums side by side, each as {@link #of} keeps them. */
    static void ofFour(double[][] a, int[] p, double[][] b, int[] q, int from, int dim, double[] distances) {
        if (LANES >= 8) {
            fourInEights(a, p, b, q, from, dim, distances);
        } else {
            fourInFours(a, p, b, q, from, dim, distances);
        }
    }

    /** {@link #ofFour} with each pair's eight sums in one vector of 8 lanes, as {@link #inEights}. */
    static void fourInEights(double[][] a, int[] p, double[][] b, int[] q, int from, int dim, double[] distances) {
        double[] a0 = a[from];
        double[] a1 = a[from + 1];
        double[] a2 = a[from + 2];
        double[] a3 = a[from + 3];
        double[] b0 = b[from];
        double[] b1 = b[from + 1];
        double[] b2 = b[from + 2];
        double[] b3 = b[from + 3];
        int p0 = p[from];
        int p1 = p[from + 1];
        int p2 = p[from + 2];
        int p3 = p[from + 3];
        int q0 = q[from];
        int q1 = q[from + 1];
        int q2 = q[from + 2];
        int q3 = q[from + 3];
        DoubleVector sums0 = DoubleVector.zero(EIGHT);
        DoubleVector sums1 = sums0;
        DoubleVector sums2 = sums0;
        DoubleVector sums3 = sums0;
        int t = 0;
        for (; t + 8 <= dim; t += 8) {
            DoubleVector d0 = DoubleVector.fromArray(EIGHT, a0, p0 + t).sub(DoubleVector.fromArray(EIGHT, b0, q0 + t));
            sums0 = sums0.add(d0.mul(d0));
            DoubleVector d1 = DoubleVector.fromArray(EIGHT, a1, p1 + t).sub(DoubleVector.fromArray(EIGHT, b1, q1 + t));
            sums1 = sums1.add(d1.mul(d1));
            DoubleVector d2 = DoubleVector.fromArray(EIGHT, a2, p2 + t).sub(DoubleVector.fromArray(EIGHT, b2, q2 + t));
            sums2 = sums2.add(d2.mul(d2));
            DoubleVector d3 = DoubleVector.fromArray(EIGHT, a3, p3 + t).sub(DoubleVector.fromArray(EIGHT, b3, q3 + t));
            sums3 = sums3.add(d3.mul(d3));
        }
        distances[from] = withTail(sums0, a0, p0, b0, q0, t, dim);
        distances[from + 1] = withTail(sums1, a1, p1, b1, q1, t, dim);
        distances[from + 2] = withTail(sums2, a2, p2, b2, q2, t, dim);
        distances[from + 3] = withTail(sums3, a3, p3, b3, q3, t, dim);
    }

    /** {@link #ofFour} with each pair's eight sums in two vectors of 4 lanes, as {@link #inFours}. */
    static void fourInFours(double[][] a, int[] p, double[][] b, int[] q, int from, int dim, double[] distances) {
        for (int pair = from; pair < from + 4; pair += 2) {
            double[] firstA = a[pair];
            double[] secondA = a[pair + 1];
            double[] firstB = b[pair];
            double[] secondB = b[pair + 1];
            int firstP = p[pair];
            int secondP = p[pair + 1];
            int firstQ = q[pair];
            int secondQ = q[pair + 1];
            DoubleVector low = DoubleVector.zero(FOUR);
            DoubleVector high = low;
            DoubleVector secondLow = low;
            DoubleVector secondHigh = low;
            int t = 0;
            for (; t + 8 <= dim; t += 8) {
                DoubleVector d0 = DoubleVector.fromArray(FOUR, firstA, firstP + t)
                        .sub(DoubleVector.fromArray(FOUR, firstB, firstQ + t));
                DoubleVector d1 = DoubleVector.fromArray(FOUR, firstA, firstP + t + 4)
                        .sub(DoubleVector.fromArray(FOUR, firstB, firstQ + t + 4));
                DoubleVector d2 = DoubleVector.fromArray(FOUR, secondA, secondP + t)
                        .sub(DoubleVector.fromArray(FOUR, secondB, secondQ + t));
                DoubleVector d3 = DoubleVector.fromArray(FOUR, secondA, secondP + t + 4)
                        .sub(DoubleVector.fromArray(FOUR, secondB, secondQ + t + 4));
                low = low.add(d0.mul(d0));
                high = high.add(d1.mul(d1));
                secondLow = secondLow.add(d2.mul(d2));
                secondHigh = secondHigh.add(d3.mul(d3));
            }
            distances[pair] = SquaredDistance.withTail(low.lane(0), low.lane(1), low.lane(2), low.lane(3),
                    high.lane(0), high.lane(1), high.lane(2), high.lane(3), firstA, firstP, firstB, firstQ, t, dim);
            distances[pair + 1] = SquaredDistance.withTail(secondLow.lane(0), secondLow.lane(1), secondLow.lane(2),
                    secondLow.lane(3), secondHigh.lane(0), secondHigh.lane(1), secondHigh.lane(2), secondHigh.lane(3),
                    secondA, secondP, secondB, secondQ, t, dim);
        }
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
