package lapscore.job.files;

import java.util.Locale;
import java.util.Optional;

import org.apache.spark.SparkThrowable;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

import scala.Tuple2;

/**
 * Reads {@code --input} in its format and turns what Spark says about an unreadable input (a
 * missing path, a file of another format, LibSVM indices from 0) into one line that names the
 * option and what to do; a CSV directory with a file of another kind in it is refused first
 * ({@link StrayFiles}). The columns of a CSV without a header are named f0, f1, ....
 */
final class InputReader {

    /** What Spark's LibSVM reader says, in any case, of indices from 0 or out of order. */
    private static final String LIBSVM_INDICES = "one-based and in ascending order";

    private InputReader() {
    }

    /**
     * The input as Spark reads it; {@code format} is csv, parquet or libsvm. A CSV is read with the
     * types of its first rows ({@link SampledCsv}, which declares the numeric columns but
     * {@code label} text, and has rows if it types every column) unless {@code typesFromWholeFile}
     * or the sample cannot type every column.
     */
    static ReadTable read(SparkSession spark, String path, String format, CsvLayout csv, String label, boolean typesFromWholeFile) {
        try {
            if (format.equals("csv")) {
                StrayFiles.refuseAmongCsv(path, spark.sparkContext().hadoopConfiguration());
            }
            if (format.equals("csv") && csv.header()) {
                CsvHeaders.requireOneHeader(path, spark.sparkContext().hadoopConfiguration());
            }
            if (format.equals("csv") && !typesFromWholeFile) {
                Optional<ReadTable> sampled = SampledCsv.read(spark, path, csv, label);
                if (sampled.isPresent()) {
                    return sampled.get();
                }
            }
            int maxColumns = format.equals("csv")
                    ? SampledCsv.maxColumns(spark.read().textFile(path).limit(1 + (csv.header() ? 1 : 0)).collectAsList(), csv)
                    : SampledCsv.SPARK_MAX_COLUMNS;
            Dataset<Row> data = switch (format) {
                case "csv" -> readCsv(spark, path, csv, maxColumns);
                case "parquet" -> spark.read().parquet(path);
                case "libsvm" -> spark.read().format("libsvm").load(path);
                default -> throw new IllegalArgumentException("--format must be csv, parquet or libsvm, got '" + format + "'");
            };
            if (data.columns().length == 0 || data.isEmpty()) {
                throw new IllegalArgumentException("--input: '" + path + "' has no rows; give a file with data");
            }
            return ReadTable.typed(data);
        } catch (IllegalArgumentException ours) {
            throw ours;
        } catch (Exception unreadable) {
            throw new IllegalArgumentException(whyUnreadable(spark, path, format, unreadable), unreadable);
        }
    }

    /** The format named by the extension of {@code path}. */
    static String formatOf(String path) {
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

    /** The CSV with the types Spark infers from the whole file (a pass over it); without a header its columns are f0, f1, .... */
    private static Dataset<Row> readCsv(SparkSession spark, String path, CsvLayout csv, int maxColumns) {
        Dataset<Row> table = csv.reader(spark, maxColumns).option("inferSchema", true).csv(path);
        return csv.header() ? table : table.toDF(SampledCsv.positionalNames(table.columns().length));
    }

    /**
     * Reads Spark's error condition with {@code getErrorClass}: Spark 4 deprecates it for
     * {@code getCondition}, which Spark 3.5 lacks, and both return the same name.
     */
    @SuppressWarnings("deprecation")
    private static String whyUnreadable(SparkSession spark, String path, String format, Exception error) {
        if (error instanceof SparkThrowable sparkError && "PATH_NOT_FOUND".equals(sparkError.getErrorClass())) {
            return "--input: '" + path + "' does not exist; check the path";
        }
        if (JobErrors.chainMentions(error, LIBSVM_INDICES)) {
            return "--input: LibSVM indices must be 1-based and ascending" + firstBadLibsvmLine(spark, path)
                    .map(line -> " (first offending line " + line._2 + ": '" + abbreviate(line._1) + "')").orElse("")
                    + "; renumber the features from 1";
        }
        return "--input: cannot read '" + path + "' as " + format + " (" + JobErrors.firstLine(JobErrors.rootCause(error))
                + "); check --format";
    }

    /** The first line of a LibSVM file whose indices are not 1-based and ascending, with its 1-based line number. */
    private static Optional<Tuple2<String, Long>> firstBadLibsvmLine(SparkSession spark, String path) {
        JavaRDD<Tuple2<String, Long>> bad = spark.read().textFile(path).javaRDD().zipWithIndex()
                .filter(line -> !hasAscendingOneBasedIndices(line._1))
                .map(line -> new Tuple2<>(line._1, line._2 + 1));
        return bad.isEmpty() ? Optional.empty() : Optional.of(bad.first());
    }

    /** Whether a LibSVM line ({@code label index:value ...}; blank and {@code #} lines have none) has indices 1, 2, ... ascending. */
    static boolean hasAscendingOneBasedIndices(String line) {
        String trimmed = line.trim();
        if (trimmed.isEmpty() || trimmed.startsWith("#")) {
            return true;
        }
        String[] items = trimmed.split("\\s+");
        long previous = 0;
        for (int i = 1; i < items.length; i++) {
            int colon = items[i].indexOf(':');
            long index;
            try {
                index = Long.parseLong(colon < 0 ? items[i] : items[i].substring(0, colon));
            } catch (NumberFormatException notAnIndex) {
                return true;
            }
            if (index <= previous) {
                return false;
            }
            previous = index;
        }
        return true;
    }

    private static String abbreviate(String line) {
        return line.length() <= 60 ? line : line.substring(0, 57) + "...";
    }
}
