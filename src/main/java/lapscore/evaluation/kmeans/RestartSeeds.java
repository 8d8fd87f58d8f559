package lapscore.evaluation.kmeans;

/**
 * The seeds of the k-means restarts of one evaluation: run r of seed s gets the r-th output of the
 * SplitMix64 generator (Steele, Lea and Flood, "Fast Splittable Pseudorandom Number Generators",
 * OOPSLA 2014) started at s, that is {@code mix(s + (r + 1) * 0x9E3779B97F4A7C15)} with the
 * MurmurHash3 64-bit finaliser {@code mix}. The states s + (r + 1)γ of two seeds s and s' meet only
 * when (r - r')γ = s' - s mod 2^64, which for seeds a few apart needs runs some 10^18 apart, and
 * {@code mix} is a bijection that spreads one changed bit over the whole word: the runs of
 * {@code --eval-seed 1} and {@code --eval-seed 2} share no seed, where the earlier seeds
 * s, s + 1, ... shared all but one.
 */
public final class RestartSeeds {

    /** The golden-ratio increment of SplitMix64, 2^64 / φ rounded to odd. */
    private static final long GAMMA = 0x9E3779B97F4A7C15L;

    private RestartSeeds() {
    }

    /** The seed of restart {@code run} (0, 1, ...) of an evaluation seeded with {@code seed}. */
    public static long of(long seed, int run) {
        long z = seed + (run + 1L) * GAMMA;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
