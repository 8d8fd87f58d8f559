package lapscore.job.files;

import static org.apache.spark.sql.functions.col;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.ml.attribute.AttributeGroup;
import org.apache.spark.ml.attribute.NumericAttribute;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.RuntimeConfig;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.CatalystTypeConverters;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.ExprId;
import org.apache.spark.sql.catalyst.expressions.NamedExpression;
import org.apache.spark.sql.execution.ColumnarToRowExec;
import org.apache.spark.sql.execution.FileSourceScanExec;
import org.apache.spark.sql.execution.InputAdapter;
import org.apache.spark.sql.execution.ProjectExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.WholeStageCodegenExec;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

import scala.jdk.javaapi.CollectionConverters;

/**
 * The label and the feature vector of each row of a table of numeric columns (Parquet as pandas and
 * SQL exports write it, or a CSV read with the types of the whole file), made in one pass over the
 * rows by plain code of a fixed size. Spark's {@code VectorAssembler} adds one expression per column
 * to the plan, and each column of the plan adds to the code Spark generates and compiles for every
 * pass over it: on 2 000 rows of 20 000 columns, minutes before a row is read. Here each row is read
 * in Spark's internal form ({@code InternalRow}, one typed getter per cell) and its cells copied into
 * a {@code double[]}.
 *
 * <p>A Parquet file is read by Spark's vectorised reader in batches of columns
 * ({@code FileSourceScanExec.executeColumnar}), as Spark reads narrow tables; Spark itself gives it up
 * above {@code spark.sql.codegen.maxFields} (100) columns ({@code ParquetFileFormat.supportBatch} in
 * Spark's {@code sql/core}, which asks {@code WholeStageCodegenExec.isTooManyFields}) for a row-by-row
 * path that turns every row into an {@code UnsafeRow} through a projection generated over all the
 * columns, three times slower at 20 000 columns. The batch size is read when the scan's RDD is made
 * ({@code ParquetFileFormat.buildReaderWithPartitionValues}), so both settings are set only while the
 * scan is planned and its RDD made. The batches hold at most {@value #BATCH_BYTES} bytes of values, so a task's
 * memory follows the bytes per row, not a count of rows set for narrow tables (Spark's default of
 * 4 096 rows a batch is 655 MB at 20 000 columns). Any other plan is read through
 * {@code QueryExecution.toRdd}. Rows keep the table's order and partitioning either way.
 *
 * <p>A null cell becomes NaN, as {@code VectorAssembler} with {@code handleInvalid = keep} makes it,
 * for the column checks ({@link ColumnChecks#countCells}) or the estimator's {@code handleInvalid} to
 * answer; vectors are stored dense or sparse whichever is smaller, as {@code VectorAssembler} stores them.
 */
final class ColumnVectors {

    /** The most bytes of values a batch of the vectorised Parquet reader holds. */
    static final long BATCH_BYTES = 16L << 20;
    private static final String MAX_FIELDS = "spark.sql.codegen.maxFields";
    private static final String PARQUET_BATCH_ROWS = "spark.sql.parquet.columnarReaderBatchSize";
    /** Spark's default for {@value #PARQUET_BATCH_ROWS}. */
    private static final int SPARK_BATCH_ROWS = 4096;

    private ColumnVectors() {
    }

    /**
     * The table of the label (column {@code label} of {@code table} under its name and type; left out
     * when null) and the {@code features} columns of {@code table} (numeric, in that order) as one
     * vector column {@code vectorName} whose ML attributes are named {@code featureNames}.
     */
    static Dataset<Row> read(Dataset<Row> table, List<String> features, String label, List<String> featureNames,
                             String vectorName) {
        List<Column> columns = new ArrayList<>();
        if (label != null) {
            columns.add(col(label));
        }
        features.forEach(feature -> columns.add(col(feature)));
        Dataset<Row> selected = table.select(columns.toArray(Column[]::new));
        StructType schema = selected.schema();
        DataType[] types = new DataType[features.size()];
        for (int f = 0; f < types.length; f++) {
            types[f] = schema.fields()[f + (label == null ? 0 : 1)].dataType();
        }
        DataType labelType = label == null ? null : schema.fields()[0].dataType();
        Cells cells = internalRows(selected);
        JavaRDD<Row> rows = cells.rows().map(new RowVector(cells.positions(), types, labelType));
        StructType out = new StructType();
        if (label != null) {
            out = out.add(label, labelType);
        }
        out = out.add(vectorName, SQLDataTypes.VectorType());
        NumericAttribute[] attributes = featureNames.stream().map(name -> NumericAttribute.defaultAttr().withName(name))
                .toArray(NumericAttribute[]::new);
        return table.sparkSession().createDataFrame(rows, out)
                .withColumn(vectorName, col(vectorName).as(vectorName, new AttributeGroup(vectorName, attributes).toMetadata()));
    }

    /**
     * Rows in Spark's internal form, and for each column of the table they come from, the position
     * of its cell in them.
     */
    private record Cells(JavaRDD<InternalRow> rows, int[] positions) {
    }

    /**
     * The rows of {@code selected} in Spark's internal form: from the batches of a columnar file scan
     * when its plan is one (with a pruning projection at most), else from {@code toRdd}. The scan is
     * planned with Spark's column limit and batch size set for this table, then both are restored.
     */
    private static Cells internalRows(Dataset<Row> selected) {
        SparkSession spark = selected.sparkSession();
        RuntimeConfig conf = spark.conf();
        int columns = selected.columns().length;
        Map<String, Optional<String>> previous = new HashMap<>();
        for (String key : List.of(MAX_FIELDS, PARQUET_BATCH_ROWS)) {
            previous.put(key, Optional.ofNullable(conf.getOption(key).getOrElse(() -> null)));
        }
        long batchRows = Math.max(1, Math.min(SPARK_BATCH_ROWS, BATCH_BYTES / (8L * columns)));
        try {
            conf.set(MAX_FIELDS, Math.max(columns + 1, 100));
            conf.set(PARQUET_BATCH_ROWS, batchRows);
            Dataset<Row> planned = selected.select(col("*"));
            Optional<FileSourceScanExec> scan = columnarScan(planned.queryExecution().executedPlan());
            if (scan.isPresent()) {
                int[] positions = positionsIn(scan.get().output(), planned.queryExecution().executedPlan().output());
                return new Cells(scan.get().executeColumnar().toJavaRDD().flatMap(ColumnarBatch::rowIterator), positions);
            }
        } finally {
            previous.forEach((key, value) -> {
                if (value.isPresent()) {
                    conf.set(key, value.get());
                } else {
                    conf.unset(key);
                }
            });
        }
        int[] identity = new int[columns];
        Arrays.setAll(identity, column -> column);
        return new Cells(selected.select(col("*")).queryExecution().toRdd().toJavaRDD(), identity);
    }

    /**
     * The file scan at the bottom of {@code plan} when it delivers columnar batches and everything
     * above it only turns them into rows or picks columns; else empty.
     */
    private static Optional<FileSourceScanExec> columnarScan(SparkPlan plan) {
        SparkPlan node = plan;
        while (true) {
            if (node instanceof FileSourceScanExec scan) {
                return scan.supportsColumnar() ? Optional.of(scan) : Optional.empty();
            }
            boolean passesRows = node instanceof WholeStageCodegenExec || node instanceof InputAdapter
                    || node instanceof ColumnarToRowExec || (node instanceof ProjectExec project && picksColumns(project));
            if (!passesRows || node.children().size() != 1) {
                return Optional.empty();
            }
            node = node.children().head();
        }
    }

    private static boolean picksColumns(ProjectExec project) {
        for (NamedExpression expression : CollectionConverters.asJava(project.projectList())) {
            if (!(expression instanceof Attribute)) {
                return false;
            }
        }
        return true;
    }

    /** For each attribute of {@code wanted}, its position among {@code available} (matched by expression id). */
    private static int[] positionsIn(scala.collection.Seq<Attribute> available, scala.collection.Seq<Attribute> wanted) {
        Map<ExprId, Integer> positionById = new HashMap<>();
        List<Attribute> from = new ArrayList<>(CollectionConverters.asJava(available));
        for (int a = 0; a < from.size(); a++) {
            positionById.put(from.get(a).exprId(), a);
        }
        return new ArrayList<>(CollectionConverters.asJava(wanted)).stream().mapToInt(attribute -> {
            Integer position = positionById.get(attribute.exprId());
            if (position == null) {
                throw new IllegalStateException("column " + attribute.name() + " is not among the scan's columns");
            }
            return position;
        }).toArray();
    }

    /**
     * Turns one internal row into a row of label and vector: the table's column c (the label first
     * when there is one, then the features) is the row's cell {@code positions[c]}.
     */
    private static final class RowVector implements Function<InternalRow, Row> {
        private final int[] positions;
        private final DataType[] types;
        private final DataType labelType;

        RowVector(int[] positions, DataType[] types, DataType labelType) {
            this.positions = positions;
            this.types = types;
            this.labelType = labelType;
        }

        @Override
        public Row call(InternalRow row) {
            int offset = labelType == null ? 0 : 1;
            double[] values = new double[types.length];
            for (int f = 0; f < values.length; f++) {
                values[f] = number(row, positions[f + offset], types[f]);
            }
            Object vector = Vectors.dense(values).compressed();
            if (labelType == null) {
                return RowFactory.create(vector);
            }
            Object label = CatalystTypeConverters.convertToScala(row.get(positions[0], labelType), labelType);
            return RowFactory.create(label, vector);
        }

        /** Cell {@code at} of {@code row}, of numeric {@code type}, as a double; NaN when null. */
        private static double number(InternalRow row, int at, DataType type) {
            if (row.isNullAt(at)) {
                return Double.NaN;
            }
            if (type instanceof DoubleType) {
                return row.getDouble(at);
            }
            if (type instanceof FloatType) {
                return row.getFloat(at);
            }
            if (type instanceof LongType) {
                return row.getLong(at);
            }
            if (type instanceof IntegerType) {
                return row.getInt(at);
            }
            if (type instanceof ShortType) {
                return row.getShort(at);
            }
            if (type instanceof ByteType) {
                return row.getByte(at);
            }
            if (type instanceof DecimalType decimal) {
                return row.getDecimal(at, decimal.precision(), decimal.scale()).toDouble();
            }
            throw new IllegalArgumentException("column of type " + type.simpleString() + " is not numeric");
        }
    }
}
