package lapscore.graph.kernel.join;

import lapscore.graph.kernel.SinglePrecisionBound;
import lapscore.graph.kernel.WorkingBlock;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * Every point of a set in single precision, for screens that pair each point with a few others of
 * the set (NN-descent's local joins, {@link CandidateJoin}): each point scaled and rounded
 * once ({@link SinglePrecisionBound}) into one copy, padded with zeros to a whole number of the
 * processor's widest vectors (Java's Vector API), beside its reduced squared norm. A pair's screen
 * value is one vector dot product of two stored points: nothing is copied per pair or per join. One
 * point meets four others at a time, so that each vector of it is loaded once for four fused
 * multiply-adds; each dot product ends in one sum across the lanes.
 */
final class SinglePrecisionPoints {

    private static final VectorSpecies<Float> SPECIES = FloatVector.SPECIES_PREFERRED;
    private static final int LANES = SPECIES.length();

    final SinglePrecisionBound bound;
    /** Floats per point: the dimension rounded up to a whole number of vectors. */
    private final int stride;
    /** Point i's values from {@code i * stride} on. */
    private final float[] values;
    private final float[] norms;

    /**
     * {@code points} rounded here into one copy: 4 bytes a value, with the padding, scaled by their
     * {@link WorkingBlock#largestMagnitude}.
     */
    SinglePrecisionPoints(WorkingBlock points) {
        int dim = points.dim();
        this.bound = new SinglePrecisionBound(dim, points.largestMagnitude());
        this.stride = stride(dim);
        this.values = new float[Math.multiplyExact(points.size, stride)];
        this.norms = new float[points.size];
        for (int i = 0; i < points.size; i++) {
            round(bound, points.points, i * dim, dim, values, i * stride);
            norms[i] = bound.reducedNorm(points.squaredNorm(i));
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
        float[] values = this.values;
        int first = a * stride;
        float norm = norms[a];
        int c = from;
        for (; c + 4 <= to; c += 4) {
            int b0 = others[c] * stride;
            int b1 = others[c + 1] * stride;
            int b2 = others[c + 2] * stride;
            int b3 = others[c + 3] * stride;
            FloatVector s0 = FloatVector.zero(SPECIES);
            FloatVector s1 = s0;
            FloatVector s2 = s0;
            FloatVector s3 = s0;
            for (int t = 0; t < stride; t += LANES) {
                FloatVector x = FloatVector.fromArray(SPECIES, values, first + t);
                s0 = x.fma(FloatVector.fromArray(SPECIES, values, b0 + t), s0);
                s1 = x.fma(FloatVector.fromArray(SPECIES, values, b1 + t), s1);
                s2 = x.fma(FloatVector.fromArray(SPECIES, values, b2 + t), s2);
                s3 = x.fma(FloatVector.fromArray(SPECIES, values, b3 + t), s3);
            }
            screenValues[c] = value(norm, others[c], s0);
            screenValues[c + 1] = value(norm, others[c + 1], s1);
            screenValues[c + 2] = value(norm, others[c + 2], s2);
            screenValues[c + 3] = value(norm, others[c + 3], s3);
        }
        for (; c < to; c++) {
            int b = others[c] * stride;
            FloatVector sum = FloatVector.zero(SPECIES);
            for (int t = 0; t < stride; t += LANES) {
                sum = FloatVector.fromArray(SPECIES, values, first + t).fma(FloatVector.fromArray(SPECIES, values, b + t), sum);
            }
            screenValues[c] = value(norm, others[c], sum);
        }
    }

    /** {@code E = (n_a + n_b) - 2 p}, p the sum of the lanes of {@code products}. */
    private float value(float norm, int b, FloatVector products) {
        return (norm + norms[b]) - 2.0f * products.reduceLanes(VectorOperators.ADD);
    }
}
