package io.github.lapscore.graph.search;

import java.util.Locale;
import java.util.Optional;

import io.github.lapscore.ParamOption;

/**
 * How the k nearest neighbours of every row are found.
 *
 * <ul>
 *   <li>{@code exact}: the block-partitioned all-pairs distance join, O(m^2 d) flops at BLAS
 *       level-3 speed ({@link ExactKnnSearch}).</li>
 *   <li>{@code approximate}: the same block kernel within the leaves of random-projection trees,
 *       O(m T L d) flops for T trees of leaves of L rows, then NN-descent rounds of O(m K^2 d)
 *       ({@link ApproximateKnnSearch}); its recall is measured on a sample.</li>
 *   <li>{@code auto}: exact up to {@value #AUTO_EXACT_MAX_ROWS} rows, approximate above.</li>
 * </ul>
 */
public enum KnnMethod implements ParamOption {
    AUTO,
    EXACT,
    APPROXIMATE;

    /**
     * Largest m that {@code auto} searches exactly. At 100 000 x 50 the exact graph takes about a
     * minute on 2 cores (README, benchmark), and its cost grows with m^2.
     */
    public static final long AUTO_EXACT_MAX_ROWS = 100_000;

    /**
     * Rough seconds of one distance of the exact join on one core, per feature and fixed: 2 flops per
     * feature at 10 GFLOP/s (dgemm) plus about 5 ns per pair for the heaps. It reproduces the
     * benchmark of the README (100 000 x 50 in about 40 s on 2 cores).
     */
    static final double SECONDS_PER_PAIR_AND_FEATURE = 2e-10;
    static final double SECONDS_PER_PAIR = 5e-9;

    /**
     * What to tell a user who asked for {@code knnMethod = exact} on {@code numRows} rows of
     * {@code numFeatures} features, when {@code auto} would search them approximately: the number of
     * distances, m^2 / 2, and a rough time on {@code cores} cores. Empty when {@code auto} would
     * search exactly too.
     */
    public static Optional<String> exactCostWarning(long numRows, int numFeatures, int cores) {
        if (numRows <= AUTO_EXACT_MAX_ROWS) {
            return Optional.empty();
        }
        double pairs = numRows * (numRows - 1.0) / 2;
        double seconds = pairs * (SECONDS_PER_PAIR + SECONDS_PER_PAIR_AND_FEATURE * numFeatures) / Math.max(1, cores);
        return Optional.of(String.format(Locale.ROOT, "knnMethod = exact on %,d rows computes %.1e distances (about %s on %d"
                + " cores here); knnMethod = auto or approximate would search random-projection tree leaves instead (auto does"
                + " above %,d rows), in time about linear in the rows, with the recall reported in the summary",
                numRows, pairs, duration(seconds), cores, AUTO_EXACT_MAX_ROWS));
    }

    private static String duration(double seconds) {
        if (seconds < 120) {
            return String.format(Locale.ROOT, "%.0f seconds", seconds);
        }
        if (seconds < 7200) {
            return String.format(Locale.ROOT, "%.0f minutes", seconds / 60);
        }
        return String.format(Locale.ROOT, "%.0f hours", seconds / 3600);
    }

    /** The method actually used for {@code numRows} rows: exact or approximate, never auto. */
    public KnnMethod resolve(long numRows) {
        if (this != AUTO) {
            return this;
        }
        return numRows <= AUTO_EXACT_MAX_ROWS ? EXACT : APPROXIMATE;
    }
}
