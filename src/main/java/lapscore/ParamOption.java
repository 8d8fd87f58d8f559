package lapscore;

import java.util.Arrays;

/**
 * An enum constant chosen by a string param (e.g. {@code weightKernel = "heat"}); the helpers
 * parse and list the accepted strings for every such enum alike.
 */
public interface ParamOption {

    /**
     * The param value that selects this option: by default the constant's name in lower camel case
     * ({@code CLASS_KNN} is {@code "classKnn"}).
     */
    default String paramValue() {
        String[] words = ((Enum<?>) this).name().toLowerCase(java.util.Locale.ROOT).split("_");
        StringBuilder value = new StringBuilder(words[0]);
        for (int w = 1; w < words.length; w++) {
            value.append(Character.toUpperCase(words[w].charAt(0))).append(words[w].substring(1));
        }
        return value.toString();
    }

    /** The option of {@code type} named by {@code value}, ignoring case. */
    static <E extends Enum<E> & ParamOption> E parse(Class<E> type, String value) {
        for (E option : type.getEnumConstants()) {
            if (option.paramValue().equalsIgnoreCase(value)) {
                return option;
            }
        }
        throw new IllegalArgumentException("Unknown " + type.getSimpleName() + " '" + value + "'; expected one of "
                + Arrays.toString(paramValues(type)));
    }

    /** All param values of {@code type}, in declaration order. */
    static <E extends Enum<E> & ParamOption> String[] paramValues(Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).map(ParamOption::paramValue).toArray(String[]::new);
    }
}
