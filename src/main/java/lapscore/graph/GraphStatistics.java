package lapscore.graph;

import java.io.Serializable;

import lapscore.graph.search.KnnMethod;
import lapscore.graph.search.RecallSample;

/**
 * Counts that describe a weighted graph.
 *
 * @param numNeighbors k of a kNN graph; 0 for the epsilon graph
 * @param numRows      rows (nodes)
 * @param skippedRows  rows of the input left out as unusable ({@code handleInvalid = skip}), not nodes
 * @param numClasses   distinct labels of a graph within classes; 0 otherwise
 * @param numEdges     unordered edges between distinct rows
 * @param numSelfLoops self-loops {i, i} (m when included, else 0)
 * @param isolatedRows rows whose degree {@code D_ii} is 0: no edge, or every weight touching them is 0
 * @param method       how the neighbours were found: exact or approximate
 * @param recall       estimated recall@k of the approximate search ({@link RecallSample}); NaN for
 *                     the exact search (1 by construction) or when the estimate was skipped
 */
public record GraphStatistics(int numNeighbors, long numRows, long skippedRows, int numClasses, long numEdges,
                              long numSelfLoops, long isolatedRows, KnnMethod method, double recall) implements Serializable {

    /** Average number of neighbours per row in the symmetrised graph, {@code 2 |E| / m}. */
    public double averageDegree() {
        return 2.0 * numEdges / numRows;
    }
}
