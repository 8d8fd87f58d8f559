package io.github.lapscore.selection.params;

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
        return new Check<>(value -> Arrays.stream(allowed).anyMatch(option -> option.equalsIgnoreCase(value)),
                value -> param + " must be one of " + Arrays.toString(allowed) + ", got '" + value + "'");
    }

    /** Accepts numbers at least {@code min}. */
    static AbstractFunction1<Object, Object> atLeast(String param, double min) {
        return new Check<>(value -> ((Number) value).doubleValue() >= min,
                value -> param + " must be at least " + format(min) + ", got " + value);
    }

    /** Accepts finite numbers above {@code min}. */
    static AbstractFunction1<Object, Object> above(String param, double min) {
        return new Check<>(value -> ((Number) value).doubleValue() > min && Double.isFinite(((Number) value).doubleValue()),
                value -> param + " must be a finite number above " + format(min) + ", got " + value);
    }

    /** Accepts numbers in [min, max]. */
    static AbstractFunction1<Object, Object> between(String param, double min, double max) {
        return new Check<>(value -> ((Number) value).doubleValue() >= min && ((Number) value).doubleValue() <= max,
                value -> param + " must be between " + format(min) + " and " + format(max) + ", got " + value);
    }

    /** Accepts any finite number. */
    static AbstractFunction1<Object, Object> finite(String param) {
        return new Check<>(value -> Double.isFinite(((Number) value).doubleValue()),
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

    private static final class Check<T> extends AbstractFunction1<T, Object> implements Serializable {
        private final Test<T> test;
        private final Message<T> message;

        Check(Test<T> test, Message<T> message) {
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
    }
}
