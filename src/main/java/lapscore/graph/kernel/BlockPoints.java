package lapscore.graph.kernel;

/**
 * The rows of a group (a block, the rows sampled for recall or for an edge estimate) as the points
 * the exact searches measure, in one of two forms chosen once per search from the data
 * ({@link RowEmbedding#sparse}): dense ({@link WorkingBlock}, one BLAS level-3 product per tile)
 * or sparse ({@link SparsePoints}, the products of the features two rows share). Both give every
 * pair its exact squared distance, the same number in either order to the last bit, and an
 * estimate with a bound on its rounding for the screens; the searches and the epsilon graph are
 * written once against this interface. Two points of one pair are always of the same form
 * ({@code B}).
 *
 * @param <B> the form itself, so that a pair is measured by one implementation
 */
public interface BlockPoints<B extends BlockPoints<B>> {

    /** Number of rows. */
    int size();

    /** Row ids, ascending; the array itself, not a copy. */
    long[] ids();

    /** Position of row {@code id}, -1 when this group does not hold it. */
    int positionOf(long id);

    /** Class labels of the rows (the kNN graph within classes), the array itself; null when they carry none. */
    double[] labels();

    /** Whether the rows carry class labels. */
    default boolean labelled() {
        return labels() != null;
    }

    /** Class label of row {@code i}; the rows must be {@link #labelled()}. */
    default double label(int i) {
        return labels()[i];
    }

    /** Exact squared distance of point {@code i} to point {@code j} of {@code other}: symmetric to the last bit. */
    double squaredDistance(int i, B other, int j);

    /**
     * A bound on how far the squared distance a scan hands out for points {@code i} and {@code j}
     * of {@code other} can be from {@link #squaredDistance}, so that a screen by the scan's value
     * minus this bound never drops a pair whose exact distance passes.
     */
    double estimateSlack(int i, B other, int j);

    /** Whether the raw rows' cosines can be read ({@link #cosine}). */
    boolean keepsCosines();

    /**
     * Cosine of the raw rows {@code i} and {@code j} of {@code other}, from their exact squared
     * distance; NaN when either row is zero or the points keep no cosines.
     */
    double cosine(int i, B other, int j, double squaredDistance);

    /**
     * Hands every pair's squared distance, as the scan computes it (within the
     * {@link #estimateSlack} of the exact one), to {@code sink}: pairs (i, j) for i in this group
     * and j in {@code right}, only i &lt; j when {@code right} is this group.
     */
    void distances(B right, BlockDistanceKernel.PairSink sink);

    /**
     * Offers pairs of rows to both rows' heaps ({@code rightHeaps} null: only this group's rows
     * collect), keyed by their exact squared distance, measuring exactly only the pairs that may
     * enter a heap ({@link PairOffers}).
     */
    void nearest(B right, CandidateHeaps leftHeaps, CandidateHeaps rightHeaps);

    /** {@code sum_i ||p_i - c||^2} over the rows, c the embedding's centre. */
    double squaredDeviation();

    /** Point {@code i} minus the embedding's centre, as a new dense array. */
    double[] point(int i);

    /** Whether every point equals {@code point} (a centred dense point) in every coordinate: exact, no rounding. */
    boolean allPointsEqual(double[] point);
}
