package io.github.lapscore.graph.search;

/**
 * A deterministic 64-bit hash of a seed, a row id and two small integers (SplitMix64's finaliser
 * applied to their mix). All randomness of the approximate graph that depends on a row goes
 * through it, so results depend on the seed and the row ids only, never on partitioning or task
 * order.
 */
public final class RowHash {

    private RowHash() {
    }

    public static long of(long seed, long id, int a, int b) {
        long z = seed ^ (id * 0x9E3779B97F4A7C15L) ^ (((long) a << 32 | (b & 0xFFFFFFFFL)) * 0xC2B2AE3D27D4EB4FL);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A uniform number in [0, 1) from {@link #of}. */
    public static double uniform(long seed, long id, int a, int b) {
        return (of(seed, id, a, b) >>> 11) * 0x1.0p-53;
    }
}
