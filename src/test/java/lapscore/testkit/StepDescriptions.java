package lapscore.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The numbers of a step's description, for tests that check what a step counted without depending
 * on the wording around the numbers. A description starts with its step's name
 * ({@link lapscore.progress.StepNames}); what follows is free text with counts in it.
 */
public final class StepDescriptions {

    private static final Pattern NUMBER = Pattern.compile("\\d+(\\.\\d+)?");

    private StepDescriptions() {
    }

    /**
     * The numbers written after {@code step} in {@code description}, in order (digits with an optional
     * decimal part, read as doubles); the step's name itself and any prefix before it are skipped.
     *
     * @throws IllegalArgumentException if {@code description} does not name {@code step}
     */
    public static List<Double> numbers(String description, String step) {
        int at = description.indexOf(step);
        if (at < 0) {
            throw new IllegalArgumentException("'" + description + "' is not a description of step '" + step + "'");
        }
        Matcher number = NUMBER.matcher(description.substring(at + step.length()));
        List<Double> numbers = new ArrayList<>();
        while (number.find()) {
            numbers.add(Double.parseDouble(number.group()));
        }
        return numbers;
    }
}
