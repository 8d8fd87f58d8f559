package io.github.lapscore.graph;

import java.io.Serializable;

import io.github.lapscore.graph.kernel.DistanceMeasure;
import io.github.lapscore.graph.search.ForestSettings;
import io.github.lapscore.graph.search.KnnMethod;

/**
 * What defines the graph.
 *
 * @param numNeighbors     k: {i, j} is an edge when either row is among the other's k nearest
 * @param measure          distance that defines "nearest"
 * @param kernel           how edges are weighted
 * @param bandwidth        t of the heat kernel; NaN selects it automatically (the mean squared
 *                         distance over all pairs of distinct rows, or 1 when all rows coincide)
 * @param includeSelfLoops whether every row also gets the edge {i, i} of weight 1 (scikit-feature does)
 * @param rowsPerBlock     rows per block of the exact distance join and of the scoring pass; 0 chooses
 *                         automatically
 * @param method           how neighbours are found
 * @param forest           the approximate search's trees and recall sample
 */
public record GraphSettings(int numNeighbors, DistanceMeasure measure, WeightKernel kernel, double bandwidth,
                            boolean includeSelfLoops, int rowsPerBlock, KnnMethod method, ForestSettings forest)
        implements Serializable {

    /** Whether the distance or the weights need cosines, which are undefined for zero rows. */
    public boolean needsCosines() {
        return measure == DistanceMeasure.COSINE || kernel == WeightKernel.COSINE;
    }
}
