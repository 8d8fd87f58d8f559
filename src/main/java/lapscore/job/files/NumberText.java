package lapscore.job.files;

import com.fasterxml.jackson.core.io.NumberInput;

/**
 * A number in a CSV cell, parsed as Spark's CSV reader parses a double column, but faster. Spark
 * parses each cell with {@link Double#parseDouble}, which on the 17 significant digits of a written
 * double often falls back to big-integer arithmetic. Jackson's
 * {@link NumberInput#parseDouble(String, boolean)} with its fast parser (Jackson ships with Spark)
 * gives the same correctly rounded double without big-integer arithmetic.
 *
 * <p>A cell means what it means to Spark's CSV reader with its default options: empty is null,
 * {@code NaN}, {@code Inf} and {@code -Inf} are NaN and the infinities, and anything else is read
 * as Java reads a double; text that Java does not read as a number is not a number.
 */
final class NumberText {

    private NumberText() {
    }

    /**
     * The number in {@code cell}: NaN for a null cell (as Spark's {@code VectorAssembler} passes a
     * null on with {@code handleInvalid = keep}).
     *
     * @throws NumberFormatException if the cell is text that is not a number
     */
    static double parse(String cell) {
        if (cell == null) {
            return Double.NaN;
        }
        if (cell.equals("Inf")) {
            return Double.POSITIVE_INFINITY;
        }
        if (cell.equals("-Inf")) {
            return Double.NEGATIVE_INFINITY;
        }
        try {
            return NumberInput.parseDouble(cell, true);
        } catch (NumberFormatException notInTheFastGrammar) {
            return Double.parseDouble(cell);
        }
    }
}
