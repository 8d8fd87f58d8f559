package lapscore.job.files;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.expr;
import static org.apache.spark.sql.functions.isnan;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import lapscore.data.numerics.FeatureDeviations;
import lapscore.data.VectorEntries;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

import scala.Tuple2;

/**
 * Checks of the input's columns that the job makes before fitting, so that the user reads about a
 * column by its name rather than about the assembled vector: column names that look like data,
 * text columns holding numbers but for a few cells, and null, NaN or infinite cells. Each check is
 * one pass over the data; rows are named from 1 ("data row 3": the third row of data, a CSV header
 * not counted).
 */
final class ColumnChecks {

    private final Dataset<Row> table;
    private final Map<String, String> internalNames;
    private final CsvLayout csv;

    /**
     * Checks on {@code table}, whose columns are the user's columns renamed by {@code internalNames}
     * (user name to internal), read from a CSV laid out as {@code csv} (null for another format).
     */
    ColumnChecks(Dataset<Row> table, Map<String, String> internalNames, CsvLayout csv) {
        this.table = table;
        this.internalNames = internalNames;
        this.csv = csv;
    }

    /**
     * Refuses a header whose names are mostly numbers ({@code 5.1, 3.5, 1.4, 0.2, setosa}): the file
     * likely has no header and its first row of data was taken for one.
     */
    static void requireHeaderNotData(String[] columns) {
        List<String> numbers = Arrays.stream(columns).filter(ColumnChecks::isNumber).toList();
        if (!numbers.isEmpty() && 2 * numbers.size() >= columns.length) {
            throw new IllegalArgumentException("--input: the first line looks like data, not column names (" + String.join(", ", columns)
                    + "); pass --header false, or --features to use these names");
        }
    }

    private static boolean isNumber(String text) {
        try {
            Double.parseDouble(text);
            return true;
        } catch (NumberFormatException notNumber) {
            return false;
        }
    }

    /**
     * Refuses a text column of {@code columns} whose cells are mostly numbers (a numeric column with
     * a stray word, which CSV schema inference reads as text), naming its first bad cell and row.
     */
    void rejectNumbersWithText(List<String> columns) {
        if (columns.isEmpty()) {
            return;
        }
        List<Column> counts = new ArrayList<>();
        for (String column : columns) {
            counts.add(count(cell(column)));
            counts.add(count(numberOrNull(column)));
        }
        Row row = table.select(counts.toArray(Column[]::new)).head();
        for (int c = 0; c < columns.size(); c++) {
            long cells = row.getLong(2 * c);
            long numbers = row.getLong(2 * c + 1);
            if (numbers > 0 && 2 * numbers >= cells) {
                Column text = cell(columns.get(c)).isNotNull().and(numberOrNull(columns.get(c)).isNull());
                Tuple2<String, Long> first = firstWhere(columns.get(c), text);
                long others = cells - numbers - 1;
                throw new IllegalArgumentException("Column '" + columns.get(c) + "' holds numbers but also the text '" + first._1
                        + "' at data row " + first._2 + quoteNote(first._1)
                        + (others > 0 ? " and " + others + " more such cell" + (others == 1 ? "" : "s") : "")
                        + "; fix or remove " + (others > 0 ? "them" : "it") + ", or leave the column out with --features");
            }
        }
    }

    /**
     * For a CSV cell that holds the delimiter, which only a quote can put in a cell: most often a quote
     * ({@code "}) that is not closed on its line, so that the cell runs to the line's end.
     */
    private String quoteNote(String cell) {
        if (csv == null || csv.delimiters(cell) == 0) {
            return "";
        }
        return ", which holds the delimiter (" + CsvLayout.shown(csv.delimiter()) + ") and so was quoted: a quote (\") on that row"
                + " is probably not closed";
    }

    /** The first cell of {@code column} where {@code condition} holds, as text, with its data row from 1 (an error path only). */
    private Tuple2<String, Long> firstWhere(String column, Column condition) {
        return table.select(cell(column).cast("string"), condition).javaRDD().zipWithIndex()
                .filter(numbered -> numbered._1.getBoolean(1))
                .map(numbered -> new Tuple2<>(numbered._1.getString(0), numbered._2 + 1))
                .first();
    }

    /**
     * One pass over the assembled rows ({@code vectorColumn} of {@code assembled}, where a null cell
     * arrives as NaN) that counts each feature's NaN and infinite values and, when
     * {@code misfitColumn} is not null, the lines that do not fit the sampled column types of a CSV
     * ({@link CsvLineVectors}), and sums what the features' standard deviations need
     * ({@link FeatureDeviations}, over the usable rows): the job's spread note and
     * {@code --standardize} then cost no pass of their own. Counting over vectors in plain arrays,
     * rather than with two SQL aggregates per column, keeps the pass O(m d) with code of a fixed size
     * (the aggregates' generated code grows with the columns, and its compilation with it).
     */
    static CellCounts countCells(int features, Dataset<Row> assembled, String vectorColumn, String misfitColumn) {
        Column[] read = misfitColumn == null ? new Column[]{col(vectorColumn)} : new Column[]{col(vectorColumn), col(misfitColumn)};
        CellTally tally = assembled.select(read).javaRDD().treeAggregate(new CellTally(features), CellTally::add, CellTally::merge);
        long[] counts = tally.counts;
        return new CellCounts(Arrays.copyOfRange(counts, 0, features), Arrays.copyOfRange(counts, features, 2 * features),
                counts[2 * features], tally.deviations);
    }

    /**
     * What {@link #countCells} found: per feature its null or NaN values and its infinite values,
     * the lines that do not fit the sampled column types, and the sums of the features' deviations.
     */
    record CellCounts(long[] missing, long[] infinite, long misfitLines, FeatureDeviations deviations) {
    }

    /** The counts of one pass (NaN counts, then infinite counts, per feature, then misfit lines) and the deviations' sums. */
    private static final class CellTally implements Serializable {
        private final long[] counts;
        private final FeatureDeviations deviations;

        CellTally(int features) {
            counts = new long[2 * features + 1];
            deviations = new FeatureDeviations(features);
        }

        /** Adds one row: its vector and, if the row has a second field, its misfit line or null. */
        CellTally add(Row row) {
            int d = counts.length / 2;
            Vector vector = row.getAs(0);
            VectorEntries.forEach(vector, (index, value) -> {
                if (Double.isNaN(value)) {
                    counts[index]++;
                } else if (Double.isInfinite(value)) {
                    counts[d + index]++;
                }
            });
            if (row.size() > 1 && !row.isNullAt(1)) {
                counts[2 * d]++;
            }
            deviations.add(vector);
            return this;
        }

        CellTally merge(CellTally other) {
            for (int i = 0; i < counts.length; i++) {
                counts[i] += other.counts[i];
            }
            deviations.merge(other.deviations);
            return this;
        }
    }

    /**
     * Fails on the first of {@code features} that has a null, NaN or infinite value in {@code counts},
     * with the data row of the first one.
     */
    void rejectMissingOrInfiniteValues(List<String> features, CellCounts counts) {
        for (int f = 0; f < features.size(); f++) {
            String feature = features.get(f);
            requireNone(feature, counts.missing()[f], "null or NaN", () -> missing(feature));
            requireNone(feature, counts.infinite()[f], "infinite", () -> infinite(feature));
        }
    }

    private Column missing(String feature) {
        Column value = numberOrNull(feature);
        return value.isNull().or(isnan(value));
    }

    private Column infinite(String feature) {
        return numberOrNull(feature).isin(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY);
    }

    /** Fails when {@code count} is not 0, naming the first row where {@code bad} holds (built only then). */
    private void requireNone(String feature, long count, String kind, Supplier<Column> bad) {
        if (count > 0) {
            long row = firstWhere(feature, bad.get())._2;
            throw new IllegalArgumentException("Feature column '" + feature + "' has " + count + " " + kind + " value"
                    + (count == 1 ? "" : "s") + " (the first at data row " + row + "); remove or impute "
                    + (count == 1 ? "it" : "them") + ", or pass --handle-invalid skip to drop such rows");
        }
    }

    private Column cell(String column) {
        return col(internalNames.get(column));
    }

    /**
     * The cells of {@code column} as doubles, null where a cell is not a number: SQL's
     * {@code try_cast}, because {@code Column.try_cast} does not exist before Spark 4.0 (internal
     * names hold no backtick, so quoting with backticks is safe).
     */
    private Column numberOrNull(String column) {
        return expr("try_cast(`" + internalNames.get(column) + "` AS DOUBLE)");
    }
}
