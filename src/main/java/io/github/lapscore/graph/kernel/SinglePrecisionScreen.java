package io.github.lapscore.graph.kernel;

import java.util.Arrays;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The nearest-neighbour scan of two blocks with every pair screened in single precision, on the
 * processor's widest vectors (Java's Vector API), and only a few pairs per row measured in double
 * precision by {@link PairOffers}.
 *
 * <p><b>The screen value.</b> The centred points are multiplied by a power of two {@code s} (exact)
 * so that the largest magnitude lies in [0.5, 1), and rounded to single precision; for a left row
 * i and a right row j the scan computes, in single precision, {@code E_ij = (n_i + n_j) - 2 p_ij},
 * where {@code p_ij} is the dot product of the two rounded points (one fused multiply-add per
 * dimension) and {@code n_i = s^2 ||a_i||^2 (1 - g)} the point's squared norm reduced by the slack
 * {@code g = 2 (d + 8) u}, u = 2^-24 the unit roundoff. With {@code S = s^2 (||a_i||^2 +
 * ||b_j||^2)} and D the pair's squared distance: rounding the points moves each product by at most
 * {@code 2.01 u |a_t b_t|}, the d-step sum adds at most {@code d u / (1 - d u)} of
 * {@code sum |a_t b_t| <= S / 2}, rounding the norms and the two final operations adds at most
 * {@code 4.1 u S}, and points below single precision's normal range add at most
 * {@code e = (4 d + 4) 2^-150} in all. So {@code |E_ij - (s^2 D - g S)| <= (d + 6.3) u S + e}, and
 * <pre>  s^2 D - g S - e  &lt;=  ...  E_ij  ...  &lt;=  s^2 D + e,   so   E_ij - e &lt;= s^2 D.</pre>
 * The double-precision distances the heaps compare differ from D by a factor within
 * {@code 1 +- d'} with {@code d' = (d + 8) 2^-52}.
 *
 * <p><b>Two passes.</b>
 * <ol>
 *   <li>Every pair's screen value goes to each row's heap of the {@code k + }{@value #SPARE}
 *       smallest screen values (ties by row id); most pairs are rejected by one comparison of a
 *       whole vector of them with the rows' current largest kept values. Then each row's kept
 *       candidates are measured exactly into its k-best heap. Any other candidate has
 *       {@code E >= T}, T the row's largest kept screen value, so its exact distance is at least
 *       {@code (T - e) / s^2 (1 - d')}: when the row's k-th exact distance is below that, no other
 *       candidate can enter, and the row is done. It is unless the row has near-ties or exact ties
 *       (duplicates) at its k-th neighbour.</li>
 *   <li>Only when some row is not done: the pairs are screened again, and a pair is measured
 *       exactly for each row not done whose heap it may enter: the pair's exact distance is at most
 *       the row's k-th W, so {@code E <= s^2 W (1 + d') + e}.</li>
 * </ol>
 * Each row therefore ends with the k nearest rows by the double-precision distance, ties by row id,
 * as an unscreened search gives; {@code BlockDistanceKernelTest} checks it on near-ties below single
 * precision's resolution, exact ties, and points whose norms dwarf their distances.
 *
 * <p><b>The loop.</b> The right block is packed in panels of two vectors' width of rows, stored
 * dimension by dimension, so that one step of the inner loop broadcasts one value of each of 4
 * left rows and multiplies it into 8 vector registers of sums: no horizontal additions, one load of
 * the panel per 4 rows.
 */
final class SinglePrecisionScreen {

    private static final VectorSpecies<Float> SPECIES = FloatVector.SPECIES_PREFERRED;
    private static final int LANES = SPECIES.length();
    /** Right rows per panel: two vectors' width. */
    private static final int PANEL = 2 * LANES;
    /** Left rows per step of the inner loop: their 4 x {@link #PANEL} sums fill 8 vector registers. */
    private static final int STEP = 4;
    /** Left rows that every panel passes over before the next ones: their copy stays in the cache. */
    private static final int TILE_ROWS = 256;
    /** Candidates beyond k that each row keeps by screen value in the first pass. */
    static final int SPARE = 4;
    private static final double UNIT_ROUNDOFF = 0x1p-24;
    /** Scaling exponents are kept within this, so that {@code s^2} is a finite double. */
    private static final int MAX_EXPONENT = 500;
    private static final FloatVector MINUS_TWO = FloatVector.broadcast(SPECIES, -2.0f);

    private final PairOffers offers;
    private final WorkingBlock left;
    private final WorkingBlock right;
    private final int dim;
    private final double squaredScale;
    /** e: the absolute part of the screen's error. */
    private final double absoluteSlack;
    /** d': the relative error of the exact distances, doubled. */
    private final double relativeSlack;
    /** Left rows, rounded to a multiple of {@link #STEP}. */
    private final int leftRows;
    /** Right rows, rounded to a multiple of {@link #PANEL}. */
    private final int rightRows;
    /** The left points in single precision, row after row; rows beyond the block are zero. */
    private final float[] rows;
    /** The right points in single precision, panel after panel, dimension by dimension within a panel. */
    private final float[] panels;
    private final float[] leftNorms;
    /** +infinity beyond the block, so that no padding row passes on its distance. */
    private final float[] rightNorms;
    /** Each left row's limit: a pair with a larger screen value is of no use to it; -infinity beyond the block. */
    private final float[] leftLimits;
    /** The left limits themselves when left and right are one block. */
    private final float[] rightLimits;
    /** The first pass's heaps of the smallest screen values; the right one null when only left rows collect. */
    private final ScreenHeaps leftNear;
    private final ScreenHeaps rightNear;
    /** The screen values of the vector being offered, and their limits. */
    private final float[] screenValues = new float[LANES];
    private final float[] screenLimits = new float[LANES];
    /** In the second pass: the rows whose heaps may still change. */
    private boolean[] leftOpen;
    private boolean[] rightOpen;

    private SinglePrecisionScreen(PairOffers offers) {
        this.offers = offers;
        this.left = offers.left;
        this.right = offers.right;
        this.dim = left.dim;
        double scale = scaleOf(left, right);
        this.squaredScale = scale * scale;
        this.absoluteSlack = (4.0 * dim + 4.0) * 0x1p-150;
        this.relativeSlack = (dim + 8.0) * 0x1p-52;
        double reduction = 1.0 - 2.0 * (dim + 8) * UNIT_ROUNDOFF;
        this.leftRows = roundUp(left.size, STEP);
        this.rightRows = roundUp(right.size, PANEL);
        this.rows = new float[leftRows * dim];
        for (int n = 0; n < left.size * dim; n++) {
            rows[n] = (float) (left.points[n] * scale);
        }
        this.panels = new float[rightRows * dim];
        for (int j = 0; j < right.size; j++) {
            int panelStart = (j / PANEL) * PANEL * dim + j % PANEL;
            for (int t = 0; t < dim; t++) {
                panels[panelStart + t * PANEL] = (float) (right.points[j * dim + t] * scale);
            }
        }
        this.leftNorms = new float[leftRows];
        for (int i = 0; i < left.size; i++) {
            leftNorms[i] = (float) (left.squaredNorms[i] * squaredScale * reduction);
        }
        this.rightNorms = new float[rightRows];
        Arrays.fill(rightNorms, Float.POSITIVE_INFINITY);
        for (int j = 0; j < right.size; j++) {
            rightNorms[j] = (float) (right.squaredNorms[j] * squaredScale * reduction);
        }
        this.leftLimits = new float[Math.max(leftRows, offers.sameBlock ? rightRows : 0)];
        this.rightLimits = offers.sameBlock ? leftLimits : new float[rightRows];
        this.leftNear = new ScreenHeaps(left.size, offers.leftHeaps.k + SPARE);
        this.rightNear = offers.sameBlock ? leftNear
                : offers.rightHeaps == null ? null : new ScreenHeaps(right.size, offers.rightHeaps.k + SPARE);
    }

    /** Offers to {@code offers}' heaps the pairs that may enter them, as described above. */
    static void scan(PairOffers offers) {
        new SinglePrecisionScreen(offers).run();
    }

    /**
     * {@code 2^-(e + 1)} for e the binary exponent of the largest magnitude among both blocks'
     * centred points, so that it becomes a number in [0.5, 1); 1 when every point is the centre.
     */
    private static double scaleOf(WorkingBlock left, WorkingBlock right) {
        double largest = 0.0;
        for (double value : left.points) {
            largest = Math.max(largest, Math.abs(value));
        }
        for (double value : right.points) {
            largest = Math.max(largest, Math.abs(value));
        }
        if (largest == 0.0) {
            return 1.0;
        }
        int exponent = -Math.getExponent(largest) - 1;
        return Math.scalb(1.0, Math.max(-MAX_EXPONENT, Math.min(MAX_EXPONENT, exponent)));
    }

    private static int roundUp(int value, int multiple) {
        return (value + multiple - 1) / multiple * multiple;
    }

    private void run() {
        Arrays.fill(leftLimits, Float.NEGATIVE_INFINITY);
        Arrays.fill(rightLimits, Float.NEGATIVE_INFINITY);
        Arrays.fill(leftLimits, 0, left.size, Float.POSITIVE_INFINITY);
        if (rightNear != null) {
            Arrays.fill(rightLimits, 0, right.size, Float.POSITIVE_INFINITY);
        }
        screenAllPairs();
        leftOpen = measureKept(leftNear, left.size, true);
        rightOpen = rightNear == null || offers.sameBlock ? leftOpen : measureKept(rightNear, right.size, false);
        boolean anyOpen = false;
        Arrays.fill(leftLimits, Float.NEGATIVE_INFINITY);
        Arrays.fill(rightLimits, Float.NEGATIVE_INFINITY);
        for (int i = 0; i < left.size; i++) {
            if (leftOpen[i]) {
                leftLimits[i] = exactLimit(offers.leftHeaps.worst[i]);
                anyOpen = true;
            }
        }
        if (offers.rightHeaps != null && !offers.sameBlock) {
            for (int j = 0; j < right.size; j++) {
                if (rightOpen[j]) {
                    rightLimits[j] = exactLimit(offers.rightHeaps.worst[j]);
                    anyOpen = true;
                }
            }
        }
        if (anyOpen) {
            screenAllPairs();
        }
    }

    /**
     * Measures exactly the candidates each row kept by screen value, into its k-best heap, and says
     * which rows may still gain a candidate.
     */
    private boolean[] measureKept(ScreenHeaps near, int size, boolean leftSide) {
        CandidateHeaps exact = leftSide ? offers.leftHeaps : offers.rightHeaps;
        boolean[] open = new boolean[size];
        for (int row = 0; row < size; row++) {
            for (int n = 0; n < near.size(row); n++) {
                int other = near.position(row, n);
                if (leftSide) {
                    offers.offerToLeft(row, other);
                } else {
                    offers.offerToRight(other, row);
                }
            }
            double lowestUnkept = (near.worst(row) - absoluteSlack) / squaredScale * (1.0 - relativeSlack);
            open[row] = near.size(row) == near.capacity && !(exact.worst(row) < lowestUnkept);
        }
        return open;
    }

    /** {@code s^2 W (1 + d') + e} rounded up to single precision: no pair beyond it can enter a heap whose k-th is W. */
    private float exactLimit(double worst) {
        double scaled = worst * squaredScale * (1.0 + relativeSlack) + absoluteSlack;
        float limit = (float) scaled;
        return limit < scaled ? Math.nextUp(limit) : limit;
    }

    private void screenAllPairs() {
        int panelCount = rightRows / PANEL;
        for (int tileStart = 0; tileStart < leftRows; tileStart += TILE_ROWS) {
            int tileEnd = Math.min(leftRows, tileStart + TILE_ROWS);
            for (int panel = offers.sameBlock ? tileStart / PANEL : 0; panel < panelCount; panel++) {
                int firstColumn = panel * PANEL;
                for (int i = tileStart; i < tileEnd; i += STEP) {
                    if (offers.sameBlock && i >= firstColumn + PANEL - 1) {
                        break;
                    }
                    step(i, firstColumn);
                }
            }
        }
    }

    /** Screens the 4 x {@link #PANEL} pairs of left rows i..i+3 and the panel from right row {@code firstColumn}. */
    private void step(int i, int firstColumn) {
        float[] rows = this.rows;
        float[] panels = this.panels;
        FloatVector s00 = FloatVector.zero(SPECIES);
        FloatVector s01 = s00;
        FloatVector s10 = s00;
        FloatVector s11 = s00;
        FloatVector s20 = s00;
        FloatVector s21 = s00;
        FloatVector s30 = s00;
        FloatVector s31 = s00;
        int a0 = i * dim;
        int a1 = a0 + dim;
        int a2 = a1 + dim;
        int a3 = a2 + dim;
        int b = firstColumn * dim;
        for (int t = 0; t < dim; t++, b += PANEL) {
            FloatVector b0 = FloatVector.fromArray(SPECIES, panels, b);
            FloatVector b1 = FloatVector.fromArray(SPECIES, panels, b + LANES);
            FloatVector a = FloatVector.broadcast(SPECIES, rows[a0 + t]);
            s00 = a.fma(b0, s00);
            s01 = a.fma(b1, s01);
            a = FloatVector.broadcast(SPECIES, rows[a1 + t]);
            s10 = a.fma(b0, s10);
            s11 = a.fma(b1, s11);
            a = FloatVector.broadcast(SPECIES, rows[a2 + t]);
            s20 = a.fma(b0, s20);
            s21 = a.fma(b1, s21);
            a = FloatVector.broadcast(SPECIES, rows[a3 + t]);
            s30 = a.fma(b0, s30);
            s31 = a.fma(b1, s31);
        }
        FloatVector norms0 = FloatVector.fromArray(SPECIES, rightNorms, firstColumn);
        FloatVector norms1 = FloatVector.fromArray(SPECIES, rightNorms, firstColumn + LANES);
        FloatVector limits0 = FloatVector.fromArray(SPECIES, rightLimits, firstColumn);
        FloatVector limits1 = FloatVector.fromArray(SPECIES, rightLimits, firstColumn + LANES);
        int second = firstColumn + LANES;
        check(i, firstColumn, s00, norms0, limits0);
        check(i, second, s01, norms1, limits1);
        check(i + 1, firstColumn, s10, norms0, limits0);
        check(i + 1, second, s11, norms1, limits1);
        check(i + 2, firstColumn, s20, norms0, limits0);
        check(i + 2, second, s21, norms1, limits1);
        check(i + 3, firstColumn, s30, norms0, limits0);
        check(i + 3, second, s31, norms1, limits1);
    }

    /** Offers the pairs of left row i and right rows {@code j0..} whose screen value is within either row's limit. */
    private void check(int i, int j0, FloatVector products, FloatVector rightNorms, FloatVector rightLimits) {
        FloatVector screen = products.fma(MINUS_TWO, rightNorms.add(leftNorms[i]));
        FloatVector limits = rightLimits.max(leftLimits[i]);
        if (screen.compare(VectorOperators.LE, limits).anyTrue()) {
            screen.intoArray(screenValues, 0);
            limits.intoArray(screenLimits, 0);
            offerPassed(i, j0);
        }
    }

    /**
     * Offers the pairs of left row i and right rows {@code j0 + l} whose screen values, in
     * {@link #screenValues}, are within their limits, in {@link #screenLimits}: in the first pass to
     * the rows' heaps of screen values, in the second exactly to the heaps of the rows still open.
     */
    private void offerPassed(int i, int j0) {
        for (int lane = 0; lane < LANES; lane++) {
            int j = j0 + lane;
            if (!(screenValues[lane] <= screenLimits[lane]) || i >= left.size || j >= right.size
                    || (offers.sameBlock && j <= i) || !offers.pairs(i, j)) {
                continue;
            }
            if (leftOpen == null) {
                float screen = screenValues[lane];
                if (screen <= leftNear.worst(i)) {
                    leftNear.offer(i, j, screen);
                    leftLimits[i] = leftNear.worst(i);
                }
                if (rightNear != null && screen <= rightNear.worst(j)) {
                    rightNear.offer(j, i, screen);
                    rightLimits[j] = rightNear.worst(j);
                }
            } else {
                if (leftOpen[i]) {
                    offers.offerToLeft(i, j);
                    leftLimits[i] = exactLimit(offers.leftHeaps.worst(i));
                }
                if (offers.rightHeaps != null && rightOpen[j]) {
                    offers.offerToRight(i, j);
                    rightLimits[j] = exactLimit(offers.rightHeaps.worst(j));
                }
            }
        }
    }
}
