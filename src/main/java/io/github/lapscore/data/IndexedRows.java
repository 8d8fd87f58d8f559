package io.github.lapscore.data;

import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.storage.StorageLevel;

/**
 * The rows of one vector column, each with a stable id: its position in the input, counted from 0
 * (Spark's {@code zipWithIndex}). Ids do not depend on how the input is partitioned, so nothing
 * downstream does either.
 */
public final class IndexedRows {

    private final JavaPairRDD<Vector, Long> rows;
    private final String column;

    private IndexedRows(JavaPairRDD<Vector, Long> rows, String column) {
        this.rows = rows;
        this.column = column;
    }

    /**
     * Numbers the rows of {@code column} in input order and caches them until {@link #release()}.
     * The column must exist and hold ML vectors (checked by the caller's schema validation).
     */
    public static IndexedRows of(Dataset<?> dataset, String column) {
        JavaPairRDD<Vector, Long> indexed = dataset.select(column).toJavaRDD()
                .map((Row row) -> row.isNullAt(0) ? null : (Vector) row.get(0))
                .zipWithIndex()
                .persist(StorageLevel.MEMORY_AND_DISK());
        return new IndexedRows(indexed, column);
    }

    /** (vector, id) pairs; a null vector stands for a null cell and is rejected by {@link RowSummary}. */
    public JavaPairRDD<Vector, Long> rows() {
        return rows;
    }

    /** The name of the column the rows came from, for error messages. */
    public String column() {
        return column;
    }

    /** Drops the cached rows once the blocks are built. */
    public void release() {
        rows.unpersist(false);
    }
}
