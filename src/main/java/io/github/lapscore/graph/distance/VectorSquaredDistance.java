package io.github.lapscore.graph.distance;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link SquaredDistance} on Java's Vector API: its eight running sums are the lanes of one vector
 * of 8 doubles, or of two of 4, as the processor's widest vectors hold; the dimensions past the last
 * multiple of 8 are loaded under a mask, so the lanes beyond the point add {@code +0} and leave their
 * sums unchanged. The lanes are combined by swapping neighbours, then pairs, which adds them in the
 * order the scalar loop does. Loaded only when the JVM has the module.
 */
final class VectorSquaredDistance {

    /** Doubles per vector of the processor's widest vectors. */
    static final int LANES = DoubleVector.SPECIES_PREFERRED.length();
    private static final VectorSpecies<Double> EIGHT = DoubleVector.SPECIES_512;
    private static final VectorSpecies<Double> FOUR = DoubleVector.SPECIES_256;
    private static final VectorShuffle<Double> EIGHT_NEIGHBOURS = VectorShuffle.fromOp(EIGHT, lane -> lane ^ 1);
    private static final VectorShuffle<Double> EIGHT_PAIRS = VectorShuffle.fromOp(EIGHT, lane -> lane ^ 2);
    private static final VectorShuffle<Double> FOUR_NEIGHBOURS = VectorShuffle.fromOp(FOUR, lane -> lane ^ 1);
    private static final VectorShuffle<Double> FOUR_PAIRS = VectorShuffle.fromOp(FOUR, lane -> lane ^ 2);

    private VectorSquaredDistance() {
    }

    static double of(double[] a, int p, double[] b, int q, int dim) {
        return LANES >= 8 ? inEights(a, p, b, q, dim) : inFours(a, p, b, q, dim);
    }

    /** The eight sums in one vector of 8 lanes. */
    static double inEights(double[] a, int p, double[] b, int q, int dim) {
        DoubleVector sums = DoubleVector.zero(EIGHT);
        int t = 0;
        for (; t + 8 <= dim; t += 8) {
            DoubleVector difference = DoubleVector.fromArray(EIGHT, a, p + t).sub(DoubleVector.fromArray(EIGHT, b, q + t));
            sums = sums.add(difference.mul(difference));
        }
        if (t < dim) {
            VectorMask<Double> tail = EIGHT.indexInRange(t, dim);
            DoubleVector difference = DoubleVector.fromArray(EIGHT, a, p + t, tail).sub(DoubleVector.fromArray(EIGHT, b, q + t, tail));
            sums = sums.add(difference.mul(difference));
        }
        DoubleVector pairs = sums.add(sums.rearrange(EIGHT_NEIGHBOURS));
        DoubleVector quads = pairs.add(pairs.rearrange(EIGHT_PAIRS));
        return quads.lane(0) + quads.lane(4);
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
        if (t < dim) {
            VectorMask<Double> firstTail = FOUR.indexInRange(t, dim);
            VectorMask<Double> secondTail = FOUR.indexInRange(t + 4, dim);
            DoubleVector first = DoubleVector.fromArray(FOUR, a, p + t, firstTail)
                    .sub(DoubleVector.fromArray(FOUR, b, q + t, firstTail));
            DoubleVector second = DoubleVector.fromArray(FOUR, a, p + t + 4, secondTail)
                    .sub(DoubleVector.fromArray(FOUR, b, q + t + 4, secondTail));
            low = low.add(first.mul(first));
            high = high.add(second.mul(second));
        }
        DoubleVector lowPairs = low.add(low.rearrange(FOUR_NEIGHBOURS));
        DoubleVector highPairs = high.add(high.rearrange(FOUR_NEIGHBOURS));
        return lowPairs.add(lowPairs.rearrange(FOUR_PAIRS)).lane(0) + highPairs.add(highPairs.rearrange(FOUR_PAIRS)).lane(0);
    }
}
