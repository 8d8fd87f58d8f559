package lapscore.job.options;

/**
 * One option of a {@code lapscore} command: its flag, the placeholder of its value, its default
 * (null when there is none) and what it does; an empty placeholder makes it a switch, given without a value. Each command's options are an enum implementing
 * this, which both parsing ({@link JobArguments}) and {@code --help} read.
 */
public interface CommandOption {

    /** What an option is, as its enum constant declares it. */
    record Spec(String flag, String placeholder, String defaultValue, String description) {

        /** This option with the default {@code value}: for a command whose default differs from the others'. */
        public Spec withDefault(String value) {
            return new Spec(flag, placeholder, value, description);
        }

        /** This option described as {@code text}: for a command that reads it in a sense of its own. */
        public Spec withDescription(String text) {
            return new Spec(flag, placeholder, defaultValue, text);
        }
    }

    Spec spec();

    default String flag() {
        return spec().flag();
    }

    default String placeholder() {
        return spec().placeholder();
    }

    default String defaultValue() {
        return spec().defaultValue();
    }

    default String description() {
        return spec().description();
    }

    /** Whether the option takes no value (a switch such as {@code --overwrite}): its placeholder is empty. */
    default boolean isSwitch() {
        return placeholder().isEmpty();
    }

    /** The option of {@code type} with flag {@code flag}, or null. */
    static <E extends Enum<E> & CommandOption> E byFlag(Class<E> type, String flag) {
        for (E option : type.getEnumConstants()) {
            if (option.flag().equals(flag)) {
                return option;
            }
        }
        return null;
    }

    /** The {@code --help} text: {@code header}, then one line per option. */
    static <E extends Enum<E> & CommandOption> String usage(Class<E> type, String header) {
        StringBuilder text = new StringBuilder(header).append("\nOptions:\n");
        for (E option : type.getEnumConstants()) {
            String left = "  " + option.flag() + (option.isSwitch() ? "" : " " + option.placeholder());
            text.append(String.format("%-48s %s%s%n", left, option.description(),
                    option.defaultValue() == null ? "" : " [default: " + option.defaultValue() + "]"));
        }
        text.append(String.format("%-48s %s%n", "  --help", "print this text"));
        return text.toString();
    }
}
