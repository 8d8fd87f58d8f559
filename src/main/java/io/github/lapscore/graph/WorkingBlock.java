package io.github.lapscore.graph;

import io.github.lapscore.data.RowBlock;
import org.apache.spark.ml.linalg.Vectors;

/**
 * A block as the distance kernel needs it: the points of its rows, minus a common centre, as one dense row-major
 * {@code size x dim} array (read by BLAS as a column-major {@code dim x size} matrix), their squared
 * norms, and the raw rows' norms for cosines. Built inside a task and thrown away after it.
 */
final class WorkingBlock {

    final RowBlock rows;
    final int size;
    final int dim;
    final double[] points;
    final double[] squaredNorms;
    final double[] rawNorms;

    private WorkingBlock(RowBlock rows, int dim, DistanceMeasure measure, double[] centre) {
        this.rows = rows;
        this.size = rows.size();
        this.dim = dim;
        this.points = new double[size * dim];
        this.squaredNorms = new double[size];
        this.rawNorms = new double[size];
        for (int i = 0; i < size; i++) {
            measure.embed(rows.row(i), centre, points, i * dim);
            double squared = 0.0;
            for (int j = i * dim; j < (i + 1) * dim; j++) {
                squared += points[j] * points[j];
            }
            squaredNorms[i] = squared;
            rawNorms[i] = Vectors.norm(rows.row(i), 2.0);
        }
    }

    static WorkingBlock of(RowBlock rows, int dim, DistanceMeasure measure, double[] centre) {
        return new WorkingBlock(rows, dim, measure, centre);
    }

    /** {@code sum_i ||p_i - centre||^2} over the rows of this block. */
    double squaredDeviation() {
        double sum = 0.0;
        for (double squared : squaredNorms) {
            sum += squared;
        }
        return sum;
    }

    long firstRow() {
        return rows.firstRow();
    }

    /** Exact Euclidean distance between point {@code i} of this block and point {@code j} of {@code other}. */
    double distance(int i, WorkingBlock other, int j) {
        double sum = 0.0;
        int p = i * dim;
        int q = j * other.dim;
        for (int t = 0; t < dim; t++) {
            double diff = points[p + t] - other.points[q + t];
            sum += diff * diff;
        }
        return Math.sqrt(sum);
    }

    /** Cosine of the raw rows {@code i} of this block and {@code j} of {@code other}. */
    double cosine(int i, WorkingBlock other, int j) {
        return rows.row(i).dot(other.rows.row(j)) / (rawNorms[i] * other.rawNorms[j]);
    }
}
