package lapscore.job.outputs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The cause of a shutdown read from the frames that asked for it, innermost first, as
 * {@code java.lang.Shutdown.exit}'s callers appear on Java 17: a signal through the JVM's
 * {@code Terminator}, Spark's executor and its handlers through {@code System.exit}.
 */
class ShutdownCauseTest {

    private static StackTraceElement frame(String type, String method) {
        return new StackTraceElement(type, method, null, -1);
    }

    private static StackTraceElement[] exitFrom(StackTraceElement... callers) {
        StackTraceElement[] frames = new StackTraceElement[callers.length + 2];
        frames[0] = frame("java.lang.Runtime", "exit");
        frames[1] = frame("java.lang.System", "exit");
        System.arraycopy(callers, 0, frames, 2, callers.length);
        return frames;
    }

    @Test
    void aSignalIsSeenThroughTheJvmsTerminator() {
        assertEquals(ShutdownCause.SIGNAL, ShutdownCause.ofCallers(new StackTraceElement[]{frame("java.lang.Terminator$1", "handle"),
                frame("jdk.internal.misc.Signal$1", "run"), frame("java.lang.Thread", "run")}));
    }

    @Test
    void sparksExitsAreToldApartByTheCodeThatCalledExit() {
        assertEquals(ShutdownCause.LOST_HEARTBEAT, ShutdownCause.ofCallers(exitFrom(
                frame("org.apache.spark.executor.Executor", "org$apache$spark$executor$Executor$$reportHeartBeat"),
                frame("org.apache.spark.Heartbeater$$anon$1", "run"))));
        assertEquals(ShutdownCause.FATAL_ERROR, ShutdownCause.ofCallers(exitFrom(
                frame("org.apache.spark.util.SparkUncaughtExceptionHandler", "uncaughtException"),
                frame("org.apache.spark.executor.Executor$TaskRunner", "run"))));
        assertEquals(ShutdownCause.LOCAL_DIRECTORIES, ShutdownCause.ofCallers(exitFrom(
                frame("org.apache.spark.storage.DiskBlockManager", "createLocalDirs"))));
        assertEquals(ShutdownCause.OTHER_EXIT, ShutdownCause.ofCallers(exitFrom(frame("com.example.Job", "main"))));
    }
}
