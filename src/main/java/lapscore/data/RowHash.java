package lapscore.data;

/**
 * A deterministic 64-bit hash of a seed, a row id and two small integers (SplitMix64's finaliser
 * applied to their mix). All randomness of the approximate graph that depends on a row goes
 * through it, so results depend on the seed and the row ids only, never on partitioning or task
 * order.
 *
 * <p>One seed feeds several independent streams of numbers; each stream is told apart by its own
 * salt, a negative value in one of the two small integers, declared here and nowhere else. Every
 * stream must have its own salt: two uses that hash the same seed and id with the same salt draw
 * the same numbers, so (for instance) the rows sampled to grow the trees would be the rows
 * sampled for recall. The tie-breaks of the random-projection trees hash (tree, node), both at
 * least 0, and so never meet a salt. {@link #RECALL_SAMPLE} and {@link #DESCENT_ROUNDS} share the
 * value -4 (the seed of NN-descent round r is the recall sample's hash of row r); it is kept so
 * that the graphs and recall estimates of a given seed stay what they were.
 */
public final class RowHash {

    /** The random stream that grows tree t: {@code of(seed, t, TREE_DIRECTIONS, TREE_DIRECTIONS)}. */
    public static final int TREE_DIRECTIONS = -1;
    /** The rows sampled to grow the trees: {@code uniform(seed, id, TREE_SAMPLE, 0)}. */
    public static final int TREE_SAMPLE = -2;
    /** The chunk of an oversized leaf of tree t a row goes to: {@code of(seed, id, t, LEAF_CHUNK)}. */
    public static final int LEAF_CHUNK = -3;
    /** The order in which rows enter the recall sample: {@code of(seed, id, RECALL_SAMPLE, 0)}. */
    public static final int RECALL_SAMPLE = -4;
    /** The seed of NN-descent round r: {@code of(seed, r, DESCENT_ROUNDS, 0)}; the same value as {@link #RECALL_SAMPLE}. */
    public static final int DESCENT_ROUNDS = -4;
    /** The rows whose neighbours estimate the edges of an epsilon graph: {@code uniform(seed, id, EDGE_ESTIMATE, 0)}. */
    public static final int EDGE_ESTIMATE = -5;

    private RowHash() {
    }

    /**
     * The hash of {@code seed}, row {@code id} and the pair {@code (a, b)}: the mix
     * {@code seed ^ id * phi ^ (a << 32 | b) * c} through SplitMix64's finaliser (Steele, Lea and
     * Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014). O(1).
     */
    public static long of(long seed, long id, int a, int b) {
        long z = seed ^ (id * 0x9E3779B97F4A7C15L) ^ (((long) a << 32 | (b & 0xFFFFFFFFL)) * 0xC2B2AE3D27D4EB4FL);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A uniform number in [0, 1) from {@link #of}: its top 53 bits over 2^53. */
    public static double uniform(long seed, long id, int a, int b) {
        return (of(seed, id, a, b) >>> 11) * 0x1.0p-53;
    }
}
