package io.github.lapscore.graph;

import java.io.Serializable;

import io.github.lapscore.data.DataScale;
import io.github.lapscore.graph.distance.DistanceMeasure;
import io.github.lapscore.graph.search.ForestSettings;
import io.github.lapscore.graph.search.KnnMethod;

/**
 * What defines the graph.
 *
 * @param type             which rows are neighbours: kNN, epsilon, class or kNN within class
 * @param numNeighbors     k: {i, j} is an edge when either row is among the other's k nearest
 *                         (knn, classKnn)
 * @param radius           epsilon graph: {i, j} is an edge when their distance is at most this
 * @param maxEdges         epsilon graph: the largest edge count allowed, checked on a sample first
 * @param measure          distance that defines "nearest"
 * @param kernel           how edges are weighted
 * @param bandwidth        t of the heat kernel; NaN selects it automatically (the mean squared
 *                         distance over all pairs of distinct rows, or 1 when all rows coincide)
 * @param includeSelfLoops whether every row also gets the edge {i, i} of weight 1 (scikit-feature does)
 * @param rowsPerBlock     rows per block of the exact distance join and of the scoring pass; 0 chooses
 *                         automatically
 * @param method           how the k nearest neighbours are found
 * @param forest           the approximate search's trees and recall sample, and the seed
 */
public record GraphSettings(GraphType type, int numNeighbors, double radius, long maxEdges, DistanceMeasure measure,
                            WeightKernel kernel, double bandwidth, boolean includeSelfLoops, int rowsPerBlock,
                            KnnMethod method, ForestSettings forest) implements Serializable {

    /** These settings for another graph type. */
    public GraphSettings withType(GraphType other) {
        return new GraphSettings(other, numNeighbors, radius, maxEdges, measure, kernel, bandwidth, includeSelfLoops, rowsPerBlock,
                method, forest);
    }

    /** These settings with the heat kernel's bandwidth fixed to {@code t}. */
    public GraphSettings withBandwidth(double t) {
        return new GraphSettings(type, numNeighbors, radius, maxEdges, measure, kernel, t, includeSelfLoops, rowsPerBlock,
                method, forest);
    }

    /**
     * These settings for rows multiplied by {@code scale}: the radius and the heat kernel's bandwidth
     * carried into the scaled units (an automatic bandwidth stays automatic).
     */
    public GraphSettings inScaledUnits(DataScale scale) {
        return new GraphSettings(type, numNeighbors, scale.distanceToScaled(radius), maxEdges, measure, kernel,
                scale.squaredDistanceToScaled(bandwidth), includeSelfLoops, rowsPerBlock, method, forest);
    }

    /** Whether the distance or the weights need cosines, which are undefined for zero rows. */
    public boolean needsCosines() {
        return measure == DistanceMeasure.COSINE || kernel == WeightKernel.COSINE;
    }

    /**
     * The search that finds the neighbours of {@code numRows} rows: the epsilon graph and the kNN
     * graph within classes are always exact (the selectors refuse {@code knnMethod = approximate} for
     * the latter); {@code auto} picks by size for the kNN graph.
     */
    public KnnMethod searchFor(long numRows) {
        return type == GraphType.KNN ? method.resolve(numRows) : KnnMethod.EXACT;
    }

    /** Whether the graph of {@code numRows} rows is found by the exact all-pairs join. */
    public boolean exactJoin(long numRows) {
        return searchFor(numRows) == KnnMethod.EXACT;
    }
}
