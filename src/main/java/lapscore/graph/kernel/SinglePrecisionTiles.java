package lapscore.graph.kernel;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The single-precision screen ({@link SinglePrecisionBound}) of every pair of two sets of points on
 * the processor's widest vectors (Java's Vector API), for the kNN scans of two blocks
 * ({@link SinglePrecisionScreen}), which own the arrays it reads and decide what a pass means.
 *
 * <p><b>The loop.</b> The column points are packed in panels of two vectors' width, stored
 * dimension by dimension, so that one step of the inner loop broadcasts one value of each of 4 row
 * points and multiplies it into 8 vector registers of sums: no horizontal additions, one load of the
 * panel per 4 rows. Every pair's sum is the same chain of multiply-adds, dimension after dimension.
 * Every screen value is compared with the larger of its two points' limits.
 */
final class SinglePrecisionTiles {

    private static final VectorSpecies<Float> SPECIES = FloatVector.SPECIES_PREFERRED;
    static final int LANES = SPECIES.length();
    /** Column points per panel: two vectors' width. */
    static final int PANEL = 2 * LANES;
    /** Row points per tile: their 4 x {@link #PANEL} sums fill 8 vector registers. */
    static final int STEP = 4;
    private static final FloatVector MINUS_TWO = FloatVector.broadcast(SPECIES, -2.0f);

    final SinglePrecisionBound bound;
    private final int dim;
    /** Row points in single precision, one after another, {@link #STEP}-padded with zeros. */
    final float[] rows;
    /** Column points in single precision, panel after panel, dimension by dimension within a panel. */
    final float[] panels;
    final float[] rowNorms;
    /** +infinity for padding, so that no padding column passes on its distance. */
    final float[] columnNorms;
    /** Each point's limit: a pair whose screen value is above both its points' limits does not pass. */
    final float[] rowLimits;
    final float[] columnLimits;
    /**
     * Whether a pair passes only with a screen value below its limit, not equal to it: for a scan
     * whose limits are heaps' largest kept screen values, each row meeting its candidates in
     * ascending order, so that one equal to the limit would lose the tie.
     */
    boolean strict;
    /** The screen values and limits of the vectors that {@link #screen} reports, lane by lane. */
    final float[] values = new float[STEP * PANEL];
    final float[] limits = new float[STEP * PANEL];
    /** The dot products of the pairs that {@link #screen} is screening, vector by vector as {@link #values}. */
    private final float[] sums = new float[STEP * PANEL];

    /**
     * Tiles for points screened by {@code bound}, with room for {@code rowCapacity} row and
     * {@code columnCapacity} column points; {@code sharedLimits}: rows and columns are the same
     * points, with one array of limits.
     */
    SinglePrecisionTiles(SinglePrecisionBound bound, int rowCapacity, int columnCapacity, boolean sharedLimits) {
        this.bound = bound;
        this.dim = bound.dim;
        int rowSlots = roundUp(rowCapacity, STEP);
        int columnSlots = roundUp(columnCapacity, PANEL);
        this.rows = new float[rowSlots * dim];
        this.panels = new float[columnSlots * dim];
        this.rowNorms = new float[rowSlots];
        this.columnNorms = new float[columnSlots];
        this.rowLimits = new float[sharedLimits ? Math.max(rowSlots, columnSlots) : rowSlots];
        this.columnLimits = sharedLimits ? rowLimits : new float[columnSlots];
    }

    /** {@code value} rounded up to a multiple of {@code multiple}. */
    static int roundUp(int value, int multiple) {
        return (value + multiple - 1) / multiple * multiple;
    }

    /** Sets row slot {@code slot} to point {@code i} of {@code block}. */
    void setRow(int slot, WorkingBlock block, int i) {
        for (int t = 0; t < dim; t++) {
            rows[slot * dim + t] = bound.single(block.points[i * dim + t]);
        }
        rowNorms[slot] = bound.reducedNorm(block.squaredNorms[i]);
    }

    /** Sets column slot {@code slot} to point {@code j} of {@code block}. */
    void setColumn(int slot, WorkingBlock block, int j) {
        int start = (slot / PANEL) * PANEL * dim + slot % PANEL;
        for (int t = 0; t < dim; t++) {
            panels[start + t * PANEL] = bound.single(block.points[j * dim + t]);
        }
        columnNorms[slot] = bound.reducedNorm(block.squaredNorms[j]);
    }

    /** Makes column slots from {@code from} to the end of their panel padding: they never pass on their value. */
    void padColumns(int from) {
        for (int slot = from; slot < roundUp(from, PANEL); slot++) {
            columnNorms[slot] = Float.POSITIVE_INFINITY;
            columnLimits[slot] = Float.NEGATIVE_INFINITY;
        }
    }

    /**
     * Screens the {@link #STEP} x {@link #PANEL} pairs of row slots {@code i..} and the panel from
     * column slot {@code firstColumn}: bit {@code 2 q + h} of the result is set when a pair of row
     * {@code i + q} and the h-th vector of the panel has a screen value within its limit, and then
     * that vector's values and limits are in {@link #values} and {@link #limits} from
     * {@code (2 q + h) * LANES}. The four rows' steps are written out one by one: the eight sums
     * must be local variables for the compiler to keep them in registers (an array of vectors, or a
     * loop over one, would be allocated on the heap).
     */
    int screen(int i, int firstColumn) {
        float[] rows = this.rows;
        float[] panels = this.panels;
        int d = dim;
        FloatVector s00 = FloatVector.zero(SPECIES);
        FloatVector s01 = s00;
        FloatVector s10 = s00;
        FloatVector s11 = s00;
        FloatVector s20 = s00;
        FloatVector s21 = s00;
        FloatVector s30 = s00;
        FloatVector s31 = s00;
        int a = i * d;
        int b = firstColumn * d;
        for (int t = 0; t < d; t++, a++, b += PANEL) {
            FloatVector b0 = FloatVector.fromArray(SPECIES, panels, b);
            FloatVector b1 = FloatVector.fromArray(SPECIES, panels, b + LANES);
            FloatVector r = FloatVector.broadcast(SPECIES, rows[a]);
            s00 = r.fma(b0, s00);
            s01 = r.fma(b1, s01);
            r = FloatVector.broadcast(SPECIES, rows[a + d]);
            s10 = r.fma(b0, s10);
            s11 = r.fma(b1, s11);
            r = FloatVector.broadcast(SPECIES, rows[a + 2 * d]);
            s20 = r.fma(b0, s20);
            s21 = r.fma(b1, s21);
            r = FloatVector.broadcast(SPECIES, rows[a + 3 * d]);
            s30 = r.fma(b0, s30);
            s31 = r.fma(b1, s31);
        }
        s00.intoArray(sums, 0);
        s01.intoArray(sums, LANES);
        s10.intoArray(sums, 2 * LANES);
        s11.intoArray(sums, 3 * LANES);
        s20.intoArray(sums, 4 * LANES);
        s21.intoArray(sums, 5 * LANES);
        s30.intoArray(sums, 6 * LANES);
        s31.intoArray(sums, 7 * LANES);
        return check(i, firstColumn);
    }

    /** Whether the pair in lane {@code slot} of {@link #values} passes. */
    boolean passes(int slot) {
        return strict ? values[slot] < limits[slot] : values[slot] <= limits[slot];
    }

    /**
     * The bits of {@link #screen} for the products of row slots {@code i..} and the panel from column
     * slot {@code firstColumn} in {@link #sums}; the values and limits of each vector that passes
     * stored. A method of its own, reading the sums from memory, so that the compiler keeps both
     * loops' vectors in registers: passed as arguments to a method it declined to inline, they would
     * be allocated on the heap at every call.
     */
    private int check(int i, int firstColumn) {
        int passed = 0;
        for (int vector = 0; vector < STEP * 2; vector++) {
            int column = firstColumn + (vector & 1) * LANES;
            float rowNorm = rowNorms[i + vector / 2];
            FloatVector screen = FloatVector.fromArray(SPECIES, sums, vector * LANES)
                    .fma(MINUS_TWO, FloatVector.fromArray(SPECIES, columnNorms, column).add(rowNorm));
            FloatVector limit = FloatVector.fromArray(SPECIES, columnLimits, column).max(rowLimits[i + vector / 2]);
            boolean any = strict ? screen.compare(VectorOperators.LT, limit).anyTrue() : screen.compare(VectorOperators.LE, limit).anyTrue();
            if (any) {
                screen.intoArray(values, vector * LANES);
                limit.intoArray(limits, vector * LANES);
                passed |= 1 << vector;
            }
        }
        return passed;
    }
}
