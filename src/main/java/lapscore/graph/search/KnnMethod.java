package lapscore.graph.search;

import java.util.Locale;
import java.util.Optional;

import lapscore.ParamOption;

/**
 * How the k nearest neighbours of every row are found.
 *
 * <ul>
 *   <li>{@code exact}: the block-partitioned all-pairs distance join, O(m^2 d) flops at BLAS
 *       level-3 speed ({@link ExactKnnSearch}).</li>
 *   <li>{@code approximate}: the same block kernel within the leaves of random-projection trees,
 *       O(m T L d) flops for T trees of leaves of L rows, then NN-descent rounds of O(m K^2 d)
 *       ({@link lapscore.graph.search.approximate.ApproximateKnnSearch}); its recall is measured on a sample.</li>
 *   <li>{@code auto}: exact up to {@value #AUTO_EXACT_MAX_ROWS} rows, approximate above.</li>
 * </ul>
 */
public enum KnnMethod implements ParamOption {
    AUTO,
    EXACT,
    APPROXIMATE;

    /**
     * Largest m that {@code auto} searches exactly. The exact graph (recall 1) costs O(m^2 d), the
     * approximate one O(m T L d) plus O(m K^2 d) per NN-descent round, linear in m; the bound is where
     * the first stops being affordable. The measurements that place it are on the performance page in docs/.
     */
    public static final long AUTO_EXACT_MAX_ROWS = 100_000;

    /**
     * What to tell a user who asked for {@code knnMethod = exact} on {@code numRows} rows of
     * {@code numFeatures} features, when {@code auto} would search them approximately: the number of
     * distances, m (m - 1) / 2, the multiply-adds they take, m (m - 1) d / 2, and their share on each
     * of {@code cores} cores. Empty when {@code auto} would search exactly too.
     */
    public static Optional<String> exactCostWarning(long numRows, int numFeatures, int cores) {
        if (numRows <= AUTO_EXACT_MAX_ROWS) {
            return Optional.empty();
        }
        double pairs = numRows * (numRows - 1.0) / 2;
        double multiplyAdds = pairs * numFeatures;
        int slots = Math.max(1, cores);
        return Optional.of(String.format(Locale.ROOT, "knnMethod = exact on %,d rows (d = %d) computes %.1e distances,"
                + " %.1e multiply-adds (%.1e on each of %d cores); knnMethod = auto or approximate would search"
                + " random-projection tree leaves instead (auto does above %,d rows), in work about linear in the rows,"
                + " with the recall reported in the summary",
                numRows, numFeatures, pairs, multiplyAdds, multiplyAdds / slots, slots, AUTO_EXACT_MAX_ROWS));
    }

    /** The method actually used for {@code numRows} rows: exact or approximate, never auto. */
    public KnnMethod resolve(long numRows) {
        if (this != AUTO) {
            return this;
        }
        return numRows <= AUTO_EXACT_MAX_ROWS ? EXACT : APPROXIMATE;
    }
}
