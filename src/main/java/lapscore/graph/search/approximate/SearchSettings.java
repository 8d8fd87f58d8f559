package lapscore.graph.search.approximate;

/**
 * What an approximate search is asked for: the k nearest neighbours of every row, found with the
 * forest, list size and rounds of {@code forest}.
 *
 * @param numNeighbors k, the neighbours every row gets
 * @param forest       the trees, the list size K, the NN-descent rounds and the seed
 */
public record SearchSettings(int numNeighbors, ForestSettings forest) {

    /** K, the candidates every row keeps during the search: {@link ForestSettings#listSize} of k. */
    public int listSize() {
        return forest.listSize(numNeighbors);
    }

    /** Trees for {@code numRows} rows: {@link ForestSettings#numTrees(long)}. */
    public int numTrees(long numRows) {
        return forest.numTrees(numRows);
    }

    /** Rows per leaf for {@code numFeatures} features: {@link ForestSettings#leafSize} for k. */
    public int leafSize(int numFeatures) {
        return forest.leafSize(numFeatures, numNeighbors);
    }
}
