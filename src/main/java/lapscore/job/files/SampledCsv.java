package lapscore.job.files;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The columns of a CSV, typed from its first rows ({@link #sampleRows}: 200, fewer for a file of
 * more than 5 000 columns, so that the sample holds about a million cells). Spark's own type
 * inference reads the whole file once before the data are read, a pass of O(m d) cells (and even
 * inferring from a sample costs a Spark job of its own). Here the types come from the first
 * rows, and the numeric columns but the label are declared text: {@link CsvLineVectors} parses the
 * features from the lines, and this table serves for the columns' names and types and, when a
 * check fails, to find the row to name.
 *
 * <p>The sample decides nothing the data contradict: {@link CsvLineVectors} marks each line that
 * does not fit the sampled types, the column checks count those lines in the pass they make
 * anyway, and if there are any, the job reads the file again with the types Spark infers from all
 * of it. A column empty in every sampled row, a column named as the misfit column, or a label of a
 * type {@link CsvLineVectors} does not parse sends the job to the whole file's types straight away.
 * A sample with binary content (a Parquet file read with {@code --format csv}) is refused, before
 * Spark's reader puts its bytes into column names and messages.
 */
final class SampledCsv {

    /** Rows of data, from the start of a CSV, whose cells decide the column types, at most. */
    static final int TYPE_SAMPLE_ROWS = 200;
    /** Rows of data whose cells decide the column types, at least, however wide the file. */
    static final int MIN_SAMPLE_ROWS = 20;
    /** Cells whose types decide the column types, about: fewer rows for wide files. */
    static final int SAMPLE_CELLS = 1_000_000;
    /** The CSV reader's default most cells a line ({@code maxColumns}). */
    static final int SPARK_MAX_COLUMNS = 20_480;

    private SampledCsv() {
    }

    /**
     * The CSV at {@code path} with the types of its first rows, numeric columns other than
     * {@code label} (the user's name, or null) held as text; empty when the sample does not type
     * every column. Without a header the columns are named f0, f1, ....
     */
    static Optional<ReadTable> read(SparkSession spark, String path, CsvLayout csv, String label) {
        int sampledRows = sampleRows(spark.read().textFile(path).limit(1).collectAsList(), csv);
        List<String> lines = spark.read().textFile(path).limit(sampledRows + (csv.header() ? 1 : 0)).collectAsList();
        if (lines.stream().anyMatch(SampledCsv::isBinary)) {
            throw new IllegalArgumentException("--input: '" + path + "' does not look like CSV text (binary content); check --format");
        }
        if (!lines.isEmpty()) {
            csv.requireDelimiterOf(lines.get(0), path);
        }
        int maxColumns = maxColumns(lines, csv);
        Dataset<Row> sample = csv.reader(spark, maxColumns).option("inferSchema", true)
                .csv(spark.createDataset(lines, Encoders.STRING()));
        if (sample.columns().length == 0 || !everyColumnTyped(sample)) {
            return Optional.empty();
        }
        String[] names = csv.header() ? sample.columns() : positionalNames(sample.columns().length);
        int labelAt = Arrays.asList(names).indexOf(label);
        if (labelAt >= 0 && !CsvLineVectors.parsesLabelOf(sample.schema().fields()[labelAt].dataType())) {
            return Optional.empty();
        }
        Set<String> numbersAsText = new LinkedHashSet<>();
        StructField[] fields = sample.schema().fields();
        StructField[] declared = new StructField[fields.length];
        for (int i = 0; i < fields.length; i++) {
            String name = names[i];
            boolean asText = fields[i].dataType() instanceof NumericType && !name.equals(label);
            if (asText) {
                numbersAsText.add(name);
            }
            declared[i] = DataTypes.createStructField(name, asText ? DataTypes.StringType : fields[i].dataType(), true);
        }
        StructType schema = new StructType(declared);
        return Optional.of(new ReadTable(csv.reader(spark, maxColumns).schema(schema).csv(path), numbersAsText, sampledRows));
    }

    /**
     * The rows of data that type the columns of a CSV whose first line is the one of {@code first}
     * (none for an empty file): {@value #TYPE_SAMPLE_ROWS}, or as many as hold
     * {@value #SAMPLE_CELLS} cells, and at least {@value #MIN_SAMPLE_ROWS} (20 rows at 50 000
     * columns). Rows that contradict the sample are found and handled all the same; the sample's
     * size only sets what typing it costs.
     */
    static int sampleRows(List<String> first, CsvLayout csv) {
        long cells = first.isEmpty() ? 1 : csv.delimiters(first.get(0)) + 1;
        return (int) Math.max(MIN_SAMPLE_ROWS, Math.min(TYPE_SAMPLE_ROWS, SAMPLE_CELLS / cells));
    }

    /**
     * The most cells a line of a CSV whose first lines are {@code lines} may hold, for the CSV
     * parser, which refuses more than it was told (Spark's default, 20 480, is below the width of
     * many gene expression tables): twice the most delimiters of a line, plus one, and at least Spark's default.
     */
    static int maxColumns(List<String> lines, CsvLayout csv) {
        long delimiters = lines.stream().mapToLong(csv::delimiters).max().orElse(0);
        return (int) Math.min(Integer.MAX_VALUE - 8, Math.max(SPARK_MAX_COLUMNS, 2 * delimiters + 2));
    }

    /**
     * Whether {@code line} holds a control character that is not white space (a NUL, an escape): text
     * files have none, binary ones (Parquet, a compressed file without its extension) are full of them.
     */
    static boolean isBinary(String line) {
        return line.chars().anyMatch(c -> Character.isISOControl(c) && !Character.isWhitespace(c));
    }

    /** The names f0, f1, ... of the columns of a CSV without a header. */
    static String[] positionalNames(int columns) {
        String[] names = new String[columns];
        for (int i = 0; i < columns; i++) {
            names[i] = "f" + i;
        }
        return names;
    }

    /**
     * Whether the sample gave every column a type: Spark reads a column without a value in any
     * sampled row as text, which the rest of the file may contradict without a misfit line (the
     * column would be left out as text); a column named {@value CsvLineVectors#MISFIT_LINE} would clash.
     */
    private static boolean everyColumnTyped(Dataset<Row> sample) {
        List<String> untyped = new ArrayList<>();
        for (StructField field : sample.schema().fields()) {
            if (field.name().equals(CsvLineVectors.MISFIT_LINE)) {
                return false;
            }
            if (field.dataType() instanceof StringType) {
                untyped.add(field.name());
            }
        }
        if (untyped.isEmpty()) {
            return true;
        }
        Column[] valueCounts = untyped.stream().map(name -> count(col("`" + name.replace("`", "``") + "`"))).toArray(Column[]::new);
        Row counted = sample.select(valueCounts).head();
        for (int c = 0; c < untyped.size(); c++) {
            if (counted.getLong(c) == 0) {
                return false;
            }
        }
        return true;
    }
}
