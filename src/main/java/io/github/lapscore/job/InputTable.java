package io.github.lapscore.job;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.isnan;
import static org.apache.spark.sql.functions.monotonically_increasing_id;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.apache.spark.ml.attribute.AttributeGroup;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.sql.types.StructField;

/**
 * The input of the job as the selector needs it: a vector column of features (assembled from
 * numeric columns, or an existing vector column), the features' names, and the label column if any.
 */
final class InputTable {

    /** Name of the assembled vector column. */
    static final String VECTOR_COLUMN = "lapscore_features";

    private final Dataset<Row> data;
    private final String vectorColumn;
    private final List<String> featureColumns;
    private final String labelColumn;

    private InputTable(Dataset<Row> data, String vectorColumn, List<String> featureColumns, String labelColumn) {
        this.data = data;
        this.vectorColumn = vectorColumn;
        this.featureColumns = featureColumns;
        this.labelColumn = labelColumn;
    }

    static InputTable load(SparkSession spark, JobArguments<JobOption> args) {
        String path = args.text(JobOption.INPUT);
        String format = args.get(JobOption.FORMAT).orElseGet(() -> formatOf(path)).toLowerCase(Locale.ROOT);
        Dataset<Row> raw = switch (format) {
            case "csv" -> readCsv(spark, path, args.flag(JobOption.HEADER));
            case "parquet" -> spark.read().parquet(path);
            case "libsvm" -> spark.read().format("libsvm").load(path);
            default -> throw new IllegalArgumentException("--format must be csv, parquet or libsvm, got '" + format + "'");
        };
        String label = args.get(JobOption.LABEL_COL).orElse(format.equals("libsvm") ? "label" : null);
        if (label != null) {
            requireColumn(raw, label, "--label-col");
        }
        List<String> requested = args.get(JobOption.FEATURES).map(list -> Arrays.asList(list.split(","))).orElse(null);
        if (format.equals("libsvm") || (requested != null && requested.size() == 1
                && isVectorColumn(raw, requested.get(0)))) {
            String vector = requested == null ? "features" : requested.get(0);
            requireColumn(raw, vector, "--features");
            return new InputTable(spread(raw, args), vector, List.of(), label);
        }
        List<String> features = requested != null ? requested : numericColumnsExcept(raw, label);
        if (features.isEmpty()) {
            throw new IllegalArgumentException("The input has no numeric column to score besides the label");
        }
        for (String feature : features) {
            requireColumn(raw, feature, "--features");
            if (!(raw.schema().apply(feature).dataType() instanceof NumericType)) {
                throw new IllegalArgumentException("Feature column '" + feature + "' is "
                        + raw.schema().apply(feature).dataType().simpleString() + ", not numeric");
            }
        }
        rejectMissingValues(raw, features);
        Dataset<Row> assembled = new VectorAssembler().setInputCols(features.toArray(String[]::new))
                .setOutputCol(VECTOR_COLUMN).transform(raw);
        return new InputTable(spread(assembled, args), VECTOR_COLUMN, features, label);
    }

    private static Dataset<Row> readCsv(SparkSession spark, String path, boolean header) {
        Dataset<Row> csv = spark.read().option("header", header).option("inferSchema", true).csv(path);
        if (header) {
            return csv;
        }
        String[] names = new String[csv.columns().length];
        for (int i = 0; i < names.length; i++) {
            names[i] = "f" + i;
        }
        return csv.toDF(names);
    }

    private static String formatOf(String path) {
        String lower = path.toLowerCase(Locale.ROOT).replaceAll("/+$", "");
        if (lower.endsWith(".csv") || lower.endsWith(".csv.gz")) {
            return "csv";
        }
        if (lower.endsWith(".parquet")) {
            return "parquet";
        }
        if (lower.endsWith(".libsvm") || lower.endsWith(".svm")) {
            return "libsvm";
        }
        throw new IllegalArgumentException("Cannot tell the format of '" + path + "' from its extension; pass --format csv|parquet|libsvm");
    }

    /**
     * With {@code --partitions P}, range-partitions by the original position so that rows keep their
     * input order (and ids) in P partitions; applied after the checks, which then read the input once.
     */
    private static Dataset<Row> spread(Dataset<Row> data, JobArguments<JobOption> args) {
        if (!args.given(JobOption.PARTITIONS)) {
            return data;
        }
        int partitions = args.integer(JobOption.PARTITIONS);
        if (partitions < 1) {
            throw new IllegalArgumentException("--partitions must be at least 1, got " + partitions);
        }
        String position = "lapscore_position";
        return data.withColumn(position, monotonically_increasing_id())
                .repartitionByRange(partitions, col(position)).sortWithinPartitions(position).drop(position);
    }

    private static boolean isVectorColumn(Dataset<Row> data, String column) {
        return Arrays.asList(data.columns()).contains(column)
                && data.schema().apply(column).dataType().equals(SQLDataTypes.VectorType());
    }

    private static List<String> numericColumnsExcept(Dataset<Row> data, String label) {
        List<String> numeric = new ArrayList<>();
        for (StructField field : data.schema().fields()) {
            if (field.dataType() instanceof NumericType && !field.name().equals(label)) {
                numeric.add(field.name());
            }
        }
        return numeric;
    }

    private static void requireColumn(Dataset<Row> data, String column, String option) {
        if (!Arrays.asList(data.columns()).contains(column)) {
            throw new IllegalArgumentException(option + ": column '" + column + "' does not exist; the input has "
                    + String.join(", ", data.columns()));
        }
    }

    /** One pass that counts null and NaN cells per feature column, failing on the first column that has any. */
    private static void rejectMissingValues(Dataset<Row> data, List<String> features) {
        Column[] missing = features.stream()
                .map(f -> sum(when(col(f).isNull().or(isnan(col(f))), 1).otherwise(0)))
                .toArray(Column[]::new);
        Row counts = data.select(missing).head();
        for (int i = 0; i < features.size(); i++) {
            long count = counts.isNullAt(i) ? 0 : counts.getLong(i);
            if (count > 0) {
                throw new IllegalArgumentException("Feature column '" + features.get(i) + "' has " + count
                        + " null or NaN value" + (count == 1 ? "" : "s") + "; remove or impute them first");
            }
        }
    }

    Dataset<Row> data() {
        return data;
    }

    String vectorColumn() {
        return vectorColumn;
    }

    /** The label column, or null. */
    String labelColumn() {
        return labelColumn;
    }

    /** Whether features came from separate columns (then the reduced data keeps those columns). */
    boolean fromColumns() {
        return !featureColumns.isEmpty();
    }

    List<String> featureColumns() {
        return featureColumns;
    }

    /** Names of the {@code count} features: the column names, the vector column's attribute names, or f0, f1, .... */
    String[] featureNames(int count) {
        if (fromColumns()) {
            return featureColumns.toArray(String[]::new);
        }
        String[] names = new String[count];
        AttributeGroup group = AttributeGroup.fromStructField(data.schema().apply(vectorColumn));
        for (int i = 0; i < count; i++) {
            names[i] = group.attributes().isDefined() && group.attributes().get()[i].name().isDefined()
                    ? group.attributes().get()[i].name().get() : "f" + i;
        }
        return names;
    }
}
