package lapscore.data;

import org.apache.spark.ml.linalg.DenseVector;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;

/** The stored entries of an ML vector, dense or sparse, without copying: O(nnz) for a sparse one. */
public final class VectorEntries {

    private VectorEntries() {
    }

    /** What is done with one stored entry. */
    @FunctionalInterface
    public interface EntryConsumer {
        void accept(int index, double value);
    }

    /** Calls {@code consumer} with every stored (index, value), indices ascending. */
    public static void forEach(Vector v, EntryConsumer consumer) {
        if (v instanceof SparseVector sparse) {
            int[] indices = sparse.indices();
            double[] values = sparse.values();
            for (int p = 0; p < values.length; p++) {
                consumer.accept(indices[p], values[p]);
            }
        } else {
            double[] values = ((DenseVector) v).values();
            for (int p = 0; p < values.length; p++) {
                consumer.accept(p, values[p]);
            }
        }
    }
}
