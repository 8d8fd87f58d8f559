package lapscore.data;

import java.io.Serializable;

import org.apache.spark.ml.linalg.Vector;

/**
 * One input row as the scores read it: its feature vector (null for a null cell) and its class
 * label as a number (0 when the fit uses no label, NaN when the label cell is null or NaN).
 *
 * <p>A class, not a record, like every type that Spark ships between tasks: Spark's
 * {@code KryoSerializer} (Kryo 4) cannot serialize records.
 */
public final class LabeledRow implements Serializable {

    private final Vector vector;
    private final double label;

    public LabeledRow(Vector vector, double label) {
        this.vector = vector;
        this.label = label;
    }

    /** The feature vector, null for a null cell. */
    public Vector vector() {
        return vector;
    }

    /** The class label as a number. */
    public double label() {
        return label;
    }
}
