package io.github.lapscore.graph.search;

import io.github.lapscore.ParamOption;

/**
 * How the k nearest neighbours of every row are found.
 *
 * <ul>
 *   <li>{@code exact}: the block-partitioned all-pairs distance join, O(m^2 d) flops at BLAS
 *       level-3 speed ({@link ExactKnnSearch}).</li>
 *   <li>{@code approximate}: the same block kernel within the leaves of random-projection trees,
 *       O(m T L d) flops for T trees of leaves of L rows ({@link ApproximateKnnSearch}); its recall
 *       is measured on a sample.</li>
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

    /** The method actually used for {@code numRows} rows: exact or approximate, never auto. */
    public KnnMethod resolve(long numRows) {
        if (this != AUTO) {
            return this;
        }
        return numRows <= AUTO_EXACT_MAX_ROWS ? EXACT : APPROXIMATE;
    }
}
