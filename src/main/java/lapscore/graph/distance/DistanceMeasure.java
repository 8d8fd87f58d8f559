package lapscore.graph.distance;

import lapscore.ParamOption;
import lapscore.data.blocks.FeatureCentres;
import org.apache.spark.ml.linalg.DenseVector;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;

/**
 * The distance that defines "nearest" in the kNN graph.
 *
 * <ul>
 *   <li>{@code euclidean}: {@code ||x_i - x_j||}, as in He, Cai and Niyogi, "Laplacian Score
 *       for Feature Selection", NIPS 2005, section 2.1.</li>
 *   <li>{@code cosine}: the Euclidean distance between the rows scaled to unit length, so
 *       {@code d^2 = 2 - 2 cos(x_i, x_j)}; neighbours are the rows of largest cosine, and the heat
 *       kernel {@code exp(-d^2 / t)} keeps its meaning.</li>
 * </ul>
 */
public enum DistanceMeasure implements ParamOption {
    EUCLIDEAN,
    COSINE;

    /** The centre of the points (see {@link #embed}) over all rows: the mean row, or the mean unit-length row. */
    public double[] centre(FeatureCentres centres) {
        return this == COSINE ? centres.unitMeans() : centres.means();
    }

    /**
     * Writes the point that represents {@code row} in distance computations, minus {@code centre},
     * into {@code target[offset .. offset + size)}: the row itself for Euclidean distance, the row
     * over its length for cosine. Subtracting a common centre leaves distances unchanged and keeps
     * {@code ||a||^2 + ||b||^2 - 2ab} free of cancellation for features like {@code 1e9 + x}.
     */
    public void embed(Vector row, double[] centre, double[] target, int offset) {
        int size = row.size();
        double scale = this == COSINE ? 1.0 / Vectors.norm(row, 2.0) : 1.0;
        if (row instanceof SparseVector sparse) {
            for (int j = 0; j < size; j++) {
                target[offset + j] = -centre[j];
            }
            int[] indices = sparse.indices();
            double[] values = sparse.values();
            for (int p = 0; p < indices.length; p++) {
                target[offset + indices[p]] += values[p] * scale;
            }
        } else {
            double[] values = ((DenseVector) row).values();
            for (int j = 0; j < size; j++) {
                target[offset + j] = -centre[j] + values[j] * scale;
            }
        }
    }
}
