package lapscore.job.files;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.input_file_block_start;
import static org.apache.spark.sql.functions.input_file_name;

import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

import com.univocity.parsers.csv.CsvParser;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.ml.attribute.AttributeGroup;
import org.apache.spark.ml.attribute.NumericAttribute;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The label and the feature vector of each row of a CSV, parsed from its lines by the job. Spark's
 * CSV reader turns each line into a row of one cell per column (an object per cell) before anything
 * reads it; tokenising the lines with the same parser (univocity, as Spark configures it: {@link CsvLayout})
 * and parsing the numbers with {@link NumberText} into one array per row costs less per cell. The
 * fit reads its input several times, so every pass gains; see the performance page in docs/.
 *
 * <p>The lines are Spark's text source's, which splits and orders files exactly as its CSV source
 * does, so that rows keep the order, and data-row numbers, that Spark's CSV reader gives them. As
 * there, blank lines are skipped and, with a header, the first non-blank line of each file. A line
 * with another number of cells than the header, a feature cell that is not a number, or a label
 * that is not of the label's sampled type is kept in the column {@value #MISFIT_LINE}; the column
 * checks count those lines, and any sends the job back to Spark's CSV reader with the types of the
 * whole file ({@link InputTable}), which then says what is wrong.
 */
final class CsvLineVectors {

    /** Column holding each line that does not fit the sampled column types (null for every other line). */
    static final String MISFIT_LINE = "lapscore_misfit_line";

    private CsvLineVectors() {
    }

    /**
     * Whether the label's sampled type (null without a label) is one this reader parses: integer,
     * long, double or text.
     */
    static boolean parsesLabelOf(DataType labelType) {
        return labelType == null || labelType.equals(DataTypes.IntegerType) || labelType.equals(DataTypes.LongType)
                || labelType.equals(DataTypes.DoubleType) || labelType.equals(DataTypes.StringType);
    }

    /**
     * The CSV at {@code path} as a table of the label (under {@code labelName}, of
     * {@code labelType}; left out when {@code labelPosition} is -1), the features at
     * {@code featurePositions} of the {@code columns} cells of a line as one vector
     * {@code vectorName} (ML attributes named {@code featureNames}; null cells as NaN, stored dense
     * or sparse whichever is smaller, as Spark's {@code VectorAssembler} stores it), and
     * {@value #MISFIT_LINE}.
     */
    static Dataset<Row> read(SparkSession spark, String path, CsvLayout csv, int columns, int[] featurePositions,
                             List<String> featureNames, int labelPosition, String labelName, DataType labelType, String vectorName) {
        StructType schema = new StructType();
        if (labelPosition >= 0) {
            schema = schema.add(labelName, labelType);
        }
        schema = schema.add(vectorName, SQLDataTypes.VectorType()).add(MISFIT_LINE, DataTypes.StringType);
        LineParser parser = new LineParser(csv, columns, featurePositions, labelPosition, labelType,
                Math.max(SampledCsv.SPARK_MAX_COLUMNS, 2 * columns + 2));
        Dataset<Row> lines = spark.read().text(path).select(col("value"), input_file_name(), input_file_block_start());
        Dataset<Row> rows = lines.mapPartitions(parser, Encoders.row(schema));
        NumericAttribute[] attributes = featureNames.stream().map(name -> NumericAttribute.defaultAttr().withName(name))
                .toArray(NumericAttribute[]::new);
        return rows.withColumn(vectorName, col(vectorName).as(vectorName, new AttributeGroup(vectorName, attributes).toMetadata()));
    }

    /** Turns one partition of (line, file, start of the file's split) into rows of label, vector and misfit line. */
    private static final class LineParser implements MapPartitionsFunction<Row, Row> {

        private final CsvLayout csv;
        private final int columns;
        private final int[] featurePositions;
        private final int labelPosition;
        private final DataType labelType;
        private final int maxColumns;

        LineParser(CsvLayout csv, int columns, int[] featurePositions, int labelPosition, DataType labelType, int maxColumns) {
            this.csv = csv;
            this.columns = columns;
            this.featurePositions = featurePositions;
            this.labelPosition = labelPosition;
            this.labelType = labelType;
            this.maxColumns = maxColumns;
        }

        @Override
        public Iterator<Row> call(Iterator<Row> lines) {
            CsvParser parser = new CsvParser(csv.parserSettings(maxColumns));
            return new Iterator<>() {
                private String file;
                private long start = -1;
                private boolean headerPending;
                private Row next = advance();

                @Override
                public boolean hasNext() {
                    return next != null;
                }

                @Override
                public Row next() {
                    if (next == null) {
                        throw new NoSuchElementException();
                    }
                    Row current = next;
                    next = advance();
                    return current;
                }

                /** The row of the next line of data, or null after the last. */
                private Row advance() {
                    while (lines.hasNext()) {
                        Row line = lines.next();
                        if (!line.getString(1).equals(file) || line.getLong(2) != start) {
                            file = line.getString(1);
                            start = line.getLong(2);
                            headerPending = csv.header() && start == 0;
                        }
                        String text = line.getString(0);
                        if (text.trim().isEmpty()) {
                            continue;
                        }
                        if (headerPending) {
                            headerPending = false;
                            continue;
                        }
                        return row(parser.parseLine(text), text);
                    }
                    return null;
                }
            };
        }

        private Row row(String[] cells, String line) {
            double[] values = new double[featurePositions.length];
            Object label = null;
            String misfit = null;
            if (cells.length != columns) {
                misfit = line;
            } else {
                try {
                    for (int f = 0; f < values.length; f++) {
                        values[f] = NumberText.parse(emptyAsNull(cells[featurePositions[f]]));
                    }
                    label = labelPosition >= 0 ? label(emptyAsNull(cells[labelPosition])) : null;
                } catch (NumberFormatException notOfTheSampledType) {
                    misfit = line;
                }
            }
            Object vector = Vectors.dense(values).compressed();
            return labelPosition >= 0 ? RowFactory.create(label, vector, misfit) : RowFactory.create(vector, misfit);
        }

        /** The label cell as Spark's CSV reader converts it to the label's type: null stays null. */
        private Object label(String cell) {
            if (cell == null || labelType.equals(DataTypes.StringType)) {
                return cell;
            }
            if (labelType.equals(DataTypes.IntegerType)) {
                return Integer.parseInt(cell);
            }
            if (labelType.equals(DataTypes.LongType)) {
                return Long.parseLong(cell);
            }
            return NumberText.parse(cell);
        }

        private static String emptyAsNull(String cell) {
            return cell == null || cell.isEmpty() ? null : cell;
        }
    }
}
