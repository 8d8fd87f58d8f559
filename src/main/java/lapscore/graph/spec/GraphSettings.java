package lapscore.graph.spec;

import java.io.Serializable;

import lapscore.data.numerics.DataScale;
import lapscore.graph.distance.DistanceMeasure;
import lapscore.graph.edges.WeightKernel;

/**
 * What every graph shares, whichever pairs of rows it joins ({@link GraphSpec}): the distance, the
 * weighting of the edges and the block layout.
 *
 * @param measure          distance that defines "nearest" and the weights
 * @param kernel           how edges are weighted
 * @param bandwidth        t of the heat kernel; NaN selects it automatically (the mean squared
 *                         distance over all pairs of rows {@code i < j}, or 1 when all rows coincide)
 * @param includeSelfLoops whether every row also gets the edge {i, i} of weight 1 (scikit-feature does)
 * @param rowsPerBlock     rows per block of the exact distance join and of the scoring pass; 0 chooses
 *                         automatically
 */
public record GraphSettings(DistanceMeasure measure, WeightKernel kernel, double bandwidth, boolean includeSelfLoops,
                            int rowsPerBlock) implements Serializable {

    /**
     * These settings for rows multiplied by {@code scale}: the heat kernel's bandwidth carried into
     * the scaled units (an automatic bandwidth stays automatic).
     */
    public GraphSettings inScaledUnits(DataScale scale) {
        return new GraphSettings(measure, kernel, scale.squaredDistanceToScaled(bandwidth), includeSelfLoops, rowsPerBlock);
    }

    /** Whether the weights are the rows' cosines: the cosine kernel, for which the neighbour searches keep each pair's cosine. */
    public boolean weighsByCosine() {
        return kernel == WeightKernel.COSINE;
    }

    /** Whether the distance or the weights need cosines, which are undefined for zero rows. */
    public boolean needsCosines() {
        return measure == DistanceMeasure.COSINE || kernel == WeightKernel.COSINE;
    }
}
