package lapscore.job.outputs;

import java.util.Arrays;
import java.util.Map;

import lapscore.job.files.JobErrors;

/**
 * Why the JVM is shutting down while a command runs, read from the stack of the thread that asked
 * it to: a signal (Ctrl-C, {@code kill}), which the JVM's {@code java.lang.Terminator} turns into an
 * exit, or a {@code System.exit} called by Spark itself. In local mode the executor is the command's
 * own JVM, and Spark's executor exits it when it gives up: when it could not report to the driver
 * for {@code spark.executor.heartbeat.maxFailures} heartbeats (exit status 56,
 * {@code Executor.reportHeartBeat}), on a fatal error in a thread (50 to 52, out of memory among them,
 * {@code SparkUncaughtExceptionHandler}), or when it cannot create its local directories (53,
 * {@code DiskBlockManager}); see Spark's {@code ExecutorExitCode}.
 */
enum ShutdownCause {

    /** A signal, or a shutdown whose cause cannot be seen: the user stopped the run. */
    SIGNAL(null),
    /** The executor could not send its heartbeat to the driver and exited (status 56). */
    LOST_HEARTBEAT("Spark's executor stopped the run: it could not report to the driver in time (its heartbeat), which"
            + " happens when a task holds the heap or the memory manager for minutes; " + JobErrors.MEMORY_ADVICE),
    /** A thread of Spark's ended with a fatal error, out of memory most often (status 50 to 52). */
    FATAL_ERROR("Spark's executor stopped the run after a fatal error in one of its threads (most often out of memory); "
            + JobErrors.MEMORY_ADVICE),
    /** Spark could not create its local directories (status 53). */
    LOCAL_DIRECTORIES("Spark's executor stopped the run: it could not create its local directories; point spark.local.dir"
            + " (or SPARK_LOCAL_DIRS) at a writable disk with free space"),
    /** Other code in the JVM called {@code System.exit}. */
    OTHER_EXIT("the JVM was told to exit while the command ran (by code in it, not by a signal); the lines above may say why");

    private final String line;

    ShutdownCause(String line) {
        this.line = line;
    }

    /** The one line that says what happened and what to do; null for {@link #SIGNAL}, which says "interrupted". */
    String line() {
        return line;
    }

    /** The cause of the shutdown under way, from the threads' stacks now. */
    static ShutdownCause now() {
        for (Map.Entry<Thread, StackTraceElement[]> thread : Thread.getAllStackTraces().entrySet()) {
            StackTraceElement[] frames = thread.getValue();
            for (int i = 0; i < frames.length; i++) {
                if (frames[i].getClassName().equals("java.lang.Shutdown") && frames[i].getMethodName().equals("exit")) {
                    return ofCallers(Arrays.copyOfRange(frames, i + 1, frames.length));
                }
            }
        }
        return SIGNAL;
    }

    /** The cause of an exit asked for by {@code callers}, the frames below {@code java.lang.Shutdown.exit}, innermost first. */
    static ShutdownCause ofCallers(StackTraceElement[] callers) {
        for (StackTraceElement frame : callers) {
            String type = frame.getClassName();
            if (type.startsWith("java.lang.Terminator")) {
                return SIGNAL;
            }
            if (type.equals("org.apache.spark.executor.Executor") && frame.getMethodName().contains("HeartBeat")) {
                return LOST_HEARTBEAT;
            }
            if (type.equals("org.apache.spark.util.SparkUncaughtExceptionHandler")) {
                return FATAL_ERROR;
            }
            if (type.equals("org.apache.spark.storage.DiskBlockManager")) {
                return LOCAL_DIRECTORIES;
            }
        }
        return OTHER_EXIT;
    }
}
