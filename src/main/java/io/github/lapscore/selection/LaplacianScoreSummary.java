package io.github.lapscore.selection;

import java.io.Serializable;

/**
 * What a fit did: the graph it built, the parameters it actually used, and where the time went.
 *
 * @param numRows           rows m
 * @param numFeatures       features d
 * @param numNeighbors      k used
 * @param knnMethod         how neighbours were found: "exact" or "approximate" (auto resolved)
 * @param bandwidth         t of the heat kernel actually used (NaN for other kernels)
 * @param numEdges          unordered edges between distinct rows in the symmetrised graph
 * @param numSelfLoops      self-loops (m when included, else 0)
 * @param isolatedRows      rows whose degree D_ii is 0 (all their weights are 0)
 * @param recall            estimated recall@k of the approximate graph on a sample of rows; NaN for
 *                          the exact graph or when the estimate was skipped
 * @param numBlocks         blocks of the distance join
 * @param rowsPerBlock      rows per block
 * @param validationSeconds time to number and check the rows
 * @param graphSeconds      time to find the neighbours and build the edges
 * @param recallSeconds     time to estimate the recall (0 when not estimated)
 * @param weightsSeconds    time to weigh the edges
 * @param scoresSeconds     time of the scoring pass
 */
public record LaplacianScoreSummary(long numRows, int numFeatures, int numNeighbors, String knnMethod, double bandwidth,
                                    long numEdges, long numSelfLoops, long isolatedRows, double recall, int numBlocks,
                                    int rowsPerBlock, double validationSeconds, double graphSeconds, double recallSeconds,
                                    double weightsSeconds,
                                    double scoresSeconds) implements Serializable {

    /** Average number of neighbours per row in the symmetrised graph, {@code 2 |E| / m}. */
    public double averageDegree() {
        return 2.0 * numEdges / numRows;
    }

    /** Graph and scores together, the cost of a fit after validation (the recall estimate excluded). */
    public double graphAndScoresSeconds() {
        return graphSeconds + weightsSeconds + scoresSeconds;
    }
}
