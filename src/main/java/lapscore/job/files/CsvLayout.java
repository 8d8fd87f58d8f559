package lapscore.job.files;

import java.io.Serializable;
import java.util.List;

import com.univocity.parsers.csv.CsvParserSettings;
import com.univocity.parsers.csv.UnescapedQuoteHandling;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.SparkSession;

/**
 * How the lines of a CSV input are laid out: whether the first holds the column names
 * ({@code --header}) and the character between cells ({@code --delimiter}, Spark's {@code sep}).
 * Every reader of the CSV takes its settings from here (Spark's reader, the sampled typing, the
 * job's own line parser), so that they split a line alike.
 *
 * @param header    whether the first line of each file holds the column names
 * @param delimiter the character between two cells
 */
record CsvLayout(boolean header, char delimiter) implements Serializable {

    /** The delimiter unless {@code --delimiter} says otherwise, as Spark's. */
    static final char COMMA = ',';

    /** Delimiters a file may be separated by instead of commas, which the first line's check recognises. */
    private static final List<Character> OTHER_DELIMITERS = List.of(';', '\t', '|');

    /** The character {@code --delimiter TEXT} names: one character, or {@code \t} or {@code tab} for a tab. */
    static char delimiterOf(String text) {
        if (text.equals("\\t") || text.equalsIgnoreCase("tab")) {
            return '\t';
        }
        if (text.length() != 1 || text.equals("\"") || text.equals("\\")) {
            throw new IllegalArgumentException("--delimiter must be one character other than a quote or a backslash, e.g. ';',"
                    + " or \\t for a tab; got '" + text + "'");
        }
        return text.charAt(0);
    }

    /** Spark's CSV reader set to this layout, with room for {@code maxColumns} cells a line. */
    DataFrameReader reader(SparkSession spark, int maxColumns) {
        return spark.read().option("header", header).option("sep", String.valueOf(delimiter)).option("maxColumns", maxColumns);
    }

    /** How many delimiters {@code line} holds, quoted or not (a bound for the cells, not a count of them). */
    long delimiters(String line) {
        return line.chars().filter(c -> c == delimiter).count();
    }

    /**
     * Refuses a first line without this delimiter that holds another common one: a file separated by
     * semicolons or tabs read with commas is one column named after the whole line, which later
     * checks would report as a missing column. Says which delimiter the line holds and how to pass it.
     */
    void requireDelimiterOf(String firstLine, String path) {
        if (delimiters(firstLine) > 0) {
            return;
        }
        for (char other : OTHER_DELIMITERS) {
            long count = firstLine.chars().filter(c -> c == other).count();
            if (count > 0) {
                throw new IllegalArgumentException("--input: the first line of '" + path + "' holds no " + shown(delimiter) + " but "
                        + count + " " + shown(other) + (count == 1 ? "" : "s") + ": the file looks separated by " + shown(other)
                        + "s; pass --delimiter " + (other == '\t' ? "'\\t'" : "'" + other + "'"));
            }
        }
    }

    /**
     * The settings Spark's CSV reader gives the univocity parser with its default options but this
     * delimiter and room for {@code maxColumns} cells a line (Spark's {@code CSVOptions.asParserSettings}).
     */
    CsvParserSettings parserSettings(int maxColumns) {
        CsvParserSettings settings = new CsvParserSettings();
        settings.getFormat().setDelimiter(delimiter);
        settings.getFormat().setQuote('"');
        settings.getFormat().setQuoteEscape('\\');
        settings.setCommentProcessingEnabled(false);
        settings.setIgnoreLeadingWhitespaces(false);
        settings.setIgnoreTrailingWhitespaces(false);
        settings.setReadInputOnSeparateThread(false);
        settings.setMaxColumns(maxColumns);
        settings.setNullValue("");
        settings.setEmptyValue("");
        settings.setMaxCharsPerColumn(-1);
        settings.setUnescapedQuoteHandling(UnescapedQuoteHandling.STOP_AT_DELIMITER);
        return settings;
    }

    /** {@code c} as a message names it: {@code comma}, {@code tab}, ..., or another character in quotes. */
    static String shown(char c) {
        return switch (c) {
            case '\t' -> "tab";
            case ';' -> "semicolon";
            case ',' -> "comma";
            case '|' -> "vertical bar";
            default -> "'" + c + "'";
        };
    }
}
