package lapscore.job.files;

import java.util.Locale;

/**
 * One line for the user out of any exception: the job prints {@code lapscore: <line>}, never a
 * stack trace. Spark wraps the errors of its tasks several times over; the root cause says what
 * happened.
 */
public final class JobErrors {

    /** What a fit that ran out of memory can change. */
    public static final String MEMORY_ADVICE = "give Spark more memory (LAPSCORE_JAVA_OPTS=-Xmx… for bin/lapscore in local"
            + " mode, spark.executor.memory on a cluster) or lower --max-rows-per-task, the rows one task holds";

    /** What a fit whose shuffle files filled the disk can change. */
    public static final String DISK_ADVICE = "free disk where Spark writes its shuffles (spark.local.dir, SPARK_LOCAL_DIRS on a"
            + " cluster) or point them at a larger one: each NN-descent round of the approximate graph writes copies of the"
            + " rows, fewer when a task holds more rows (--max-rows-per-task, with the heap it needs)";
    /**
     * What the message of the {@code IOException} of a write to a full disk says (the operating
     * system's {@code ENOSPC}), in lower case, as {@link #chainMentions} compares.
     */
    private static final String NO_SPACE = "no space left on device";

    /** How Spark names a task failed by the loss of its executor ({@code org.apache.spark.ExecutorLostFailure}). */
    private static final String EXECUTOR_LOST = "ExecutorLostFailure";
    /** What precedes the driver's reason for the loss in that failure's text. */
    private static final String REASON = "Reason: ";

    private JobErrors() {
    }

    /** The innermost cause of {@code error} (itself when it has none). */
    static Throwable rootCause(Throwable error) {
        Throwable cause = error;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause;
    }

    /** The first line of {@code error}'s message, or its type when it has none. */
    public static String firstLine(Throwable error) {
        String message = error.getMessage();
        if (message == null || message.isBlank()) {
            return error.getClass().getSimpleName();
        }
        return message.strip().lines().findFirst().orElse("").strip();
    }

    /** Whether the message of {@code error} or of one of its causes contains {@code text} (in lower case). */
    static boolean chainMentions(Throwable error, String text) {
        for (Throwable cause = error; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause.getMessage() != null && cause.getMessage().toLowerCase(Locale.ROOT).contains(text)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The outermost {@link IllegalArgumentException} in {@code error}'s chain: a check that failed,
     * perhaps inside a Spark task; null when there is none.
     */
    public static IllegalArgumentException checkFailure(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof IllegalArgumentException check) {
                return check;
            }
        }
        return null;
    }

    /**
     * {@code line} with every control character (a byte of a binary file read as text, an escape
     * sequence in a file or column name) shown as {@code ?}: the one place where the job's messages
     * are made safe to print on a terminal.
     */
    public static String printable(String line) {
        StringBuilder shown = new StringBuilder(line.length());
        line.codePoints().forEach(c -> shown.appendCodePoint(Character.isISOControl(c) ? '?' : c));
        return shown.toString();
    }

    /**
     * The line printed for an error nobody checked for: what Spark's root cause says, and, when that
     * is a lack of memory (the JVM's heap, or the execution memory Spark grants a task, both an
     * {@link OutOfMemoryError}) or of disk (a failure whose chain says {@value #NO_SPACE}), what to do
     * about it.
     */
    public static String unexpected(Throwable error) {
        String lost = executorLoss(error);
        if (lost != null) {
            return "Spark lost its executor (" + lost + "); " + MEMORY_ADVICE;
        }
        Throwable root = rootCause(error);
        String line = "Spark failed: " + firstLine(root);
        String advice = root instanceof OutOfMemoryError ? MEMORY_ADVICE : chainMentions(error, NO_SPACE) ? DISK_ADVICE : null;
        return advice == null ? line : line.replaceFirst("\\.$", "") + "; " + advice;
    }

    /**
     * The reason Spark gives when a job failed because its executor was lost ({@code ExecutorLostFailure
     * ... Reason: Executor heartbeat timed out after ... ms}, as the driver says when an executor sent
     * no heartbeat for {@code spark.network.timeout}); null when the failure is another.
     */
    static String executorLoss(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            String message = cause.getMessage();
            int at = message == null ? -1 : message.indexOf(EXECUTOR_LOST);
            if (at >= 0) {
                String rest = message.substring(at).lines().findFirst().orElse("");
                int reason = rest.indexOf(REASON);
                return (reason >= 0 ? rest.substring(reason + REASON.length()) : rest).strip().replaceFirst("\\.$", "");
            }
        }
        return null;
    }
}
