package lapscore.graph.kernel;

/**
 * What the nearest-neighbour scans do with a pair of rows that passed their screen: row i of the
 * left block and row j of the right block are offered to each other's k-best heaps, keyed by their
 * exact squared distance ({@link BlockPoints#squaredDistance}). Whatever screen chose the pair,
 * the heaps therefore rank candidates by the same double-precision distance, then by row id, so
 * the lists they end with are the k best of all pairs as long as the screen never drops a pair
 * whose exact distance is at most {@link #threshold}: the screen changes the speed, never the graph.
 */
final class PairOffers<B extends BlockPoints<B>> {

    final B left;
    final B right;
    final CandidateHeaps leftHeaps;
    /** Null when only the left rows collect candidates (the recall sample). */
    final CandidateHeaps rightHeaps;
    /** Whether left and right are one block, with one set of heaps: a row is never its own candidate. */
    final boolean sameBlock;
    private final boolean sameLabelOnly;

    PairOffers(B left, B right, CandidateHeaps leftHeaps, CandidateHeaps rightHeaps) {
        this.left = left;
        this.right = right;
        this.leftHeaps = leftHeaps;
        this.rightHeaps = rightHeaps;
        this.sameBlock = left == right;
        this.sameLabelOnly = left.labelled() && right.labelled();
    }

    /**
     * The screen of a scan that hands out every pair's squared distance within
     * {@link BlockPoints#estimateSlack} of the exact one: a pair whose value less that slack is at
     * most the {@link #threshold} is measured exactly and offered.
     */
    static <B extends BlockPoints<B>> BlockDistanceKernel.PairSink screenedBySlack(PairOffers<B> offers) {
        B left = offers.left;
        B right = offers.right;
        return (j, from, to, squared, offset) -> {
            for (int i = from; i < to; i++) {
                if (squared[offset + i - from] - left.estimateSlack(i, right, j) <= offers.threshold(i, j)) {
                    offers.offer(i, j);
                }
            }
        };
    }

    /**
     * The largest exact squared distance at which pair (i, j) can still enter a heap: the larger of
     * the two rows' worst kept candidates (+infinity while a heap holds fewer than k).
     */
    double threshold(int i, int j) {
        return rightHeaps == null ? leftHeaps.worst[i] : Math.max(leftHeaps.worst[i], rightHeaps.worst[j]);
    }

    /**
     * Whether rows i and j may be each other's neighbours: not one row, and of the same label when
     * both blocks carry labels (the kNN graph within classes).
     */
    boolean pairs(int i, int j) {
        return !(sameBlock && i == j) && !(sameLabelOnly && left.label(i) != right.label(j));
    }

    /** Offers pair (i, j) to both rows' heaps at its exact squared distance, if the rows {@link #pairs pair}. */
    void offer(int i, int j) {
        if (!pairs(i, j)) {
            return;
        }
        double squared = left.squaredDistance(i, right, j);
        if (squared <= leftHeaps.worst[i]) {
            leftHeaps.offer(i, right.ids()[j], squared);
        }
        if (rightHeaps != null && squared <= rightHeaps.worst[j]) {
            rightHeaps.offer(j, left.ids()[i], squared);
        }
    }

    /** Offers right row j to left row i's heap, unless the heap holds it already or the rows do not {@link #pairs pair}. */
    void offerToLeft(int i, int j) {
        if (pairs(i, j) && !leftHeaps.closedTo(i, right.ids()[j])) {
            leftHeaps.offerIfAbsent(i, right.ids()[j], left.squaredDistance(i, right, j));
        }
    }

    /** Offers left row i to right row j's heap, unless the heap holds it already or the rows do not {@link #pairs pair}. */
    void offerToRight(int i, int j) {
        if (pairs(i, j) && !rightHeaps.closedTo(j, left.ids()[i])) {
            rightHeaps.offerIfAbsent(j, left.ids()[i], left.squaredDistance(i, right, j));
        }
    }
}
