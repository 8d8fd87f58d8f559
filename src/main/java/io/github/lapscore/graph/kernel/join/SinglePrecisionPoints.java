package io.github.lapscore.graph.kernel.join;

import io.github.lapscore.graph.kernel.SinglePrecisionBound;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * Every point of a set in single precision, for screens that pair each point with a few others of
 * the set (NN-descent's local joins, {@link CandidateJoin}): each point scaled and rounded
 * once ({@link SinglePrecisionBound}), padded with zeros to a whole number of the processor's
 * widest vectors (Java's Vector API), beside its reduced squared norm; either rounded here into one
 * copy, one point after another, or read where they lie in blocks rounded once for a whole search
 * ({@link SinglePrecisionBlock}). A pair's screen value is one vector dot product of two stored
 * points: nothing is copied per pair or per join, where packing a join's candidates into tiles cost
 * more than the products did. One point meets four others at a time, so that each vector of it is
 * loaded once for four fused multiply-adds, or two points meet four others ({@link #screenTwo}), eight
 * products from six loads; each dot product ends in one sum across the lanes.
 */
final class SinglePrecisionPoints {

    private static final VectorSpecies<Float> SPECIES = FloatVector.SPECIES_PREFERRED;
    private static final int LANES = SPECIES.length();

    final SinglePrecisionBound bound;
    /** Floats per point: the dimension rounded up to a whole number of vectors. */
    private final int stride;
    /** Point i's values: {@code arrays[i]} from {@code offsets[i]} on. */
    private final float[][] arrays;
    private final int[] offsets;
    private final float[] norms;

    /**
     * {@code points} rounded here into one copy: 4 bytes a value, with the padding, read from where
     * the points lie; scaled by their {@link ScatteredPoints#largestMagnitude}, for which the bound
     * holds as for any upper bound of their magnitudes.
     */
    SinglePrecisionPoints(ScatteredPoints points) {
        int dim = points.dim();
        this.bound = new SinglePrecisionBound(dim, points.largestMagnitude());
        this.stride = stride(dim);
        float[] values = new float[Math.multiplyExact(points.size, stride)];
        this.arrays = new float[points.size][];
        this.offsets = new int[points.size];
        this.norms = new float[points.size];
        for (int i = 0; i < points.size; i++) {
            arrays[i] = values;
            offsets[i] = i * stride;
            round(bound, points.array(i), points.offset(i), dim, values, offsets[i]);
            norms[i] = bound.reducedNorm(points.squaredNorm(i));
        }
    }

    /**
     * {@code points} read where they lie in blocks rounded once: point i in {@code rounded[i]}, at
     * its position in the working block that holds its exact point. The blocks must share one
     * scale ({@link SinglePrecisionBlock#of}) and have been rounded in this JVM.
     */
    SinglePrecisionPoints(ScatteredPoints points, SinglePrecisionBlock[] rounded) {
        int dim = points.dim();
        double largest = points.size == 0 ? 0.0 : rounded[0].largest;
        this.bound = new SinglePrecisionBound(dim, largest);
        this.stride = stride(dim);
        this.arrays = new float[points.size][];
        this.offsets = new int[points.size];
        this.norms = new float[points.size];
        for (int i = 0; i < points.size; i++) {
            SinglePrecisionBlock block = rounded[i];
            if (block.largest != largest || block.dim != dim || block.stride != stride) {
                throw new IllegalStateException("the rounded blocks of one batch differ in scale, dimension or padding");
            }
            int position = points.position(i);
            arrays[i] = block.values;
            offsets[i] = position * stride;
            norms[i] = block.norms[position];
        }
    }

    /** Floats per point of dimension {@code dim}: a whole number of this processor's widest vectors. */
    static int stride(int dim) {
        return (dim + LANES - 1) / LANES * LANES;
    }

    /**
     * The {@code dim} values of {@code from} at {@code fromOffset} scaled and rounded by
     * {@code bound} into {@code to} at {@code toOffset}.
     */
    static void round(SinglePrecisionBound bound, double[] from, int fromOffset, int dim, float[] to, int toOffset) {
        for (int t = 0; t < dim; t++) {
            to[toOffset + t] = bound.single(from[fromOffset + t]);
        }
    }

    /**
     * The screen values of point {@code a} with points {@code others[from]} to
     * {@code others[to - 1]}, into {@code screenValues} at the same positions.
     */
    void screen(int a, int[] others, int from, int to, float[] screenValues) {
        float[] own = arrays[a];
        int first = offsets[a];
        float norm = norms[a];
        int c = from;
        for (; c + 4 <= to; c += 4) {
            float[] v0 = arrays[others[c]];
            float[] v1 = arrays[others[c + 1]];
            float[] v2 = arrays[others[c + 2]];
            float[] v3 = arrays[others[c + 3]];
            int b0 = offsets[others[c]];
            int b1 = offsets[others[c + 1]];
            int b2 = offsets[others[c + 2]];
            int b3 = offsets[others[c + 3]];
            FloatVector s0 = FloatVector.zero(SPECIES);
            FloatVector s1 = s0;
            FloatVector s2 = s0;
            FloatVector s3 = s0;
            for (int t = 0; t < stride; t += LANES) {
                FloatVector x = FloatVector.fromArray(SPECIES, own, first + t);
                s0 = x.fma(FloatVector.fromArray(SPECIES, v0, b0 + t), s0);
                s1 = x.fma(FloatVector.fromArray(SPECIES, v1, b1 + t), s1);
                s2 = x.fma(FloatVector.fromArray(SPECIES, v2, b2 + t), s2);
                s3 = x.fma(FloatVector.fromArray(SPECIES, v3, b3 + t), s3);
            }
            screenValues[c] = value(norm, others[c], s0);
            screenValues[c + 1] = value(norm, others[c + 1], s1);
            screenValues[c + 2] = value(norm, others[c + 2], s2);
            screenValues[c + 3] = value(norm, others[c + 3], s3);
        }
        for (; c < to; c++) {
            float[] other = arrays[others[c]];
            int b = offsets[others[c]];
            FloatVector sum = FloatVector.zero(SPECIES);
            for (int t = 0; t < stride; t += LANES) {
                sum = FloatVector.fromArray(SPECIES, own, first + t).fma(FloatVector.fromArray(SPECIES, other, b + t), sum);
            }
            screenValues[c] = value(norm, others[c], sum);
        }
    }

    /**
     * The screen values of points {@code a} and {@code b} each with points {@code others[from]} to
     * {@code others[to - 1]}, into {@code valuesOfA} and {@code valuesOfB} at the same positions:
     * the numbers {@link #screen} gives for each, to the last bit (each pair's products are summed
     * in the same order), at fewer loads: every vector of an other point is loaded once for two
     * fused multiply-adds, one with each point's, so that eight products share six loads.
     */
    void screenTwo(int a, int b, int[] others, int from, int to, float[] valuesOfA, float[] valuesOfB) {
        float[] ownOfA = arrays[a];
        float[] ownOfB = arrays[b];
        int firstOfA = offsets[a];
        int firstOfB = offsets[b];
        int c = from;
        for (; c + 4 <= to; c += 4) {
            float[] v0 = arrays[others[c]];
            float[] v1 = arrays[others[c + 1]];
            float[] v2 = arrays[others[c + 2]];
            float[] v3 = arrays[others[c + 3]];
            int b0 = offsets[others[c]];
            int b1 = offsets[others[c + 1]];
            int b2 = offsets[others[c + 2]];
            int b3 = offsets[others[c + 3]];
            FloatVector a0 = FloatVector.zero(SPECIES);
            FloatVector a1 = a0;
            FloatVector a2 = a0;
            FloatVector a3 = a0;
            FloatVector s0 = a0;
            FloatVector s1 = a0;
            FloatVector s2 = a0;
            FloatVector s3 = a0;
            for (int t = 0; t < stride; t += LANES) {
                FloatVector x = FloatVector.fromArray(SPECIES, ownOfA, firstOfA + t);
                FloatVector y = FloatVector.fromArray(SPECIES, ownOfB, firstOfB + t);
                FloatVector o0 = FloatVector.fromArray(SPECIES, v0, b0 + t);
                a0 = x.fma(o0, a0);
                s0 = y.fma(o0, s0);
                FloatVector o1 = FloatVector.fromArray(SPECIES, v1, b1 + t);
                a1 = x.fma(o1, a1);
                s1 = y.fma(o1, s1);
                FloatVector o2 = FloatVector.fromArray(SPECIES, v2, b2 + t);
                a2 = x.fma(o2, a2);
                s2 = y.fma(o2, s2);
                FloatVector o3 = FloatVector.fromArray(SPECIES, v3, b3 + t);
                a3 = x.fma(o3, a3);
                s3 = y.fma(o3, s3);
            }
            valuesOfA[c] = value(norms[a], others[c], a0);
            valuesOfA[c + 1] = value(norms[a], others[c + 1], a1);
            valuesOfA[c + 2] = value(norms[a], others[c + 2], a2);
            valuesOfA[c + 3] = value(norms[a], others[c + 3], a3);
            valuesOfB[c] = value(norms[b], others[c], s0);
            valuesOfB[c + 1] = value(norms[b], others[c + 1], s1);
            valuesOfB[c + 2] = value(norms[b], others[c + 2], s2);
            valuesOfB[c + 3] = value(norms[b], others[c + 3], s3);
        }
        for (; c < to; c++) {
            float[] other = arrays[others[c]];
            int start = offsets[others[c]];
            FloatVector sumOfA = FloatVector.zero(SPECIES);
            FloatVector sumOfB = sumOfA;
            for (int t = 0; t < stride; t += LANES) {
                FloatVector o = FloatVector.fromArray(SPECIES, other, start + t);
                sumOfA = FloatVector.fromArray(SPECIES, ownOfA, firstOfA + t).fma(o, sumOfA);
                sumOfB = FloatVector.fromArray(SPECIES, ownOfB, firstOfB + t).fma(o, sumOfB);
            }
            valuesOfA[c] = value(norms[a], others[c], sumOfA);
            valuesOfB[c] = value(norms[b], others[c], sumOfB);
        }
    }

    /** {@code E = (n_a + n_b) - 2 p}, p the sum of the lanes of {@code products}. */
    private float value(float norm, int b, FloatVector products) {
        return (norm + norms[b]) - 2.0f * products.reduceLanes(VectorOperators.ADD);
    }
}
