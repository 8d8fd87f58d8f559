package lapscore.job.files;

import static org.apache.spark.ml.functions.vector_to_array;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.element_at;
import static org.apache.spark.sql.functions.monotonically_increasing_id;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

import lapscore.data.CacheScope;
import lapscore.data.numerics.FeatureDeviations;
import lapscore.job.options.FitOption;
import lapscore.job.options.JobArguments;
import lapscore.progress.StageTimer;
import lapscore.selection.params.InvalidRows;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.attribute.AttributeGroup;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The input of the job as the selector needs it: a vector column of features (assembled from
 * numeric columns, or an existing vector column), the features' names, and the label column if any.
 * Columns whose names Spark would read as paths ({@code a.b}) get internal names for the fit; every
 * message and output uses the names the user wrote.
 */
public final class InputTable implements AutoCloseable {

    /** Name of the assembled vector column. */
    public static final String VECTOR_COLUMN = "lapscore_features";
    /** Stage name, in the job's timings, of reading the input (for a CSV with its type inference, a pass over the file). */
    public static final String READ = "read";
    /** Stage name, in the job's timings, of the checks of the input's columns before the fit. */
    public static final String CHECKS = "input checks";

    private final Dataset<Row> data;
    private final String vectorColumn;
    private final List<String> featureColumns;
    private final String labelColumn;
    private final Map<String, String> internalNames;
    private final StageTimer timer;
    private final CacheScope caches;
    /** The number of the first unnamed feature: 1 for LibSVM, whose file counts its indices from 1, else 0. */
    private final int firstFeatureNumber;
    /** The sums of the features' deviations, from the pass of the column checks; null when that pass did not run. */
    private final FeatureDeviations deviations;

    private InputTable(Dataset<Row> data, String vectorColumn, List<String> featureColumns, String labelColumn,
                       Map<String, String> internalNames, StageTimer timer, CacheScope caches, int firstFeatureNumber,
                       FeatureDeviations deviations) {
        this.data = data;
        this.deviations = deviations;
        this.firstFeatureNumber = firstFeatureNumber;
        this.caches = caches;
        this.vectorColumn = vectorColumn;
        this.featureColumns = featureColumns;
        this.labelColumn = labelColumn;
        this.internalNames = internalNames;
        this.timer = timer;
    }

    /**
     * Reads and checks {@code --input}; prints a note on {@code out} about columns left out. With
     * {@code --handle-invalid skip}, empty, NaN and infinite cells are not refused here but passed on
     * as NaN, so that the estimator drops their rows and counts them. Reading (with a CSV's type
     * inference) and the column checks are timed as the stages {@value #READ} and {@value #CHECKS}.
     * Vectors assembled from columns are made once, in the pass of the checks, and cached (in memory,
     * spilling to disk; {@link #cached}) until the table is closed: reading and parsing the input
     * again in each pass of the fit would cost more than holding it, the more so the wider it is. A
     * CSV with lines that do not fit the column types of its first rows (or their number of cells) is
     * read again with the types of the whole file, as {@link SampledCsv} explains, with a note.
     */
    public static InputTable load(SparkSession spark, JobArguments<FitOption> args, PrintStream out) {
        StageTimer timer = new StageTimer(spark.sparkContext(), "lapscore: ");
        List<String> notes = new ArrayList<>();
        InputTable input;
        try {
            input = CacheScope.ownedByResult(caches -> load(spark, args, timer, false, notes, caches));
        } catch (TypesMisfit misfit) {
            notes.clear();
            notes.add("Note: " + misfit.lines + " line" + (misfit.lines == 1 ? "" : "s") + " of the input " + (misfit.lines == 1 ? "does" : "do")
                    + " not fit the column types (or the number of cells) of its first " + misfit.sampledRows + " rows; read it"
                    + " again with the types of all its rows");
            input = CacheScope.ownedByResult(caches -> load(spark, args, timer, true, notes, caches));
        }
        notes.forEach(out::println);
        return input;
    }

    /** Thrown when the column checks find lines that do not fit a CSV's sampled column types. */
    private static final class TypesMisfit extends RuntimeException {
        private final long lines;
        private final int sampledRows;

        TypesMisfit(long lines, int sampledRows) {
            super(lines + " lines do not fit the sampled column types", null, false, false);
            this.lines = lines;
            this.sampledRows = sampledRows;
        }
    }

    /**
     * Refuses, before anything is read (and before Spark starts, when the job calls it first), the
     * input options that need no data to be judged: a format neither given nor told by the path's
     * extension, or not one of the three, and a {@code --delimiter} that is not one character.
     */
    public static void checkOptions(JobArguments<FitOption> args) {
        formatOf(args);
        args.get(FitOption.DELIMITER).ifPresent(CsvLayout::delimiterOf);
    }

    /** The input's format: {@code --format}, or the path's extension; one of csv, parquet and libsvm. */
    private static String formatOf(JobArguments<FitOption> args) {
        String format = args.get(FitOption.FORMAT).orElseGet(() -> InputReader.formatOf(args.text(FitOption.INPUT)))
                .toLowerCase(Locale.ROOT);
        if (!List.of("csv", "parquet", "libsvm").contains(format)) {
            throw new IllegalArgumentException("--format must be csv, parquet or libsvm, got '" + format + "'");
        }
        return format;
    }

    private static InputTable load(SparkSession spark, JobArguments<FitOption> args, StageTimer timer, boolean typesFromWholeFile,
                                   List<String> notes, CacheScope caches) {
        String path = args.text(FitOption.INPUT);
        String format = formatOf(args);
        CsvLayout csv = new CsvLayout(format.equals("csv") && args.flag(FitOption.HEADER),
                args.get(FitOption.DELIMITER).map(CsvLayout::delimiterOf).orElse(CsvLayout.COMMA));
        String label = args.get(FitOption.LABEL_COL).orElse(format.equals("libsvm") ? "label" : null);
        ReadTable read = timer.run(READ, "Reading '" + path + "' (" + format + (format.equals("csv") ? ", inferring column types" : "")
                + ")", () -> InputReader.read(spark, path, format, csv, label, typesFromWholeFile));
        Dataset<Row> raw = read.data();
        if (label != null) {
            requireColumn(raw, label, "--label-col");
        }
        List<String> requested = args.get(FitOption.FEATURES).map(list -> Arrays.asList(list.split(","))).orElse(null);
        if (requested != null && label != null && requested.contains(label)) {
            throw new IllegalArgumentException("--features lists the label column '" + label + "'; a label is never a feature:"
                    + " leave it out of --features or choose another --label-col");
        }
        if (csv.header() && requested == null) {
            ColumnChecks.requireHeaderNotData(raw.columns());
        }
        Map<String, String> internalNames = internalNames(raw.columns());
        boolean renamed = internalNames.entrySet().stream().anyMatch(name -> !name.getKey().equals(name.getValue()));
        Dataset<Row> table = renamed ? raw.toDF(internalNames.values().toArray(String[]::new)) : raw;
        if (format.equals("libsvm") || (requested != null && requested.size() == 1 && isVectorColumn(raw, requested.get(0)))) {
            String vector = requested == null ? "features" : requested.get(0);
            requireColumn(raw, vector, "--features");
            return new InputTable(spread(table, args), internalNames.get(vector), List.of(), label, internalNames, timer, caches,
                    format.equals("libsvm") ? 1 : 0, null);
        }
        ColumnChecks checks = new ColumnChecks(table, internalNames, format.equals("csv") ? csv : null);
        boolean skipInvalid = args.get(FitOption.HANDLE_INVALID).map(InvalidRows.SKIP.paramValue()::equalsIgnoreCase).orElse(false);
        Assembled assembled = timer.run(CHECKS, "Checking the feature columns: text in numeric columns"
                + (skipInvalid ? "" : ", null, NaN and infinite cells"), () -> {
            List<String> features = requested != null ? requested : chooseFeatures(raw, read.numbersAsText(), label, checks, notes);
            for (String feature : features) {
                requireColumn(raw, feature, "--features");
                if (!isNumeric(raw, read.numbersAsText(), feature)) {
                    checks.rejectNumbersWithText(List.of(feature));
                    throw new IllegalArgumentException("--features: column '" + feature + "' is "
                            + raw.schema().apply(feature).dataType().simpleString() + ", not numeric; leave it out of --features");
                }
            }
            // Null, NaN and infinite cells are passed on (null as NaN), for the check below or, with
            // --handle-invalid skip, for the estimator to drop their rows.
            boolean fromLines = !read.numbersAsText().isEmpty();
            Dataset<Row> vectors = cached(fromLines ? lineVectors(spark, path, csv, raw, features, label, internalNames)
                    : ColumnVectors.read(table, features.stream().map(internalNames::get).toList(),
                            label == null ? null : internalNames.get(label), features, VECTOR_COLUMN), caches);
            String misfitColumn = fromLines ? CsvLineVectors.MISFIT_LINE : null;
            FeatureDeviations deviations = null;
            if (fromLines || !skipInvalid) {
                ColumnChecks.CellCounts counts = ColumnChecks.countCells(features.size(), vectors, VECTOR_COLUMN, misfitColumn);
                if (counts.misfitLines() > 0) {
                    throw new TypesMisfit(counts.misfitLines(), read.sampledRows());
                }
                if (!skipInvalid) {
                    checks.rejectMissingOrInfiniteValues(features, counts);
                }
                deviations = counts.deviations();
            }
            return new Assembled(features, misfitColumn == null ? vectors : vectors.drop(misfitColumn), deviations);
        });
        return new InputTable(spread(assembled.vectors(), args), VECTOR_COLUMN, assembled.features(), label, internalNames, timer,
                caches, 0, assembled.deviations());
    }

    /**
     * The label (under its internal name) and the features assembled into {@link #VECTOR_COLUMN},
     * parsed from the lines of the CSV at {@code path}, whose columns {@code raw} names and types.
     */
    private static Dataset<Row> lineVectors(SparkSession spark, String path, CsvLayout csv, Dataset<Row> raw, List<String> features,
                                            String label, Map<String, String> internalNames) {
        StructType schema = raw.schema();
        int[] positions = features.stream().mapToInt(schema::fieldIndex).toArray();
        int labelAt = label == null ? -1 : schema.fieldIndex(label);
        return CsvLineVectors.read(spark, path, csv, schema.size(), positions, features.stream().map(internalNames::get).toList(),
                labelAt, label == null ? null : internalNames.get(label), labelAt < 0 ? null : raw.schema().fields()[labelAt].dataType(),
                VECTOR_COLUMN);
    }

    /**
     * {@code table} with its rows cached as JVM objects in {@code caches}: a pass over them then
     * costs their encoding into Spark's rows, where Spark's own cache of a Dataset decodes its
     * columnar batches back into vectors, many times slower for long vectors.
     *
     * <p>The cached rows hold their values and not the table's schema. A row a Dataset hands out
     * ({@code GenericRowWithSchema}) points at the schema, whose metadata names every feature (the
     * ML attributes of the vector column). When a task needs memory, Spark evicts cached blocks to
     * disk while it holds the executor's memory manager ({@code MemoryStore.evictBlocksToFreeSpace}),
     * and Kryo forgets after every record what it has written, so it would write that schema again
     * for every row: at 10^6 rows of 50 features, minutes in which the other tasks and the
     * executor's heartbeat wait for the memory manager, until the driver gives the executor up.
     */
    private static Dataset<Row> cached(Dataset<Row> table, CacheScope caches) {
        JavaRDD<Row> values = table.javaRDD().map(InputTable::withoutSchema);
        return table.sparkSession().createDataFrame(caches.persist(values), table.schema());
    }

    /** The values of {@code row} in a row that does not refer to a schema. */
    static Row withoutSchema(Row row) {
        Object[] values = new Object[row.length()];
        for (int i = 0; i < values.length; i++) {
            values[i] = row.get(i);
        }
        return RowFactory.create(values);
    }

    /**
     * The feature columns, in order, the table with them assembled into {@link #VECTOR_COLUMN}, and
     * the deviations' sums of the checks' pass (null when it did not run).
     */
    private record Assembled(List<String> features, Dataset<Row> vectors, FeatureDeviations deviations) {
    }

    /**
     * Every numeric column but the label; refuses text columns that hold numbers but for a few cells,
     * and adds to {@code notes} one naming the other columns left out.
     */
    private static List<String> chooseFeatures(Dataset<Row> raw, Set<String> numbersAsText, String label, ColumnChecks checks,
                                               List<String> notes) {
        List<String> numeric = new ArrayList<>();
        List<String> text = new ArrayList<>();
        List<String> leftOut = new ArrayList<>();
        for (StructField field : raw.schema().fields()) {
            if (field.name().equals(label)) {
                continue;
            }
            if (isNumeric(raw, numbersAsText, field.name())) {
                numeric.add(field.name());
            } else {
                leftOut.add(field.name() + " (" + field.dataType().simpleString() + ")");
                if (field.dataType() instanceof StringType) {
                    text.add(field.name());
                }
            }
        }
        checks.rejectNumbersWithText(text);
        if (numeric.isEmpty()) {
            throw new IllegalArgumentException("The input has no numeric column to score besides the label"
                    + (leftOut.isEmpty() ? "" : "; its other columns are " + String.join(", ", leftOut)));
        }
        if (!leftOut.isEmpty()) {
            notes.add("Note: left out the non-numeric column" + (leftOut.size() == 1 ? " " : "s ") + String.join(", ", leftOut)
                    + "; --features chooses the columns");
        }
        return numeric;
    }

    /** Internal names for the fit, by user name in column order: the user's unless Spark would read it as a path. */
    private static Map<String, String> internalNames(String[] columns) {
        Map<String, String> names = new LinkedHashMap<>();
        for (int i = 0; i < columns.length; i++) {
            names.put(columns[i], columns[i].contains(".") || columns[i].contains("`") ? "lapscore_column_" + i : columns[i]);
        }
        return names;
    }

    /**
     * With {@code --partitions P}, range-partitions by the original position so that rows keep their
     * input order (and ids) in P partitions; applied after the checks, which then read the input once.
     */
    private static Dataset<Row> spread(Dataset<Row> data, JobArguments<FitOption> args) {
        if (!args.given(FitOption.PARTITIONS)) {
            return data;
        }
        int partitions = args.integer(FitOption.PARTITIONS);
        if (partitions < 1) {
            throw new IllegalArgumentException("--partitions must be at least 1, got " + partitions);
        }
        String position = "lapscore_position";
        return data.withColumn(position, monotonically_increasing_id())
                .repartitionByRange(partitions, col(position)).sortWithinPartitions(position).drop(position);
    }

    /** Whether the user's column {@code column} holds numbers: typed so, or read as text from a CSV whose sample typed it so. */
    private static boolean isNumeric(Dataset<Row> raw, Set<String> numbersAsText, String column) {
        return numbersAsText.contains(column) || raw.schema().apply(column).dataType() instanceof NumericType;
    }

    private static boolean isVectorColumn(Dataset<Row> data, String column) {
        return data.schema().getFieldIndex(column).isDefined()
                && data.schema().apply(column).dataType().equals(SQLDataTypes.VectorType());
    }

    private static void requireColumn(Dataset<Row> data, String column, String option) {
        if (data.schema().getFieldIndex(column).isEmpty()) {
            throw new IllegalArgumentException(option + ": column '" + column + "' does not exist; the input has "
                    + String.join(", ", data.columns()));
        }
    }

    public Dataset<Row> data() {
        return data;
    }

    /**
     * The sums of the standard deviations of the features of {@link #data()}, over its usable rows,
     * from the pass that checked its cells; empty when no such pass ran (a vector column, or
     * {@code --handle-invalid skip} on a table of columns), and the deviations take a pass of their own.
     */
    public Optional<FeatureDeviations> checkedDeviations() {
        return Optional.ofNullable(deviations);
    }

    /** Runs {@code work}, a check of the input after it was loaded, as a step {@code description} of the stage {@value #CHECKS}. */
    public <T> T check(String description, Supplier<T> work) {
        return timer.run(CHECKS, description, work);
    }

    /** Releases the vectors cached for the fit. */
    @Override
    public void close() {
        caches.close();
    }

    /** Seconds of the input stages so far, {@value #READ} then {@value #CHECKS} (with the checks run through {@link #check}). */
    public Map<String, Double> secondsByStage() {
        Map<String, Double> secondsByStage = new LinkedHashMap<>();
        for (String stage : List.of(READ, CHECKS)) {
            secondsByStage.put(stage, timer.secondsIn(stage));
        }
        return secondsByStage;
    }

    /** The vector column the selector reads. */
    public String vectorColumn() {
        return vectorColumn;
    }

    /** The label column as the user named it, or null. */
    public String labelColumn() {
        return labelColumn;
    }

    /**
     * The user's column {@code name} in {@link #data()}: its column there or, for a feature of a CSV
     * whose lines were parsed straight into the vector ({@link CsvLineVectors}), its element of the
     * vector.
     */
    public Column column(String name) {
        String internal = internalNames.get(name);
        if (Arrays.asList(data.columns()).contains(internal) || !featureColumns.contains(name)) {
            return col(internal);
        }
        return element_at(vector_to_array(col(vectorColumn), "float64"), featureColumns.indexOf(name) + 1);
    }

    /** The name in {@link #data()} of the user's column {@code name}. */
    public String internalName(String name) {
        return internalNames.get(name);
    }

    /** The user's name of the column {@code internal} of {@link #data()}. */
    public String userName(String internal) {
        return userNames().getOrDefault(internal, internal);
    }

    /** The user's names of the columns renamed for the fit, by internal name. */
    public Map<String, String> userNames() {
        Map<String, String> renamed = new LinkedHashMap<>();
        internalNames.forEach((user, internal) -> {
            if (!user.equals(internal)) {
                renamed.put(internal, user);
            }
        });
        return renamed;
    }

    /** Whether features came from separate columns (then the reduced data keeps those columns). */
    public boolean fromColumns() {
        return !featureColumns.isEmpty();
    }

    /** The feature columns as the user named them, in vector order (empty for a vector input). */
    public List<String> featureColumns() {
        return featureColumns;
    }

    /**
     * Names of the {@code count} features: the column names, the vector column's attribute names, or
     * f0, f1, ... by position in the vector; for LibSVM, by index in the file, f1, f2, ... (index i is
     * position i - 1, as Spark's LibSVM reader stores it).
     */
    public String[] featureNames(int count) {
        if (fromColumns()) {
            return featureColumns.toArray(String[]::new);
        }
        String[] names = new String[count];
        AttributeGroup group = AttributeGroup.fromStructField(data.schema().apply(vectorColumn));
        for (int i = 0; i < count; i++) {
            names[i] = group.attributes().isDefined() && group.attributes().get()[i].name().isDefined()
                    ? group.attributes().get()[i].name().get() : "f" + (i + firstFeatureNumber);
        }
        return names;
    }
}
