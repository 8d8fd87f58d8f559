package io.github.lapscore.graph.search.approximate;

import java.io.Serializable;

/**
 * What defines the approximate search and its recall estimate.
 *
 * @param numTrees          random-projection trees; each adds every row's best neighbours among its
 *                          leaf, so recall grows with the number of trees and so does time (linearly)
 * @param leafSize          target rows per leaf (the block of the distance kernel); a leaf grown
 *                          beyond twice this (duplicates, a dense spot) is cut into chunks; 0
 *                          chooses {@link #leafSize(int, int)}'s default
 * @param searchNeighbors   K, the neighbours every row keeps during the search, of which the k
 *                          nearest are returned; 0 chooses {@link #listSize}'s default
 * @param refinementRounds  most NN-descent rounds after the trees ({@link NeighbourDescent}); they
 *                          stop earlier once the lists have converged
 * @param recallSampleSize  rows whose exact neighbours are found to estimate recall@k
 * @param seed              seed of the trees, the tie-breaking hashes and the recall sample
 */
public record ForestSettings(int numTrees, int leafSize, int searchNeighbors, int refinementRounds, int recallSampleSize,
                             long seed) implements Serializable {

    /** Default rows per leaf below {@value #WIDE_FEATURES} features. */
    public static final int LEAF_SIZE = 4096;
    /** Default rows per leaf from {@value #WIDE_FEATURES} features on. */
    public static final int WIDE_LEAF_SIZE = 1024;
    /** The fewest features for which leaves are {@value #WIDE_LEAF_SIZE} rows by default. */
    public static final int WIDE_FEATURES = 128;

    /**
     * Rows per leaf for {@code numFeatures} features and a graph of k neighbours: {@code leafSize}
     * when set, else {@value #LEAF_SIZE} below {@value #WIDE_FEATURES} features and
     * {@value #WIDE_LEAF_SIZE} from there on (at least 4k either way). A leaf's cost per row grows
     * with its rows times the features, O(L d), and wide data lose no recall to smaller leaves, narrow
     * data do ({@code bin/bench --leaf-size} compares them; see the performance page in docs/).
     */
    public int leafSize(int numFeatures, int k) {
        if (leafSize > 0) {
            return leafSize;
        }
        return Math.max(numFeatures >= WIDE_FEATURES ? WIDE_LEAF_SIZE : LEAF_SIZE, 4 * k);
    }

    /**
     * K for a graph of k neighbours: {@code searchNeighbors} when set, else {@code max(k, min(3k, k + 20))}.
     * A longer list than k lets the local joins reach true neighbours through rows that are not
     * among the k nearest themselves; pynndescent, for instance, is run with 30 for k = 10.
     */
    public int listSize(int k) {
        return searchNeighbors > 0 ? Math.max(k, searchNeighbors) : Math.max(k, Math.min(3 * k, k + 20));
    }
}
