package lapscore.terminal;

import java.io.Console;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.UnaryOperator;

import org.apache.spark.SparkContext;

/**
 * Shows the progress of the step that runs now (a {@link ProgressLine}: tasks done of their
 * number, records read, time elapsed and left) while a command's work runs, beside the line per
 * finished step that the command prints. On a terminal the line is redrawn in place (carriage
 * return) once a second and wiped before anything else is printed through {@link #output}, so
 * the command's own lines stay whole; otherwise (a log file, a pipe, CI) a plain line is printed
 * at most once per {@link #PLAIN_EVERY_SECONDS} seconds, and only while a step has run that long, so
 * that a quick command prints nothing more. A daemon thread refreshes the display; the work's
 * Spark events come from {@link RunningStages}, added to the Spark context until {@link #close}.
 */
public final class LiveProgress implements AutoCloseable {

    /** Seconds between two plain lines, and how long a step runs before its first, when the output is not a terminal. */
    public static final long PLAIN_EVERY_SECONDS = 30;
    /** Width of a terminal whose width is not in the environment variable COLUMNS. */
    private static final int DEFAULT_WIDTH = 80;

    private final RunningStages stages;
    private final PrintStream out;
    private final PrintStream output;
    private final Display display;
    private final LongSupplier nanoClock;
    private SparkContext sparkContext;
    private ScheduledExecutorService refresher;
    private String shown = "";
    private boolean atLineStart = true;
    private long nextPlain;
    private boolean closed;

    /**
     * Where and how the progress is shown.
     *
     * @param terminal        whether to redraw one line in place
     * @param charset         the terminal's charset, in which {@link #output} encodes what is printed through it
     * @param width           the terminal's width in characters; a longer line has its step cut
     * @param plainEveryNanos without a terminal, the least time between two lines and before the first of a step
     */
    record Display(boolean terminal, Charset charset, int width, long plainEveryNanos) {

        /** The display of {@code out}: a terminal when it is {@link System#out} and the JVM has a {@link Console}. */
        static Display of(PrintStream out) {
            Console console = out == System.out ? System.console() : null;
            return new Display(console != null, console != null ? console.charset() : Charset.defaultCharset(), terminalColumns(),
                    TimeUnit.SECONDS.toNanos(PLAIN_EVERY_SECONDS));
        }

        private static int terminalColumns() {
            String columns = System.getenv("COLUMNS");
            return columns != null && columns.matches("\\d{2,4}") ? Integer.parseInt(columns) : DEFAULT_WIDTH;
        }
    }

    /**
     * Progress to {@code out} (in place when it is {@link System#out} on a terminal, as plain lines
     * otherwise), refreshed by its own thread until {@link #close}, of the jobs on
     * {@code sparkContext}; a step's description is shown as {@code shownAs} rewrites it (e.g. in
     * the user's column names). Print everything else through {@link #output}.
     */
    public static LiveProgress start(SparkContext sparkContext, PrintStream out, UnaryOperator<String> shownAs) {
        LiveProgress progress = new LiveProgress(out, Display.of(out), System::nanoTime, shownAs);
        progress.sparkContext = sparkContext;
        sparkContext.addSparkListener(progress.stages);
        progress.refresher = Executors.newSingleThreadScheduledExecutor(work -> {
            Thread thread = new Thread(work, "lapscore progress");
            thread.setDaemon(true);
            return thread;
        });
        progress.refresher.scheduleAtFixedRate(progress::refresh, 1, 1, TimeUnit.SECONDS);
        return progress;
    }

    /** Progress to {@code out} as {@code display} says, timed by {@code nanoClock}, refreshed by whoever calls {@link #refresh}. */
    LiveProgress(PrintStream out, Display display, LongSupplier nanoClock, UnaryOperator<String> shownAs) {
        this.out = out;
        this.display = display;
        this.nanoClock = nanoClock;
        this.stages = new RunningStages(nanoClock, shownAs);
        this.nextPlain = nanoClock.getAsLong();
        this.output = display.terminal() ? new PrintStream(new WipingStream(), true, display.charset()) : out;
    }

    /** The listener whose events this progress shows. */
    RunningStages stages() {
        return stages;
    }

    /**
     * Where the command prints its own lines: on a terminal, a stream that wipes the progress line
     * before writing; otherwise the stream given.
     */
    public PrintStream output() {
        return output;
    }

    /**
     * Redraws the terminal's line (not in the middle of a line the command is printing through
     * {@link #output}), or prints a plain line when one is due.
     */
    synchronized void refresh() {
        if (closed || !atLineStart) {
            return;
        }
        Optional<ProgressLine> line = stages.now();
        if (display.terminal()) {
            draw(line.map(progress -> progress.text(display.width() - 1)).orElse(""));
            return;
        }
        long now = nanoClock.getAsLong();
        if (line.isPresent() && line.get().elapsedNanos() >= display.plainEveryNanos() && now - nextPlain >= 0) {
            out.println(line.get().text(Integer.MAX_VALUE));
            nextPlain = now + display.plainEveryNanos();
        }
    }

    /** Replaces the terminal's progress line by {@code text} (nothing: wiped). */
    private void draw(String text) {
        if (text.equals(shown)) {
            return;
        }
        out.print("\r" + text + " ".repeat(Math.max(0, shown.length() - text.length())) + (text.isEmpty() ? "\r" : ""));
        out.flush();
        shown = text;
    }

    /** Stops refreshing, stops listening and wipes the terminal's line. */
    @Override
    public void close() {
        if (refresher != null) {
            refresher.shutdownNow();
            sparkContext.removeSparkListener(stages);
        }
        synchronized (this) {
            closed = true;
            draw("");
        }
    }

    /** Wipes the progress line, then writes to {@link #out}; notes whether what it wrote ended a line. */
    private final class WipingStream extends OutputStream {

        @Override
        public void write(int b) {
            write(new byte[]{(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
            if (length == 0) {
                return;
            }
            synchronized (LiveProgress.this) {
                draw("");
                out.write(bytes, offset, length);
                atLineStart = bytes[offset + length - 1] == '\n';
            }
        }

        @Override
        public void flush() {
            out.flush();
        }
    }
}
