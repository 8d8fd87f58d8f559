package lapscore.job.outputs;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.ShutdownHookManager;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.spark.sql.SparkSession;

import scala.Option;

/**
 * What a command line run does when the JVM is asked to stop while a command runs (Ctrl-C, i.e.
 * SIGINT, or SIGTERM): it silences Spark's logging, prints {@code lapscore: interrupted}, stops Spark (the default session,
 * once built), and deletes every output that {@link StagedOutputs} had begun and not published,
 * naming any it could not delete. No output is published after that moment ({@link StagedOutputs} checks {@link #happened} under
 * {@link #LOCK}), and the command's own error path, which then sees Spark's jobs fail, prints
 * nothing ({@link #finish}). The JVM exits with 128 + the signal's number (130 for SIGINT).
 *
 * <p>In local mode Spark's executor may also end the JVM itself, with {@code System.exit} (a lost
 * heartbeat, a fatal error: {@link ShutdownCause}). The same clean-up runs, and the line says what
 * happened and what to change instead of "interrupted", which stays for signals; the exit status is
 * Spark's (50 to 56).
 *
 * <p>The hook runs in Hadoop's {@link ShutdownHookManager}, which runs hooks one after the other,
 * highest priority first; Spark's own hooks run there at priority
 * {@code FileSystem.SHUTDOWN_HOOK_PRIORITY + 30} (stopping the SparkContext among them), and
 * Hadoop closes its file systems at {@code FileSystem.SHUTDOWN_HOOK_PRIORITY}. This hook's
 * priority is above Spark's, so it stops Spark itself before deleting, and the file systems are
 * still open.
 */
public final class Interruption {

    /** Above Spark's hooks in Hadoop's manager, so this one runs first. */
    private static final int PRIORITY = FileSystem.SHUTDOWN_HOOK_PRIORITY + 40;

    /** Guards the state below, and every rename that publishes an output. */
    static final Object LOCK = new Object();

    private static final Set<StagedOutputs> UNFINISHED = new LinkedHashSet<>();
    private static boolean running;
    private static boolean interrupted;

    private Interruption() {
    }

    /**
     * Marks a command as running from now on (call it before the Spark session is built); a shutdown
     * before {@link #finish} is an interruption, told on {@code err}.
     */
    public static void watch(PrintStream err) {
        synchronized (LOCK) {
            running = true;
        }
        ShutdownHookManager.get().addShutdownHook(() -> onShutdown(err), PRIORITY);
    }

    /**
     * Marks the command as ended by itself; false when it was interrupted, and then the caller
     * prints nothing more (the interruption said what happened).
     */
    public static boolean finish() {
        synchronized (LOCK) {
            running = false;
            return !interrupted;
        }
    }

    /** Whether the run was interrupted. */
    public static boolean happened() {
        synchronized (LOCK) {
            return interrupted;
        }
    }

    static void track(StagedOutputs outputs) {
        synchronized (LOCK) {
            UNFINISHED.add(outputs);
        }
    }

    static void untrack(StagedOutputs outputs) {
        synchronized (LOCK) {
            UNFINISHED.remove(outputs);
        }
    }

    /**
     * Turns logging off and points {@code System.err} nowhere, so that what Spark logs or prints while
     * its jobs fail and it stops (task results refused by a stopped scheduler, blocks not found)
     * never follows the interruption line, which {@code err}, held from before, still prints.
     * Spark logs through log4j 2 ({@code org.apache.spark.internal.Logging}); under another logging
     * backend its lines may still follow.
     */
    private static void silenceOtherOutput() {
        try {
            Configurator.setAllLevels(LogManager.ROOT_LOGGER_NAME, Level.OFF);
        } catch (RuntimeException | LinkageError anotherBackend) {
            // not log4j 2's core: that backend's own settings decide, as said above
        }
        System.setErr(new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8));
    }

    private static void onShutdown(PrintStream err) {
        List<StagedOutputs> unfinished;
        synchronized (LOCK) {
            if (!running) {
                return;
            }
            running = false;
            interrupted = true;
            unfinished = new ArrayList<>(UNFINISHED);
        }
        ShutdownCause cause = ShutdownCause.now();
        silenceOtherOutput();
        err.println("lapscore: " + (cause == ShutdownCause.SIGNAL ? "interrupted" : cause.line()));
        Option<SparkSession> spark = SparkSession.getDefaultSession();
        if (spark.isDefined()) {
            spark.get().stop();
        }
        for (StagedOutputs outputs : unfinished) {
            for (Path left : outputs.discard()) {
                err.println("lapscore: could not remove the unfinished output " + left);
            }
        }
    }
}
