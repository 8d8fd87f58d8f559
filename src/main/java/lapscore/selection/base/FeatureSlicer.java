package lapscore.selection.base;

import java.io.Serializable;
import java.util.Arrays;

import org.apache.spark.ml.linalg.DenseVector;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;

/**
 * Keeps the selected entries of a feature vector, in ascending index order. Dense stays dense;
 * sparse stays sparse and costs O(nnz).
 */
final class FeatureSlicer implements Serializable {

    private final String column;
    private final int inputSize;
    private final int[] selected;
    /** Position of each input feature in the output, or -1 when it is dropped. */
    private final int[] outputPosition;

    FeatureSlicer(String column, int inputSize, int[] selected) {
        this.column = column;
        this.inputSize = inputSize;
        this.selected = selected.clone();
        this.outputPosition = new int[inputSize];
        Arrays.fill(outputPosition, -1);
        for (int p = 0; p < selected.length; p++) {
            outputPosition[selected[p]] = p;
        }
    }

    /** The selected entries of {@code vector}; null stays null. */
    Vector slice(Vector vector) {
        if (vector == null) {
            return null;
        }
        if (vector.size() != inputSize) {
            throw new IllegalArgumentException("Column '" + column + "' holds a vector of size " + vector.size()
                    + " but the model was fitted on vectors of size " + inputSize);
        }
        if (vector instanceof SparseVector sparse) {
            int[] indices = sparse.indices();
            double[] values = sparse.values();
            int kept = 0;
            for (int index : indices) {
                kept += outputPosition[index] >= 0 ? 1 : 0;
            }
            int[] newIndices = new int[kept];
            double[] newValues = new double[kept];
            int n = 0;
            for (int p = 0; p < indices.length; p++) {
                int position = outputPosition[indices[p]];
                if (position >= 0) {
                    newIndices[n] = position;
                    newValues[n++] = values[p];
                }
            }
            return Vectors.sparse(selected.length, newIndices, newValues);
        }
        double[] values = ((DenseVector) vector).values();
        double[] kept = new double[selected.length];
        for (int p = 0; p < selected.length; p++) {
            kept[p] = values[selected[p]];
        }
        return Vectors.dense(kept);
    }
}
