package lapscore.selection.params;

import java.io.Serializable;
import java.util.Arrays;

import scala.runtime.AbstractFunction1;

/**
 * Param validators that explain themselves: each returns true or throws
 * {@link IllegalArgumentException} saying which param is wrong and what it accepts, instead of
 * Spark's generic "given invalid value".
 */
final class ParamChecks {

    private ParamChecks() {
    }

    /** Accepts one of {@code allowed} (case-insensitive). */
    static AbstractFunction1<String, Object> oneOf(String param, String... allowed) {
        return new Check<>("one of " + String.join(", ", allowed) + " (any case)",
                value -> Arrays.stream(allowed).anyMatch(option -> option.equalsIgnoreCase(value)),
                value -> param + " must be one of " + Arrays.toString(allowed) + ", got '" + value + "'");
    }

    /** Accepts numbers at least {@code min}. */
    static AbstractFunction1<Object, Object> atLeast(String param, double min) {
        return new Check<>(">= " + format(min), value -> ((Number) value).doubleValue() >= min,
                value -> param + " must be at least " + format(min) + ", got " + value);
    }

    /** Accepts finite numbers above {@code min}. */
    static AbstractFunction1<Object, Object> above(String param, double min) {
        return new Check<>("finite, > " + format(min), value -> ((Number) value).doubleValue() > min && Double.isFinite(((Number) value).doubleValue()),
                value -> param + " must be a finite number above " + format(min) + ", got " + value);
    }

    /** Accepts numbers in [min, max]. */
    static AbstractFunction1<Object, Object> between(String param, double min, double max) {
        return new Check<>("[" + format(min) + ", " + format(max) + "]",
                value -> ((Number) value).doubleValue() >= min && ((Number) value).doubleValue() <= max,
                value -> param + " must be between " + format(min) + " and " + format(max) + ", got " + value);
    }

    /** Accepts any finite number. */
    static AbstractFunction1<Object, Object> finite(String param) {
        return new Check<>("finite", value -> Double.isFinite(((Number) value).doubleValue()),
                value -> param + " must be a finite number, got " + value);
    }

    private static String format(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }

    private interface Test<T> extends Serializable {
        boolean accepts(T value);
    }

    private interface Message<T> extends Serializable {
        String explain(T value);
    }

    /** A validator whose {@link #toString()} says what it accepts (the params reference lists it). */
    static final class Check<T> extends AbstractFunction1<T, Object> implements Serializable {
        private final String accepted;
        private final Test<T> test;
        private final Message<T> message;

        Check(String accepted, Test<T> test, Message<T> message) {
            this.accepted = accepted;
            this.test = test;
            this.message = message;
        }

        @Override
        public Object apply(T value) {
            if (!test.accepts(value)) {
                throw new IllegalArgumentException(message.explain(value));
            }
            return true;
        }

        /** The values accepted, e.g. {@code ">= 1"} or {@code "[0, 1]"}. */
        @Override
        public String toString() {
            return accepted;
        }
    }
}
