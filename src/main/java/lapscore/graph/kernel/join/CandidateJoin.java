package lapscore.graph.kernel.join;

import lapscore.graph.kernel.BlockDistanceKernel;
import lapscore.graph.kernel.CandidateHeaps;
import lapscore.graph.kernel.WorkingBlock;

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
 * (which only falls). The screen is single precision on vector instructions
 * ({@link SinglePrecisionPoints}: each new candidate against the new ones after it and all the old
 * ones, read from one single-precision copy of the points made for all the joins), or, on a JVM
 * without Java's Vector API, the BLAS's {@code ddot} estimate less its rounding bound. Neither drops
 * an offer that the heaps would keep in the end, so the offers are the same with either, and do not
 * depend on the order of the joins.

 */
public final class CandidateJoin {

    private final WorkingBlock points;
    private final double[] kthSquared;
    private final CandidateHeaps offers;
    /** The points in single precision, or null for the {@code ddot} screen. */
    private final SinglePrecisionPoints single;
    /** A join's new then old candidates, their limits in single precision, and the screen values of one new one with them. */
    private final int[] candidates;
    private final float[] candidateLimits;
    private final float[] screenValues;

    /**
     * Joins among the rows of {@code points}, whose current K-th squared distances are
     * {@code kthSquared} (+infinity while a row's list holds fewer than K), into {@code offers};
     * {@code candidateCapacity}: the most candidates, new and old, that a row can have;
     * {@code singlePrecision}: screen in single precision, on a copy of the points rounded here, if
     * the JVM has the Vector API.
     */
    public CandidateJoin(WorkingBlock points, double[] kthSquared, CandidateHeaps offers, int candidateCapacity,
                         boolean singlePrecision) {
        this(points, kthSquared, offers, candidateCapacity,
                singlePrecision && BlockDistanceKernel.SINGLE_PRECISION_SCREEN ? new SinglePrecisionPoints(points) : null);
    }

    /**
     * {@link #CandidateJoin(WorkingBlock, double[], CandidateHeaps, int, boolean)} in single precision
     * when this JVM has the Vector API.
     */
    public CandidateJoin(WorkingBlock points, double[] kthSquared, CandidateHeaps offers, int candidateCapacity) {
        this(points, kthSquared, offers, candidateCapacity, true);
    }

    private CandidateJoin(WorkingBlock points, double[] kthSquared, CandidateHeaps offers, int candidateCapacity,
                          SinglePrecisionPoints single) {
        this.points = points;
        this.kthSquared = kthSquared;
        this.offers = offers;
        this.single = single;
        this.candidates = new int[single == null ? 0 : candidateCapacity];
        this.candidateLimits = new float[candidates.length];
        this.screenValues = new float[candidates.length];
    }

    /**
     * Joins one row's candidates: {@code fresh} and {@code old}, disjoint sets of positions in the
     * points, each pair of two new ones once.
     */
    public void join(int[] fresh, int[] old) {
        if (single != null) {
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
     * Every new candidate x against the new ones after it and all the old ones, in single
     * precision, each pair passing when its screen value is within the larger of its two points'
     * limits, and measured and offered when it passes. The limits are fixed for the whole join
     * (taken before its first offer), so a pair passes or not whatever was offered before it.
     */
    private void joinInSinglePrecision(int[] fresh, int[] old) {
        int count = fresh.length + old.length;
        System.arraycopy(fresh, 0, candidates, 0, fresh.length);
        System.arraycopy(old, 0, candidates, fresh.length, old.length);
        for (int c = 0; c < count; c++) {
            candidateLimits[c] = single.bound.limit(limit(candidates[c]));
        }
        for (int x = 0; x < fresh.length; x++) {
            single.screen(fresh[x], candidates, x + 1, count, screenValues);
            for (int c = x + 1; c < count; c++) {
                if (screenValues[c] <= Math.max(candidateLimits[x], candidateLimits[c])) {
                    measure(fresh[x], candidates[c]);
                }
            }
        }
    }

    /**
     * Measures pair (a, b) exactly and offers each to the other at that squared distance, when it is
     * at most the other's K-th (the heap keeps it only if it beats its worst offer, once).
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
