package lapscore.graph.kernel;

import java.util.Arrays;


/**
 * The nearest-neighbour scan of two blocks with every pair screened in single precision
 * ({@link SinglePrecisionTiles}; {@link SinglePrecisionBound} bounds the screen value E), and only a
 * few pairs per row measured in double precision by {@link PairOffers}. Two passes:
 * <ol>
 *   <li>Every pair's screen value goes to each row's heap of the {@code k + }{@value #SPARE}
 *       smallest screen values ({@link ScreenHeaps}, ties by row order); most pairs are rejected by
 *       one comparison of a whole vector of them with the rows' current largest kept values (a
 *       value equal to it is rejected too: each row meets its candidates in ascending order, so
 *       it would lose the tie). A row whose k-best heap has a ceiling
 *       ({@link CandidateHeaps#limitTo}) starts with the screen limit of that ceiling
 *       ({@link SinglePrecisionBound#limit}) instead of +infinity and keeps no value above it: no
 *       pair above it can enter the heap. Then each row's kept candidates are measured exactly into
 *       its k-best heap. Any other candidate has {@code E >= T}, T the row's largest kept screen
 *       value, so its exact distance is at least {@link SinglePrecisionBound#lowestExact}{@code (T)}:
 *       when the row's k-th exact distance (or its ceiling, until it keeps k) is below that, no
 *       other candidate can enter, and the row is done; so it is when it kept fewer than
 *       k + {@value #SPARE} screen values. It is also done when it keeps k rows at exact distance 0:
 *       a candidate that could still enter would be a duplicate of the row, with the same screen
 *       value as the k duplicates kept and a later position, so a larger id. Otherwise the row has
 *       near-ties or ties at its k-th neighbour.</li>
 *   <li>Only when some row is not done: the pairs are screened again, and a pair is measured
 *       exactly for each row not done whose heap it may enter, its screen value being within
 *       {@link SinglePrecisionBound#limit} of the row's k-th.</li>
 * </ol>
 * Each row therefore ends with the k nearest rows by the double-precision distance, ties by row id,
 * as an unscreened search gives; {@code BlockDistanceKernelTest} checks it on near-ties below single
 * precision's resolution, exact ties, and points whose norms dwarf their distances. The screen
 * does the 2 d flops per pair of a {@code dgemm} on twice the lanes per vector instruction;
 * {@code lapscore bench} measures its rate against the Java {@code dgemm} of the same tiles (see the
 * performance page in docs/).
 */
final class SinglePrecisionScreen {

    /** Candidates beyond k that each row keeps by screen value in the first pass. */
    static final int SPARE = 4;
    /** Row slots that every panel passes over before the next ones: their copy stays in the cache. */
    private static final int TILE_ROWS = 256;

    private final PairOffers<WorkingBlock> offers;
    private final WorkingBlock left;
    private final WorkingBlock right;
    private final SinglePrecisionTiles tiles;
    /** The first pass's heaps of the smallest screen values; the right one null when only left rows collect. */
    private final ScreenHeaps leftNear;
    private final ScreenHeaps rightNear;
    /**
     * Each row's screen limit of its exact heap's ceiling ({@link CandidateHeaps#limitTo}; +infinity
     * without one): a pair whose screen value is above it cannot enter the row's heap, so it never
     * enters the row's heap of screen values either. Null on a side that collects nothing.
     */
    private final float[] leftCeilings;
    private final float[] rightCeilings;
    /** In the second pass: the rows whose heaps may still change. */
    private boolean[] leftOpen;
    private boolean[] rightOpen;

    private SinglePrecisionScreen(PairOffers<WorkingBlock> offers) {
        this.offers = offers;
        this.left = offers.left;
        this.right = offers.right;
        this.tiles = new SinglePrecisionTiles(new SinglePrecisionBound(left.dim, Math.max(
                left.largestMagnitude, right.largestMagnitude)),
                left.size, right.size, offers.sameBlock);
        for (int i = 0; i < left.size; i++) {
            tiles.setRow(i, left, i);
        }
        for (int j = 0; j < right.size; j++) {
            tiles.setColumn(j, right, j);
        }
        tiles.padColumns(right.size);
        this.leftNear = new ScreenHeaps(left.size, offers.leftHeaps.k + SPARE);
        this.rightNear = offers.sameBlock ? leftNear
                : offers.rightHeaps == null ? null : new ScreenHeaps(right.size, offers.rightHeaps.k + SPARE);
        this.leftCeilings = ceilings(offers.leftHeaps, left.size);
        this.rightCeilings = offers.sameBlock ? leftCeilings : offers.rightHeaps == null ? null : ceilings(offers.rightHeaps, right.size);
    }

    /** The screen limit of each row's ceiling in {@code heaps}, which keep nothing yet. */
    private float[] ceilings(CandidateHeaps heaps, int size) {
        float[] ceilings = new float[size];
        for (int row = 0; row < size; row++) {
            ceilings[row] = tiles.bound.limit(heaps.worst(row));
        }
        return ceilings;
    }

    /** Offers to {@code offers}' heaps the pairs that may enter them, as described above. */
    static void scan(PairOffers<WorkingBlock> offers) {
        new SinglePrecisionScreen(offers).run();
    }

    private void run() {
        Arrays.fill(tiles.rowLimits, Float.NEGATIVE_INFINITY);
        Arrays.fill(tiles.columnLimits, Float.NEGATIVE_INFINITY);
        for (int i = 0; i < left.size; i++) {
            tiles.rowLimits[i] = Math.nextUp(leftCeilings[i]);
        }
        if (rightNear != null && !offers.sameBlock) {
            for (int j = 0; j < right.size; j++) {
                tiles.columnLimits[j] = Math.nextUp(rightCeilings[j]);
            }
        }
        tiles.strict = true;
        screenAllPairs();
        tiles.strict = false;
        leftOpen = measureKept(leftNear, left.size, true);
        rightOpen = rightNear == null || offers.sameBlock ? leftOpen : measureKept(rightNear, right.size, false);
        boolean anyOpen = false;
        Arrays.fill(tiles.rowLimits, Float.NEGATIVE_INFINITY);
        Arrays.fill(tiles.columnLimits, Float.NEGATIVE_INFINITY);
        for (int i = 0; i < left.size; i++) {
            if (leftOpen[i]) {
                tiles.rowLimits[i] = tiles.bound.limit(offers.leftHeaps.worst(i));
                anyOpen = true;
            }
        }
        if (offers.rightHeaps != null && !offers.sameBlock) {
            for (int j = 0; j < right.size; j++) {
                if (rightOpen[j]) {
                    tiles.columnLimits[j] = tiles.bound.limit(offers.rightHeaps.worst(j));
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
            double kth = exact.worst(row);
            open[row] = near.size(row) == near.capacity && !(kth == 0.0 && exact.isFull(row))
                    && !(kth < tiles.bound.lowestExact(near.worst(row)));
        }
        return open;
    }

    private void screenAllPairs() {
        int leftSlots = SinglePrecisionTiles.roundUp(left.size, SinglePrecisionTiles.STEP);
        int panel = SinglePrecisionTiles.PANEL;
        for (int tileStart = 0; tileStart < leftSlots; tileStart += TILE_ROWS) {
            int tileEnd = Math.min(leftSlots, tileStart + TILE_ROWS);
            for (int firstColumn = offers.sameBlock ? tileStart / panel * panel : 0; firstColumn < right.size; firstColumn += panel) {
                for (int i = tileStart; i < tileEnd; i += SinglePrecisionTiles.STEP) {
                    if (offers.sameBlock && i >= firstColumn + panel - 1) {
                        break;
                    }
                    int passed = tiles.screen(i, firstColumn);
                    if (passed != 0) {
                        offerPassed(i, firstColumn, passed);
                    }
                }
            }
        }
    }

    /**
     * Offers the pairs that passed in the tile of left rows {@code i..} and right rows
     * {@code firstColumn..}: in the first pass to the rows' heaps of screen values, in the second
     * exactly to the heaps of the rows still open.
     */
    private void offerPassed(int i0, int firstColumn, int passed) {
        for (; passed != 0; passed &= passed - 1) {
            int vector = Integer.numberOfTrailingZeros(passed);
            int i = i0 + vector / 2;
            int j0 = firstColumn + (vector % 2) * SinglePrecisionTiles.LANES;
            for (int lane = 0; lane < SinglePrecisionTiles.LANES; lane++) {
                float screen = tiles.values[vector * SinglePrecisionTiles.LANES + lane];
                int j = j0 + lane;
                if (!tiles.passes(vector * SinglePrecisionTiles.LANES + lane) || i >= left.size
                        || j >= right.size || (offers.sameBlock && j <= i) || !offers.pairs(i, j)) {
                    continue;
                }
                if (leftOpen == null) {
                    if (screen <= leftNear.worst(i) && screen <= leftCeilings[i]) {
                        leftNear.offer(i, j, screen);
                        tiles.rowLimits[i] = Math.min(leftNear.worst(i), Math.nextUp(leftCeilings[i]));
                    }
                    if (rightNear != null && screen <= rightNear.worst(j) && screen <= rightCeilings[j]) {
                        rightNear.offer(j, i, screen);
                        tiles.columnLimits[j] = Math.min(rightNear.worst(j), Math.nextUp(rightCeilings[j]));
                    }
                } else {
                    if (leftOpen[i]) {
                        offers.offerToLeft(i, j);
                        tiles.rowLimits[i] = tiles.bound.limit(offers.leftHeaps.worst(i));
                    }
                    if (offers.rightHeaps != null && rightOpen[j]) {
                        offers.offerToRight(i, j);
                        tiles.columnLimits[j] = tiles.bound.limit(offers.rightHeaps.worst(j));
                    }
                }
            }
        }
    }
}
