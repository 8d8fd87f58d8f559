package lapscore.graph.kernel;

/**
 * The single-precision screen value of a pair of points, and the bounds that let a screen by it
 * drop only pairs that the exact distance would drop too; shared by the screens that compute it
 * ({@link SinglePrecisionTiles} for the scans of two blocks, the single-precision points of
 * {@link lapscore.graph.kernel.join.CandidateJoin} for NN-descent's local joins).
 *
 * <p><b>The screen value.</b> The centred points are multiplied by a power of two {@code s} (exact)
 * so that the largest magnitude lies in [0.5, 1) (or below, when s comes from an upper bound of the
 * magnitudes: nothing below needs more than magnitudes under 1), and rounded to single precision;
 * for points a and b a screen computes, in single precision, {@code E = (n_a + n_b) - 2 p}, where p
 * is the dot product of the two rounded points (fused multiply-adds, in any order: one running sum
 * per dimension's turn, or one per vector lane and then the lanes added) and
 * {@code n_a = s^2 ||a||^2 (1 - g)} the point's squared norm reduced by the slack
 * {@code g = 2 (d + 8) u}, u = 2^-24 the unit roundoff. With {@code S = s^2 (||a||^2 + ||b||^2)}
 * and D the pair's squared distance: rounding the points moves each product by at most
 * {@code 2.01 u |a_t b_t|}; a sum of d terms in any order rounds each term through at most d
 * operations, which adds at most {@code d u / (1 - d u)} of {@code sum |a_t b_t| <= S / 2};
 * rounding the norms and the two final operations adds at most {@code 4.1 u S}; and points below
 * single precision's normal range add at most {@code e = (4 d + 4) 2^-150} in all (at most 2 d
 * roundings of the sum that are not exact, each off by at most 2^-150 there). So
 * {@code |E - (s^2 D - g S)| <= (d + 6.3) u S + e}, which gives both bounds the screens rest on:
 * <pre>  E - e  &lt;=  s^2 D          and          E  &lt;=  s^2 D + e.</pre>
 * The double-precision distances the heaps compare ({@link WorkingBlock#squaredDistance}) differ
 * from D by a factor within {@code 1 +- d'}, {@code d' = (d + 8) 2^-52}; so a pair whose exact
 * distance is at most W has {@code E <= s^2 W (1 + d') + e} ({@link #limit}).
 */
public final class SinglePrecisionBound {

    private static final double UNIT_ROUNDOFF = 0x1p-24;
    /** Scaling exponents are kept within this, so that {@code s^2} is a finite double. */
    private static final int MAX_EXPONENT = 500;

    final int dim;
    /** s. */
    private final double scale;
    private final double squaredScale;
    /** 1 - g. */
    private final double reduction;
    /** e. */
    private final double absoluteSlack;
    /** d'. */
    private final double relativeSlack;

    /** The bound for points of dimension {@code dim} whose largest magnitude (all of them) is {@code largest}. */
    public SinglePrecisionBound(int dim, double largest) {
        this.dim = dim;
        this.scale = largest == 0.0 ? 1.0
                : Math.scalb(1.0, Math.max(-MAX_EXPONENT, Math.min(MAX_EXPONENT, -Math.getExponent(largest) - 1)));
        this.squaredScale = scale * scale;
        this.reduction = 1.0 - 2.0 * (dim + 8) * UNIT_ROUNDOFF;
        this.absoluteSlack = (4.0 * dim + 4.0) * 0x1p-150;
        this.relativeSlack = (dim + 8.0) * 0x1p-52;
    }

    /** A centred point's value scaled by s and rounded to single precision. */
    public float single(double value) {
        return (float) (value * scale);
    }

    /** {@code n_a}: a point's squared norm scaled by s^2, reduced by the slack g, in single precision. */
    public float reducedNorm(double squaredNorm) {
        return (float) (squaredNorm * squaredScale * reduction);
    }

    /**
     * {@code s^2 W (1 + d') + e} rounded up to single precision: the screen value of every pair whose
     * exact squared distance is at most W is at most this.
     */
    public float limit(double worst) {
        double scaled = worst * squaredScale * (1.0 + relativeSlack) + absoluteSlack;
        float limit = (float) scaled;
        return limit < scaled ? Math.nextUp(limit) : limit;
    }

    /**
     * The smallest exact squared distance that a pair whose screen value is at least
     * {@code screenValue} can have, less a margin: {@code (E - e) / s^2 (1 - d')}.
     */
    double lowestExact(float screenValue) {
        return (screenValue - absoluteSlack) / squaredScale * (1.0 - relativeSlack);
    }
}
