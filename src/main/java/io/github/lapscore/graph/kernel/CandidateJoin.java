package io.github.lapscore.graph.kernel;

/**
 * The local joins of NN-descent (Dong, Charikar and Li, "Efficient k-nearest neighbor graph
 * construction for generic similarity measures", WWW 2011, algorithm 2): for one row's new
 * candidates and old candidates, every pair of two new ones and of a new and an old one is
 * measured, and each point is offered to the other when their exact squared distance is at most
 * the other's current K-th (squares compared; {@code kthSquared}), the offers kept in bounded heaps
 * with that exact distance.
 *
 * <p>A pair is measured exactly only when a screen says it may be offered: its screen value must be
 * within either point's limit, the smaller of its K-th and the worst offer its heap keeps so far
 * (which only falls). The screen is either the BLAS's {@code ddot} estimate less its rounding bound,
 * or single precision on vector instructions ({@link SinglePrecisionTiles}: the row's new
 * candidates against all its candidates, packed per row), which needs Java's Vector API. Neither
 * drops an offer that the heaps would keep in the end, so the offers are the same with either, and
 * do not depend on the order of the joins.
 *
 * <p>Single precision is the default from {@value #SINGLE_PRECISION_DIMS} dimensions: packing a
 * row's candidates costs as much per value as the products, so it pays only where the products'
 * width does. Measured with {@code bin/bench --methods approximate --leaf-size 1024} (the same lists either way):
 * 70 000 x 784 rows, graph 79.6 s with {@code ddot}, 73.7 s in single precision; 100 000 x 50,
 * 24.8 s with {@code ddot}, 30.8 s in single precision.
 */
public final class CandidateJoin {

    /** The fewest dimensions at which the joins screen in single precision by default. */
    static final int SINGLE_PRECISION_DIMS = 128;

    private final WorkingBlock points;
    private final double[] kthSquared;
    private final CandidateHeaps offers;
    /** The single-precision tiles, or null for the {@code ddot} screen. */
    private final SinglePrecisionTiles tiles;

    /**
     * Joins among the rows of {@code points}, whose current K-th squared distances are
     * {@code kthSquared} (+infinity while a row's list holds fewer than K), into {@code offers};
     * {@code candidateCapacity}: the most candidates, new and old, that a row can have;
     * {@code singlePrecision}: screen in single precision, if the JVM has the Vector API.
     */
    public CandidateJoin(WorkingBlock points, double[] kthSquared, CandidateHeaps offers, int candidateCapacity,
                         boolean singlePrecision) {
        this.points = points;
        this.kthSquared = kthSquared;
        this.offers = offers;
        this.tiles = singlePrecision && BlockDistanceKernel.SINGLE_PRECISION_SCREEN
                ? new SinglePrecisionTiles(points.dim, SinglePrecisionTiles.largestMagnitude(points), candidateCapacity,
                        candidateCapacity, false)
                : null;
    }

    /**
     * {@link #CandidateJoin(WorkingBlock, double[], CandidateHeaps, int, boolean)} in single precision
     * from {@value #SINGLE_PRECISION_DIMS} dimensions when this JVM has the Vector API.
     */
    public CandidateJoin(WorkingBlock points, double[] kthSquared, CandidateHeaps offers, int candidateCapacity) {
        this(points, kthSquared, offers, candidateCapacity, points.dim >= SINGLE_PRECISION_DIMS);
    }

    /**
     * Joins one row's candidates: {@code fresh} and {@code old}, disjoint sets of positions in the
     * points, each pair of two new ones once.
     */
    public void join(int[] fresh, int[] old) {
        if (tiles != null) {
            joinInSinglePrecision(fresh, old);
            return;
        }
        for (int x = 0; x < fresh.length; x++) {
            for (int y = x + 1; y < fresh.length; y++) {
                screenInDoublePrecision(fresh[x], fresh[y]);
            }
            for (int b : old) {
                screenInDoublePrecision(fresh[x], b);
            }
        }
    }

    /** The {@code ddot} screen of pair (a, b), less its rounding bound ({@link WorkingBlock#estimateSlack}). */
    private void screenInDoublePrecision(int a, int b) {
        double screened = points.squaredDistanceEstimate(a, points, b) - points.estimateSlack(a, points, b);
        if (screened <= limit(a) || screened <= limit(b)) {
            measure(a, b);
        }
    }

    private double limit(int point) {
        return Math.min(kthSquared[point], offers.worst(point));
    }

    /**
     * The new candidates as rows, and the new then the old ones as columns, of single-precision
     * tiles: row x pairs with column c when c is an old one, or a new one after x.
     */
    private void joinInSinglePrecision(int[] fresh, int[] old) {
        int columns = fresh.length + old.length;
        for (int x = 0; x < fresh.length; x++) {
            tiles.setRow(x, points, fresh[x]);
            tiles.rowLimits[x] = tiles.limit(limit(fresh[x]));
        }
        for (int x = fresh.length; x < SinglePrecisionTiles.roundUp(fresh.length, SinglePrecisionTiles.STEP); x++) {
            tiles.rowLimits[x] = Float.NEGATIVE_INFINITY;
        }
        for (int c = 0; c < columns; c++) {
            int point = c < fresh.length ? fresh[c] : old[c - fresh.length];
            tiles.setColumn(c, points, point);
            tiles.columnLimits[c] = tiles.limit(limit(point));
        }
        tiles.padColumns(columns);
        for (int firstColumn = 0; firstColumn < columns; firstColumn += SinglePrecisionTiles.PANEL) {
            int lastColumn = firstColumn + SinglePrecisionTiles.PANEL - 1;
            for (int x0 = 0; x0 < fresh.length; x0 += SinglePrecisionTiles.STEP) {
                if (lastColumn < fresh.length && x0 >= lastColumn) {
                    break;
                }
                for (int passed = tiles.screen(x0, firstColumn); passed != 0; passed &= passed - 1) {
                    int vector = Integer.numberOfTrailingZeros(passed);
                    int x = x0 + vector / 2;
                    int c0 = firstColumn + (vector % 2) * SinglePrecisionTiles.LANES;
                    for (int lane = 0; lane < SinglePrecisionTiles.LANES; lane++) {
                        int c = c0 + lane;
                        int slot = vector * SinglePrecisionTiles.LANES + lane;
                        if (tiles.passes(slot) && x < fresh.length && c < columns
                                && (c >= fresh.length || c > x)) {
                            measure(fresh[x], c < fresh.length ? fresh[c] : old[c - fresh.length]);
                        }
                    }
                }
            }
        }
    }

    /**
     * Measures pair (a, b) exactly, while both points are in the cache, and offers each to the other
     * at that distance when it is at most the other's K-th (the heap keeps it only if it beats its
     * worst offer, once).
     */
    private void measure(int a, int b) {
        double squared = points.squaredDistance(a, points, b);
        if (squared <= kthSquared[a]) {
            offers.offerIfAbsent(a, points.ids[b], squared);
        }
        if (squared <= kthSquared[b]) {
            offers.offerIfAbsent(b, points.ids[a], squared);
        }
    }
}
