package lapscore.terminal;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Locale;

/**
 * What a long step has done so far, as {@link LiveProgress} shows it: the step, the tasks of its
 * running Spark stages finished out of their number, the records its finished tasks read (input
 * rows and shuffled records, so rows on a first pass and candidate pairs or lists on a shuffle),
 * the time since the step began, and the time its running stages still need at the pace of their
 * finished tasks: elapsed × (tasks − done) / done, measured from the stages' submission (unknown,
 * -1, until a task has finished). A step that is one of a numbered series ({@code tree 3/16},
 * {@code refinement 2/20}) also has an estimate for what is left of the whole series, at the pace
 * of the part of it done so far ({@link RunningStages}).
 *
 * @param step             the step's description, as shown (without the estimator's uid)
 * @param tasksDone        tasks of the running stages that have finished
 * @param tasks            tasks of the running stages
 * @param records          records read by the step's finished tasks
 * @param elapsedNanos     time since the step's first stage was submitted
 * @param leftNanos        estimated time until the running stages finish, -1 before their first task ends
 * @param seriesLength     the number of steps of the series the step is one of, 0 when it is none
 * @param seriesLeftNanos  estimated time until the last step of the series ends, -1 when unknown
 */
public record ProgressLine(String step, int tasksDone, int tasks, long records, long elapsedNanos, long leftNanos,
                           int seriesLength, long seriesLeftNanos) {

    private static final String ELLIPSIS = "...";
    private static final String INDENT = "  ";

    /**
     * The line, indented by two spaces: the step's head (its description up to the first colon, which
     * names the step and its number in a series), then {@code <done>/<total> tasks, <records> records,
     * <elapsed>, ~<left> left, ~<left> for all <n>}, then the rest of the description. When longer than
     * {@code width} characters, what matters least goes first: the description's rest, the records,
     * the time elapsed; then the head loses its beginning (its end holds the step's number), and the
     * line's end is cut when even that does not fit.
     */
    public String text(int width) {
        int colon = step.indexOf(": ");
        String head = colon < 0 ? step : step.substring(0, colon);
        String details = colon < 0 ? "" : step.substring(colon);
        String tasksDoneText = tasksDone + "/" + tasks + " tasks";
        String left = leftNanos < 0 ? "estimating time left" : "~" + duration(leftNanos) + " left";
        String series = seriesLength > 0 && seriesLeftNanos >= 0 ? "~" + duration(seriesLeftNanos) + " for all " + seriesLength : null;
        List<List<String>> choices = List.of(
                pieces(tasksDoneText, compact(records) + " records", duration(elapsedNanos), left, series),
                pieces(tasksDoneText, duration(elapsedNanos), left, series),
                pieces(tasksDoneText, left, series));
        String full = INDENT + head + ": " + String.join(", ", choices.get(0)) + details(details);
        if (full.length() <= width) {
            return full;
        }
        for (List<String> counts : choices) {
            String line = INDENT + head + ": " + String.join(", ", counts);
            if (line.length() <= width) {
                return line;
            }
        }
        String counts = ": " + String.join(", ", choices.get(choices.size() - 1));
        int room = width - INDENT.length() - counts.length();
        String shown = ELLIPSIS + head.substring(Math.min(head.length(), head.length() - room + ELLIPSIS.length()));
        String line = INDENT + shown + counts;
        return line.length() <= width ? line : line.substring(0, Math.max(0, width));
    }

    /** The pieces given, but the absent (null) ones. */
    private static List<String> pieces(String... pieces) {
        return Arrays.stream(pieces).filter(Objects::nonNull).toList();
    }

    /** The description after the head, in parentheses after a space: {@code " (distances within 256 leaves ...)"}. */
    private static String details(String rest) {
        return rest.isEmpty() ? "" : " (" + rest.substring(2) + ")";
    }

    /** {@code count} for a glance: 7, 12k, 3.2M, 1.5G. */
    static String compact(long count) {
        if (count < 1_000) {
            return Long.toString(count);
        }
        String[] units = {"k", "M", "G", "T"};
        double value = count;
        int unit = -1;
        while (value >= 999.5 && unit < units.length - 1) {
            value /= 1_000;
            unit++;
        }
        return (value < 9.95 ? String.format(Locale.ROOT, "%.1f", value) : String.format(Locale.ROOT, "%.0f", value)) + units[unit];
    }

    /** {@code nanos}, rounded to the second, as "52s", "1m40s" or "2h05m". */
    static String duration(long nanos) {
        long seconds = Math.round(nanos / 1e9);
        if (seconds < 60) {
            return seconds + "s";
        }
        if (seconds < 3600) {
            return String.format(Locale.ROOT, "%dm%02ds", seconds / 60, seconds % 60);
        }
        return String.format(Locale.ROOT, "%dh%02dm", seconds / 3600, seconds % 3600 / 60);
    }
}
