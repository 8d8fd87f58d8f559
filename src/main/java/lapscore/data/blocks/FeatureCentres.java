package lapscore.data.blocks;

import java.io.Serializable;

import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.linalg.DenseVector;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;

/**
 * The mean row and the mean of the rows scaled to unit length: the centres subtracted before
 * distances and moments are accumulated (which keeps both exact for features like
 * {@code 1e9 + x}).
 *
 * <p>They are summed row by row within each block and block by block in block order, so they are the
 * same to the last bit however the input was partitioned. That matters: distances between
 * duplicate rows tie exactly, and ties are broken by row id only if every distance is computed
 * from the same centre.
 */
public final class FeatureCentres implements Serializable {

    private final double[] means;
    private final double[] unitMeans;

    private FeatureCentres(double[] means, double[] unitMeans) {
        this.means = means;
        this.unitMeans = unitMeans;
    }

    /** Centres of the rows in {@code blocks}, block sums merged in block order ({@link OrderedReduce}). */
    public static FeatureCentres of(JavaRDD<RowBlock> blocks, int numFeatures, long numRows) {
        double[][] sums = OrderedReduce.reduce(blocks.map(block -> sums(block, numFeatures)), FeatureCentres::add);
        double[] means = new double[numFeatures];
        double[] unitMeans = new double[numFeatures];
        for (int j = 0; j < numFeatures; j++) {
            means[j] = sums[0][j] / numRows;
            unitMeans[j] = sums[1][j] / numRows;
        }
        return new FeatureCentres(means, unitMeans);
    }

    /** Adds {@code other}'s sums to {@code sums}, which it returns. */
    private static double[][] add(double[][] sums, double[][] other) {
        for (int k = 0; k < sums.length; k++) {
            for (int j = 0; j < sums[k].length; j++) {
                sums[k][j] += other[k][j];
            }
        }
        return sums;
    }

    /** Sums of the rows and of the unit-length rows (zero rows count as zero) of one block, in row order. */
    private static double[][] sums(RowBlock block, int numFeatures) {
        double[][] sums = new double[2][numFeatures];
        for (int i = 0; i < block.size(); i++) {
            Vector row = block.row(i);
            double norm = Vectors.norm(row, 2.0);
            double inverseNorm = norm > 0.0 ? 1.0 / norm : 0.0;
            int[] indices = row instanceof SparseVector sparse ? sparse.indices() : null;
            double[] values = row instanceof SparseVector sparse ? sparse.values() : ((DenseVector) row).values();
            for (int p = 0; p < values.length; p++) {
                int feature = indices == null ? p : indices[p];
                sums[0][feature] += values[p];
                sums[1][feature] += values[p] * inverseNorm;
            }
        }
        return sums;
    }

    /** Plain mean of every feature. */
    public double[] means() {
        return means.clone();
    }

    /** Mean of the rows scaled to unit length: the centre of the points of the cosine distance. */
    public double[] unitMeans() {
        return unitMeans.clone();
    }
}
