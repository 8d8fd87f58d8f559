package lapscore.testkit;

import java.util.ArrayList;
import java.util.List;

import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/** Small labelled DataFrames for the supervised scores: a vector column {@code features} and a column {@code label}. */
public final class LabeledFrames {

    public static final String LABEL = "label";

    private LabeledFrames() {
    }

    /**
     * A DataFrame of {@code features} (dense rows) and {@code label} (of {@code labelType}; entries may be null),
     * in input order, in {@code partitions} partitions.
     */
    public static Dataset<Row> frame(double[][] rows, Object[] labels, DataType labelType, int partitions) {
        List<Vector> vectors = new ArrayList<>();
        for (double[] row : rows) {
            vectors.add(Vectors.dense(row));
        }
        return frame(vectors, labels, labelType, partitions);
    }

    /** As {@link #frame(double[][], Object[], DataType, int)}, with the given vectors (dense or sparse). */
    public static Dataset<Row> frame(List<Vector> vectors, Object[] labels, DataType labelType, int partitions) {
        if (vectors.size() != labels.length) {
            throw new IllegalArgumentException(vectors.size() + " rows but " + labels.length + " labels");
        }
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < labels.length; i++) {
            rows.add(RowFactory.create(vectors.get(i), labels[i]));
        }
        StructType schema = new StructType()
                .add("features", SQLDataTypes.VectorType(), true)
                .add(LABEL, labelType, true);
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(SparkTestSession.spark().sparkContext());
        return SparkTestSession.spark().createDataFrame(jsc.parallelize(rows, partitions), schema);
    }

    /** Class codes as boxed doubles, for a {@code DoubleType} label column. */
    public static Object[] doubles(int[] classes) {
        Object[] labels = new Object[classes.length];
        for (int i = 0; i < classes.length; i++) {
            labels[i] = (double) classes[i];
        }
        return labels;
    }
}
