package io.github.lapscore.job;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** The parsed options of {@code lapscore fit}, with their defaults. */
final class JobArguments {

    private final Map<JobOption, String> values;

    private JobArguments(Map<JobOption, String> values) {
        this.values = values;
    }

    /** Parses {@code --flag value} pairs; throws {@link IllegalArgumentException} for unknown or incomplete ones. */
    static JobArguments parse(String[] args) {
        Map<JobOption, String> values = new EnumMap<>(JobOption.class);
        for (int i = 0; i < args.length; i++) {
            JobOption option = JobOption.byFlag(args[i]);
            if (option == null) {
                throw new IllegalArgumentException("Unknown option '" + args[i] + "'; see --help");
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("Option " + args[i] + " needs a value; see --help");
            }
            values.put(option, args[++i]);
        }
        if (!values.containsKey(JobOption.INPUT)) {
            throw new IllegalArgumentException("--input is required; see --help");
        }
        return new JobArguments(values);
    }

    /** The value given, or the option's default (empty when it has none). */
    Optional<String> get(JobOption option) {
        return Optional.ofNullable(values.getOrDefault(option, option.defaultValue()));
    }

    /** Whether the option was given on the command line. */
    boolean given(JobOption option) {
        return values.containsKey(option);
    }

    String text(JobOption option) {
        return get(option).orElseThrow();
    }

    int integer(JobOption option) {
        return parsed(option, Integer::parseInt, "a whole number");
    }

    long longInteger(JobOption option) {
        return parsed(option, Long::parseLong, "a whole number");
    }

    double number(JobOption option) {
        return parsed(option, Double::parseDouble, "a number");
    }

    private <T> T parsed(JobOption option, Function<String, T> parser, String expected) {
        String value = text(option);
        try {
            return parser.apply(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option.flag() + " must be " + expected + ", got '" + value + "'");
        }
    }

    boolean flag(JobOption option) {
        String value = text(option).toLowerCase(Locale.ROOT);
        if (!value.equals("true") && !value.equals("false")) {
            throw new IllegalArgumentException(option.flag() + " must be true or false, got '" + value + "'");
        }
        return value.equals("true");
    }
}
