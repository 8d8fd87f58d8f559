package lapscore.data;

import java.io.Serializable;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.sql.types.StringType;

import scala.Tuple2;

/**
 * The rows of one vector column, each with a stable id: its position in the input, counted from 0
 * (Spark's {@code zipWithIndex}), and, for the supervised scores, its class label as a number.
 * Ids do not depend on how the input is partitioned, so nothing downstream does either.
 *
 * <p>Numeric labels are kept as they are; string labels become the position of the label among
 * the distinct labels sorted (so the same strings always give the same numbers). A null or NaN
 * label becomes NaN, which {@link RowSummary} reports with its row; -0.0 becomes 0.0, the same class,
 * as in Spark SQL's grouping.
 *
 * <p>The rows are cached in the {@link CacheScope} given when they are numbered, which releases them
 * when its work ends unless {@link #release()} drops them first; whatever is derived from them
 * ({@link #keepOnly}, the blocks cut from them) is cached in the same scope.
 */
public final class IndexedRows {

    private final JavaPairRDD<LabeledRow, Long> rows;
    private final String column;
    private final String labelColumn;
    private final CacheScope caches;

    private IndexedRows(JavaPairRDD<LabeledRow, Long> rows, String column, String labelColumn, CacheScope caches) {
        this.rows = caches.persist(rows);
        this.column = column;
        this.labelColumn = labelColumn;
        this.caches = caches;
    }

    /**
     * Numbers the rows of {@code column} in input order, with the label of {@code labelColumn} when it
     * is not null, and caches them in {@code caches}. The columns must exist, {@code column}
     * holding ML vectors and {@code labelColumn} numbers or strings (checked by the caller's schema
     * validation).
     */
    public static IndexedRows of(Dataset<?> dataset, String column, String labelColumn, CacheScope caches) {
        Map<String, Double> codes = labelColumn == null ? null : stringCodes(dataset, labelColumn);
        Dataset<Row> selected = labelColumn == null ? dataset.select(ColumnRef.of(column))
                : dataset.select(ColumnRef.of(column), ColumnRef.of(labelColumn));
        JavaPairRDD<LabeledRow, Long> indexed = selected.toJavaRDD()
                .map((Row row) -> new LabeledRow(row.isNullAt(0) ? null : (Vector) row.get(0),
                        labelColumn == null ? 0.0 : labelOf(row, codes)))
                .zipWithIndex();
        return new IndexedRows(indexed, column, labelColumn, caches);
    }

    /**
     * The rows of {@code numbered} ((row, id) pairs) whose label is one of {@code labels} (ascending),
     * renumbered from 0 in the order (label, original id), so that the rows of one class are
     * consecutive and the blocks cut from them hold few classes each; cached in {@code caches}.
     */
    public static IndexedRows ofClasses(JavaPairRDD<LabeledRow, Long> numbered, double[] labels, String column,
                                        String labelColumn, CacheScope caches) {
        JavaPairRDD<LabeledRow, Long> indexed = numbered
                .filter(row -> Arrays.binarySearch(labels, row._1().label()) >= 0)
                .mapToPair(row -> new Tuple2<>(new ClassOrder(row._1().label(), row._2()), row._1()))
                .sortByKey(true, numbered.getNumPartitions())
                .values()
                .zipWithIndex();
        return new IndexedRows(indexed, column, labelColumn, caches);
    }

    /** A row's place when rows are ordered by label, then by original id (a class: Kryo cannot ship records). */
    private static final class ClassOrder implements Comparable<ClassOrder>, Serializable {
        private final double label;
        private final long id;

        ClassOrder(double label, long id) {
            this.label = label;
            this.id = id;
        }

        @Override
        public int compareTo(ClassOrder other) {
            int byLabel = Double.compare(label, other.label);
            return byLabel != 0 ? byLabel : Long.compare(id, other.id);
        }
    }

    /**
     * The rows that pass {@code usable}, renumbered from 0 in input order and cached in the same scope;
     * these rows stay cached until the caller releases them early ({@link #release()}, once the kept
     * rows are counted) or their scope closes.
     */
    public IndexedRows keepOnly(RowSummary.UsableRow usable) {
        return new IndexedRows(rows.keys().filter(usable::test).zipWithIndex(), column, labelColumn, caches);
    }

    /**
     * One row of each set of rows with equal vectors and labels (the labels are all 0 when the rows
     * carry none): the first in input order, renumbered from 0 in input order, cached in the same
     * scope. Vectors are equal when their values are, whether stored densely or sparsely (Spark's
     * {@code Vector.equals}); the result does not depend on the partitioning. One shuffle.
     */
    public IndexedRows distinct() {
        JavaPairRDD<LabeledRow, Long> firsts = rows
                .mapToPair(row -> new Tuple2<>(new RowValue(row._1()), row._2()))
                .reduceByKey(Math::min)
                .mapToPair(first -> new Tuple2<>(first._2(), first._1().row))
                .sortByKey(true, rows.getNumPartitions())
                .values()
                .zipWithIndex();
        return new IndexedRows(firsts, column, labelColumn, caches);
    }

    /** A row compared by its vector's values and its label (a class: Kryo cannot ship records). */
    private static final class RowValue implements Serializable {
        private final LabeledRow row;

        RowValue(LabeledRow row) {
            this.row = row;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof RowValue value && Double.compare(row.label(), value.row.label()) == 0
                    && Objects.equals(row.vector(), value.row.vector());
        }

        @Override
        public int hashCode() {
            return 31 * Double.hashCode(row.label()) + Objects.hashCode(row.vector());
        }
    }

    /** Sorted distinct labels numbered from 0 when the label column holds strings, else null. */
    private static Map<String, Double> stringCodes(Dataset<?> dataset, String labelColumn) {
        DataType type = dataset.schema().apply(labelColumn).dataType();
        if (!(type instanceof StringType)) {
            return null;
        }
        List<Row> distinct = dataset.select(ColumnRef.of(labelColumn)).na().drop().distinct().collectAsList();
        String[] labels = distinct.stream().map(row -> row.getString(0)).sorted().toArray(String[]::new);
        Map<String, Double> codes = new HashMap<>();
        for (int c = 0; c < labels.length; c++) {
            codes.put(labels[c], (double) c);
        }
        return codes;
    }

    private static double labelOf(Row row, Map<String, Double> codes) {
        if (row.isNullAt(1)) {
            return Double.NaN;
        }
        return codes != null ? codes.get(row.getString(1)) : ((Number) row.get(1)).doubleValue() + 0.0;
    }

    /** Whether {@code type} can be a label column: numbers or strings. */
    public static boolean isLabelType(DataType type) {
        return type instanceof NumericType || type instanceof StringType;
    }

    /** (row, id) pairs; a null vector stands for a null cell and is rejected by {@link RowSummary}. */
    public JavaPairRDD<LabeledRow, Long> rows() {
        return rows;
    }

    /** The name of the column the rows came from, for error messages. */
    public String column() {
        return column;
    }

    /** The label column, or null when the rows carry no label. */
    public String labelColumn() {
        return labelColumn;
    }

    /** The scope the rows are cached in, where whatever is derived from them is cached too. */
    public CacheScope caches() {
        return caches;
    }

    /** Drops the cached rows now (once the blocks are built), instead of when their scope closes. */
    public void release() {
        caches.release(rows);
    }
}
