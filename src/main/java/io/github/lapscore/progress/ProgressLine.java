package io.github.lapscore.progress;

import java.util.Locale;

/**
 * What a long step has done so far, as {@link LiveProgress} shows it: the step, the tasks of its
 * running Spark stages finished out of their number, the records its finished tasks read (input
 * rows and shuffled records, so rows on a first pass and candidate pairs or lists on a shuffle),
 * the time since the step began, and the time its running stages still need at the pace of their
 * finished tasks: elapsed × (tasks − done) / done, measured from the stages' submission (unknown,
 * -1, until a task has finished).
 *
 * @param step        the step's description, as shown (without the estimator's uid)
 * @param tasksDone   tasks of the running stages that have finished
 * @param tasks       tasks of the running stages
 * @param records     records read by the step's finished tasks
 * @param elapsedNanos time since the step's first stage was submitted
 * @param leftNanos   estimated time until the running stages finish, -1 before their first task ends
 */
public record ProgressLine(String step, int tasksDone, int tasks, long records, long elapsedNanos, long leftNanos) {

    private static final String ELLIPSIS = "...";

    /**
     * The line, indented by two spaces: {@code "  <step>: tasks <done>/<total>, <records> records
     * read, <elapsed> elapsed, about <left> left"} ("estimating time left" before a task has
     * finished); when longer than {@code width} characters, the step is cut (ending in "...") so that
     * the counts stay whole, and the line's end is cut when even they do not fit.
     */
    public String text(int width) {
        String counts = String.format(Locale.ROOT, ": tasks %d/%d, %s records read, %s elapsed, %s", tasksDone, tasks,
                grouped(records), duration(elapsedNanos), leftNanos < 0 ? "estimating time left"
                        : "about " + duration(leftNanos) + " left");
        String indent = "  ";
        int room = width - indent.length() - counts.length();
        String shown = step.length() <= room ? step
                : step.substring(0, Math.max(0, room - ELLIPSIS.length())) + ELLIPSIS;
        String line = indent + shown + counts;
        return line.length() <= width ? line : line.substring(0, width);
    }

    /** {@code count} with its digits in groups of three, separated by spaces: 3 210 000. */
    static String grouped(long count) {
        return String.format(Locale.ROOT, "%,d", count).replace(',', ' ');
    }

    /** {@code nanos}, rounded to the second, as "52 s", "1 min 40 s" or "2 h 5 min". */
    static String duration(long nanos) {
        long seconds = Math.round(nanos / 1e9);
        if (seconds < 60) {
            return seconds + " s";
        }
        if (seconds < 3600) {
            return seconds / 60 + " min " + seconds % 60 + " s";
        }
        return seconds / 3600 + " h " + seconds % 3600 / 60 + " min";
    }
}
