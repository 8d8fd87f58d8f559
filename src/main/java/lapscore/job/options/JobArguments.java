package lapscore.job.options;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** The parsed options of one {@code lapscore} command, with their defaults. */
public final class JobArguments<E extends Enum<E> & CommandOption> {

    private final Map<E, String> values;

    private JobArguments(Map<E, String> values) {
        this.values = values;
    }

    /**
     * Parses {@code --flag value} pairs (and switches, given alone) of the options {@code type}; throws
     * {@link IllegalArgumentException} for unknown, incomplete or missing required ones.
     */
    public static <E extends Enum<E> & CommandOption> JobArguments<E> parse(Class<E> type, String[] args, List<E> required) {
        Map<E, String> values = new EnumMap<>(type);
        for (int i = 0; i < args.length; i++) {
            E option = CommandOption.byFlag(type, args[i]);
            if (option == null) {
                throw new IllegalArgumentException("Unknown option '" + args[i] + "'; see --help");
            }
            if (option.isSwitch()) {
                values.put(option, "true");
                continue;
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("Option " + args[i] + " needs a value; see --help");
            }
            values.put(option, args[++i]);
        }
        for (E option : required) {
            if (!values.containsKey(option)) {
                throw new IllegalArgumentException(option.flag() + " is required; see --help");
            }
        }
        return new JobArguments<>(values);
    }

    /** The value given, or the option's default (empty when it has none). */
    public Optional<String> get(E option) {
        return Optional.ofNullable(values.getOrDefault(option, option.defaultValue()));
    }

    /**
     * The options given, as {@code --flag value} (a switch alone) in the order of the option table,
     * without {@code left out}: the command line that gives the same run.
     */
    public String asGiven(List<E> leftOut) {
        StringBuilder line = new StringBuilder();
        values.forEach((option, value) -> {
            if (!leftOut.contains(option)) {
                line.append(line.length() == 0 ? "" : " ").append(option.flag());
                if (!option.isSwitch()) {
                    line.append(' ').append(value);
                }
            }
        });
        return line.toString();
    }

    /** Whether the option was given on the command line. */
    public boolean given(E option) {
        return values.containsKey(option);
    }

    public String text(E option) {
        return get(option).orElseThrow();
    }

    /** The option's value as an {@code int}; a value beyond the type's range is refused with the bound it passes. */
    public int integer(E option) {
        return (int) wholeNumber(option, text(option), Integer.MIN_VALUE, Integer.MAX_VALUE, "a whole number");
    }

    /** The option's value as a {@code long}; a value beyond the type's range is refused with the bound it passes. */
    public long longInteger(E option) {
        return wholeNumber(option, text(option), Long.MIN_VALUE, Long.MAX_VALUE, "a whole number");
    }

    /** The option's value as an {@code int} of at least {@code min}, or a line naming the flag and the bound. */
    public int integerAtLeast(E option, int min) {
        return (int) wholeNumber(option, text(option), min, Integer.MAX_VALUE, "a whole number");
    }

    /** The option's comma-separated values as {@code int}s, each checked as {@link #integer} checks one. */
    public int[] integers(E option) {
        return Arrays.stream(text(option).split(",", -1)).mapToInt(item -> (int) wholeNumber(option, item.strip(),
                Integer.MIN_VALUE, Integer.MAX_VALUE, "whole numbers separated by commas")).toArray();
    }

    /** The option's comma-separated values as {@code long}s, each checked as {@link #longInteger} checks one. */
    public long[] longIntegers(E option) {
        return Arrays.stream(text(option).split(",", -1)).mapToLong(item -> wholeNumber(option, item.strip(),
                Long.MIN_VALUE, Long.MAX_VALUE, "whole numbers separated by commas")).toArray();
    }

    /** {@code value}, a whole number of {@code option} within [{@code min}, {@code max}], or a line saying which it is not. */
    private long wholeNumber(E option, String value, long min, long max, String expected) {
        BigInteger number;
        try {
            number = new BigInteger(value);
        } catch (NumberFormatException notAWholeNumber) {
            throw new IllegalArgumentException(option.flag() + " must be " + expected + ", got '" + value + "'");
        }
        if (number.compareTo(BigInteger.valueOf(max)) > 0) {
            throw new IllegalArgumentException(option.flag() + " must be at most " + max + ", got " + value);
        }
        if (number.compareTo(BigInteger.valueOf(min)) < 0) {
            throw new IllegalArgumentException(option.flag() + " must be at least " + min + ", got " + value);
        }
        return number.longValueExact();
    }

    public double number(E option) {
        return parsed(option, Double::parseDouble, "a number");
    }

    private <T> T parsed(E option, Function<String, T> parser, String expected) {
        String value = text(option);
        try {
            return parser.apply(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option.flag() + " must be " + expected + ", got '" + value + "'");
        }
    }

    public boolean flag(E option) {
        String value = text(option).toLowerCase(Locale.ROOT);
        if (!value.equals("true") && !value.equals("false")) {
            throw new IllegalArgumentException(option.flag() + " must be true or false, got '" + value + "'");
        }
        return value.equals("true");
    }
}
