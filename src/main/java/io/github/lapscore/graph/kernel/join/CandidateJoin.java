package io.github.lapscore.graph.kernel.join;

import io.github.lapscore.graph.distance.PairDistances;
import io.github.lapscore.graph.kernel.BlockDistanceKernel;
import io.github.lapscore.graph.kernel.CandidateHeaps;
import io.github.lapscore.graph.kernel.WorkingBlock;

/**
 * The local joins of NN-descent (Dong, Charikar and Li, "Efficient k-nearest neighbor graph
 * construction for generic similarity measures", WWW 2011, algorithm 2): for one row's new
 * candidates and old candidates, every pair of two new ones and of a new and an old one is
 * measured, and each point is offered to the other when their exact squared distance is at most
 * the other's current K-th (squares compared; {@code kthSquared}), the offers kept in bounded heaps
 * with that exact distance. The points are read where they lie ({@link ScatteredPoints}).
 *
 * <p>A pair is measured exactly only when a screen says it may be offered: its screen value must be
 * within either point's limit, the smaller of its K-th and the worst offer its heap keeps so far
 * (which only falls). The screen is single precision on vector instructions
 * ({@link SinglePrecisionPoints}: each new candidate against the new ones after it and all the old
 * ones, read from one single-precision copy of the points made for all the joins, or where they
 * lie in blocks rounded once for a whole search, {@link SinglePrecisionBlock}), or, on a JVM
 * without Java's Vector API, the BLAS's {@code ddot} estimate less its rounding bound. Neither drops
 * an offer that the heaps would keep in the end, so the offers are the same with either, and do not
 * depend on the order of the joins.
 *
 * <p>The pairs are screened in place rather than packed into tiles per join, which would copy
 * O(K d) values per row for each join; {@code bin/bench --methods approximate} compares the variants
 * (the same lists either way; see the performance page in docs/).
 */
public final class CandidateJoin {

    private final ScatteredPoints points;
    private final double[] kthSquared;
    private final CandidateHeaps offers;
    /** The points in single precision, or null for the {@code ddot} screen. */
    private final SinglePrecisionPoints single;
    /**
     * A join's new then old candidates, their limits in single precision, and the screen values of
     * two new ones with them.
     */
    private final int[] candidates;
    private final float[] candidateLimits;
    private final float[] screenValues;
    private final float[] nextScreenValues;
    /**
     * The pairs that pass a join's screen, as positions in the points, in the order they are
     * offered: at most every pair of {@code candidateCapacity} candidates.
     */
    private final int[] passingFirst;
    private final int[] passingSecond;
    private final PairDistances passingDistances;

    /**
     * Joins among the rows of {@code points}, whose current K-th squared distances are
     * {@code kthSquared} (+infinity while a row's list holds fewer than K), into {@code offers};
     * {@code candidateCapacity}: the most candidates, new and old, that a row can have;
     * {@code singlePrecision}: screen in single precision, on a copy of the points rounded here, if
     * the JVM has the Vector API.
     */
    public CandidateJoin(ScatteredPoints points, double[] kthSquared, CandidateHeaps offers, int candidateCapacity,
                         boolean singlePrecision) {
        this(points, kthSquared, offers, candidateCapacity,
                singlePrecision && BlockDistanceKernel.SINGLE_PRECISION_SCREEN ? new SinglePrecisionPoints(points) : null);
    }

    /**
     * {@link #CandidateJoin(ScatteredPoints, double[], CandidateHeaps, int, boolean)} in single precision
     * when this JVM has the Vector API.
     */
    public CandidateJoin(ScatteredPoints points, double[] kthSquared, CandidateHeaps offers, int candidateCapacity) {
        this(points, kthSquared, offers, candidateCapacity, true);
    }

    private CandidateJoin(ScatteredPoints points, double[] kthSquared, CandidateHeaps offers, int candidateCapacity,
                          SinglePrecisionPoints single) {
        this.points = points;
        this.kthSquared = kthSquared;
        this.offers = offers;
        this.single = single;
        this.candidates = new int[single == null ? 0 : candidateCapacity];
        this.candidateLimits = new float[candidates.length];
        this.screenValues = new float[candidates.length];
        this.nextScreenValues = new float[candidates.length];
        int pairs = candidates.length * (candidates.length - 1) / 2;
        this.passingFirst = new int[pairs];
        this.passingSecond = new int[pairs];
        this.passingDistances = new PairDistances(points.dim(), pairs);
    }

    /**
     * {@link #CandidateJoin(ScatteredPoints, double[], CandidateHeaps, int)} screening in single
     * precision the points read where they lie in blocks rounded once, point i in
     * {@code rounded[i]} ({@link SinglePrecisionBlock}, all of one scale, made only on a JVM with the
     * Vector API): the same offers, with no copy of the points.
     */
    public static CandidateJoin onRoundedBlocks(ScatteredPoints points, SinglePrecisionBlock[] rounded, double[] kthSquared,
                                                CandidateHeaps offers, int candidateCapacity) {
        return new CandidateJoin(points, kthSquared, offers, candidateCapacity, new SinglePrecisionPoints(points, rounded));
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
        double screened = points.squaredDistanceEstimate(a, b) - points.estimateSlack(a, b);
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
     * limits. The new candidates are screened two at a time ({@link SinglePrecisionPoints#screenTwo});
     * the pairs that pass are measured exactly four at a time once the whole join is screened
     * ({@link PairDistances}, the numbers of {@link ScatteredPoints#squaredDistance} to the bit), then
     * offered in the order of one candidate at a time: the limits are fixed for the whole join, so
     * the offers are the same.
     */
    private void joinInSinglePrecision(int[] fresh, int[] old) {
        int count = fresh.length + old.length;
        System.arraycopy(fresh, 0, candidates, 0, fresh.length);
        System.arraycopy(old, 0, candidates, fresh.length, old.length);
        for (int c = 0; c < count; c++) {
            candidateLimits[c] = single.bound.limit(limit(candidates[c]));
        }
        passingDistances.clear();
        int x = 0;
        for (; x + 1 < fresh.length; x += 2) {
            single.screen(fresh[x], candidates, x + 1, x + 2, screenValues);
            single.screenTwo(fresh[x], fresh[x + 1], candidates, x + 2, count, screenValues, nextScreenValues);
            queuePassing(x, count, screenValues);
            queuePassing(x + 1, count, nextScreenValues);
        }
        if (x < fresh.length) {
            single.screen(fresh[x], candidates, x + 1, count, screenValues);
            queuePassing(x, count, screenValues);
        }
        passingDistances.measure();
        for (int n = 0; n < passingDistances.size(); n++) {
            offer(passingFirst[n], passingSecond[n], passingDistances.distance(n));
        }
    }

    /** Queues candidate x with each candidate after it whose screen value in {@code values} passes. */
    private void queuePassing(int x, int count, float[] values) {
        int a = candidates[x];
        for (int c = x + 1; c < count; c++) {
            if (values[c] <= Math.max(candidateLimits[x], candidateLimits[c])) {
                int queued = passingDistances.size();
                int b = candidates[c];
                passingFirst[queued] = a;
                passingSecond[queued] = b;
                passingDistances.add(points.array(a), points.offset(a), points.array(b), points.offset(b));
            }
        }
    }

    /**
     * Measures pair (a, b) exactly, while both points are in the cache, and offers each to the other
     * at that distance ({@link #offer}).
     */
    private void measure(int a, int b) {
        offer(a, b, points.squaredDistance(a, b));
    }

    /**
     * Offers a and b to each other at exact squared distance {@code squared}, each when it is at most
     * the other's K-th (the heap keeps it only if it beats its worst offer, once).
     */
    private void offer(int a, int b, double squared) {
        if (squared <= kthSquared[a]) {
            offers.offerIfAbsent(a, points.ids[b], squared);
        }
        if (squared <= kthSquared[b]) {
            offers.offerIfAbsent(b, points.ids[a], squared);
        }
    }
}
