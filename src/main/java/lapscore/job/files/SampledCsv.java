package lapscore.job.files;

import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import com.univocity.parsers.csv.CsvParser;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The columns of a CSV, typed from its first rows ({@link #sampleRows}: 200, fewer for a file of
 * more than 5 000 columns, so that the sample holds about a million cells). Spark's own type
 * inference reads the whole file once before the data are read, a pass of O(m d) cells, and even
 * inferring from a sample costs a Spark job that tries each cell against every type Spark knows
 * (seconds for a few thousand columns). Here the first rows are read on the driver and typed by
 * the rules Spark applies to numbers ({@link #columnTypes}), and the numeric columns but the label
 * are declared text: {@link CsvLineVectors} parses the features from the lines, and this table
 * serves for the columns' names and types and, when a check fails, to find the row to name.
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
     * every column. Without a header the columns are named f0, f1, .... The sample is read on the
     * driver, from the first file of {@code path} by name, and typed here ({@link #columnTypes}), so
     * typing costs no Spark job; the header's cells become column names as Spark's reader makes
     * them, by that reader, which names the columns of a one-line table without a job.
     */
    static Optional<ReadTable> read(SparkSession spark, String path, CsvLayout csv, String label) {
        Configuration conf = spark.sparkContext().hadoopConfiguration();
        Optional<FileStatus> firstFile = StrayFiles.visibleFiles(path, conf).stream()
                .min(Comparator.comparing(file -> file.getPath().toString()));
        if (firstFile.isEmpty()) {
            return Optional.empty();
        }
        CompressionCodecFactory codecs = new CompressionCodecFactory(conf);
        int sampledRows = sampleRows(CsvHeaders.firstLines(firstFile.get(), 1, conf, codecs), csv);
        List<String> lines = CsvHeaders.firstLines(firstFile.get(), sampledRows + (csv.header() ? 1 : 0), conf, codecs);
        if (lines.stream().anyMatch(SampledCsv::isBinary)) {
            throw new IllegalArgumentException("--input: '" + path + "' does not look like CSV text (binary content); check --format");
        }
        if (lines.isEmpty()) {
            return Optional.empty();
        }
        csv.requireDelimiterOf(lines.get(0), path);
        int maxColumns = maxColumns(lines, csv);
        CsvParser parser = new CsvParser(csv.parserSettings(maxColumns));
        String[] names = csv.header() ? csv.reader(spark, maxColumns).csv(spark.createDataset(lines.subList(0, 1), Encoders.STRING()))
                .columns() : null;
        List<String[]> rows = lines.subList(csv.header() ? 1 : 0, lines.size()).stream().map(parser::parseLine).toList();
        int columns = names != null ? names.length : rows.isEmpty() ? 0 : rows.get(0).length;
        names = names != null ? names : positionalNames(columns);
        Optional<DataType[]> types = columnTypes(rows, columns);
        if (columns == 0 || types.isEmpty() || Arrays.asList(names).contains(CsvLineVectors.MISFIT_LINE)) {
            return Optional.empty();
        }
        int labelAt = Arrays.asList(names).indexOf(label);
        if (labelAt >= 0 && !CsvLineVectors.parsesLabelOf(types.get()[labelAt])) {
            return Optional.empty();
        }
        Set<String> numbersAsText = new LinkedHashSet<>();
        StructField[] declared = new StructField[columns];
        for (int i = 0; i < columns; i++) {
            boolean asText = types.get()[i] instanceof NumericType && !names[i].equals(label);
            if (asText) {
                numbersAsText.add(names[i]);
            }
            declared[i] = DataTypes.createStructField(names[i], asText ? DataTypes.StringType : types.get()[i], true);
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
     * The type of each of the {@code columns} columns over the sampled {@code rows} (parsed cells; a
     * missing or empty cell is null), as Spark's {@code CSVInferSchema} infers it for the types a
     * fit reads: integer, then long, then double for numbers ({@link NumberText}, which parses the
     * features), boolean for {@code true}/{@code false} in any case, and text for anything else or
     * a column mixing booleans with numbers. Empty when a column has no value in any sampled row:
     * Spark would read it as text, which the rest of the file may contradict without a misfit line.
     */
    static Optional<DataType[]> columnTypes(List<String[]> rows, int columns) {
        DataType[] types = new DataType[columns];
        for (int c = 0; c < columns; c++) {
            DataType type = null;
            for (String[] row : rows) {
                String cell = c < row.length ? row[c] : null;
                if (cell != null && !cell.isEmpty()) {
                    type = wider(type, cellType(cell));
                }
            }
            if (type == null) {
                return Optional.empty();
            }
            types[c] = type;
        }
        return Optional.of(types);
    }

    /** The narrowest type of Spark's CSV inference that holds {@code cell} (not empty). */
    private static DataType cellType(String cell) {
        try {
            Integer.parseInt(cell);
            return DataTypes.IntegerType;
        } catch (NumberFormatException notAnInt) {
            try {
                Long.parseLong(cell);
                return DataTypes.LongType;
            } catch (NumberFormatException notALong) {
                try {
                    NumberText.parse(cell);
                    return DataTypes.DoubleType;
                } catch (NumberFormatException notANumber) {
                    return cell.equalsIgnoreCase("true") || cell.equalsIgnoreCase("false") ? DataTypes.BooleanType : DataTypes.StringType;
                }
            }
        }
    }

    /** The type of a column holding values of {@code known} (null for none yet) and {@code next}, as Spark merges them. */
    private static DataType wider(DataType known, DataType next) {
        if (known == null || known.equals(next)) {
            return next;
        }
        List<DataType> numbers = List.of(DataTypes.IntegerType, DataTypes.LongType, DataTypes.DoubleType);
        if (numbers.contains(known) && numbers.contains(next)) {
            return numbers.get(Math.max(numbers.indexOf(known), numbers.indexOf(next)));
        }
        return DataTypes.StringType;
    }
}
