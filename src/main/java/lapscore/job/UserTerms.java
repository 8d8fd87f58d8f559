package lapscore.job;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import lapscore.job.files.InputTable;
import lapscore.job.files.JobErrors;
import lapscore.job.options.FitOption;

/**
 * Says the estimators' errors in the terms of the command line, the one place where this happens.
 * The estimators name their params ({@code numNeighbors must be at most 7}), their vector column
 * ({@code Column 'lapscore_features' ...}), rows from 0 in input order and features by their
 * 0-based index into the vector. The user sees the option instead of the param ({@code --k must be
 * at most 7}), "The input" instead of the assembled vector column, the data row from 1 ("data row
 * 8": the eighth row of data, a CSV header not counted) and the feature's column name. Text in
 * single quotes (column names, values) is never rewritten, nor are messages already in these terms
 * (a flag such as {@code --radius}, a "data row").
 */
final class UserTerms {

    private static final Pattern ROW = Pattern.compile("(?<!data )\\brow (\\d+)(?: \\(counting from 0\\))?");
    /** A feature the estimator named by index and by its ML attribute name, which is the job's internal column name. */
    private static final Pattern NAMED_FEATURE = Pattern.compile("(at feature \\d+) \\('[^']*'\\)");
    private static final Pattern FEATURE = Pattern.compile("\\bat feature (\\d+)");
    private static final Map<String, String> FLAGS = flagsOfParams();

    private InputTable input;

    /** From now on, names columns and features as {@code input} calls them. */
    void learn(InputTable input) {
        this.input = input;
    }

    /** {@code error} as a one-line {@link IllegalArgumentException} in the user's terms. */
    IllegalArgumentException translate(Exception error) {
        IllegalArgumentException check = JobErrors.checkFailure(error);
        String line = check != null ? translate(JobErrors.firstLine(check)) : JobErrors.unexpected(error);
        return new IllegalArgumentException(line, error);
    }

    /** {@code message} in the user's terms. */
    String translate(String message) {
        String[] pieces = columnNames(NAMED_FEATURE.matcher(message).replaceAll("$1")).split("'", -1);
        for (int piece = 0; piece < pieces.length; piece += 2) {
            pieces[piece] = unquoted(pieces[piece]);
        }
        return String.join("'", pieces).replace("The input data row", "Data row");
    }

    /** {@code text} with the user's column names for the job's internal ones (for progress lines, which name no params or rows). */
    String columnNames(String text) {
        String named = text;
        if (input != null) {
            named = named.replace("Column '" + InputTable.VECTOR_COLUMN + "': every", "Every")
                    .replace("Column '" + InputTable.VECTOR_COLUMN + "' ", "The input ")
                    .replace("column '" + InputTable.VECTOR_COLUMN + "'", "the features")
                    .replace("'" + InputTable.VECTOR_COLUMN + "'", "the features");
            for (Map.Entry<String, String> renamed : input.userNames().entrySet()) {
                named = named.replace("'" + renamed.getKey() + "'", "'" + renamed.getValue() + "'");
            }
        }
        return named;
    }

    /** Rewrites text outside quotes: params, rows and feature indices. */
    private String unquoted(String text) {
        String result = text;
        for (Map.Entry<String, String> param : FLAGS.entrySet()) {
            result = result.replaceAll("(?<![-\\w])" + param.getKey() + " = ", param.getValue() + " ")
                    .replaceAll("(?<![-\\w])" + param.getKey() + "\\b", param.getValue());
        }
        result = replaceNumbers(result, ROW, row -> "data row " + (row + 1));
        return replaceNumbers(result, FEATURE, this::featureName);
    }

    private String featureName(long index) {
        if (input != null && input.fromColumns() && index < input.featureColumns().size()) {
            return "in column '" + input.featureColumns().get((int) index) + "'";
        }
        return "at vector index " + index + " (from 0)";
    }

    private static String replaceNumbers(String text, Pattern pattern, java.util.function.LongFunction<String> replacement) {
        Matcher matcher = pattern.matcher(text);
        StringBuilder result = new StringBuilder();
        while (matcher.find()) {
            matcher.appendReplacement(result, Matcher.quoteReplacement(replacement.apply(Long.parseLong(matcher.group(1)))));
        }
        matcher.appendTail(result);
        return result.toString();
    }

    /** Param name to option flag, for every option that sets a param, and the columns the job sets itself. */
    private static Map<String, String> flagsOfParams() {
        Map<String, String> flags = new LinkedHashMap<>();
        for (FitOption option : FitOption.values()) {
            if (option.param() != null) {
                flags.put(option.param(), option.flag());
            }
        }
        flags.put("labelCol", FitOption.LABEL_COL.flag());
        flags.put("featuresCol", FitOption.FEATURES.flag());
        return flags;
    }
}
