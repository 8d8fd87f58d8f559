package lapscore.terminal;

import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import lapscore.progress.StageTimer;
import org.apache.spark.executor.TaskMetrics;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerStageCompleted;
import org.apache.spark.scheduler.SparkListenerStageSubmitted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.StageInfo;

/**
 * The Spark stages running now and the step they belong to, for {@link LiveProgress}: a listener
 * that hears stage submissions (with their number of tasks and the job description,
 * {@value StageTimer#DESCRIPTION}, that {@link StageTimer} sets), task ends and stage completions. The step
 * shown is that of the stage submitted last; its start and records are kept from its first stage
 * on, its tasks are those of its stages still running. A task counts once, when it first
 * succeeds (a retried or speculative copy of a finished task adds nothing); a stage submitted again
 * (a retry after a lost shuffle) replaces its earlier attempt. Steps numbered in a series ({@code tree
 * 3/16}, then {@code tree 4/16}) are timed as a series too, from the first of them heard, steps
 * between two of them (a round's other work) counting in the series' time. Each event costs O(1) (O(s) for
 * {@link #now}, s the stages running), its time read from the injected clock, not from the event,
 * so that a test can replay events at the times it chooses.
 */
public final class RunningStages extends SparkListener {

    /** The estimator's uid that {@link StageTimer} puts before its descriptions, e.g. "LaplacianScoreSelector_0123456789ab: ". */
    private static final Pattern UID_PREFIX = Pattern.compile("^\\w+_[0-9a-f]{12}: ");
    /** A step's head that numbers it in a series: {@code kNN graph (approximate) tree 3/16}. */
    private static final Pattern NUMBERED = Pattern.compile("(.*\\D)(\\d+)/(\\d+)");

    private final LongSupplier nanoClock;
    private final UnaryOperator<String> shownAs;
    private final Map<Integer, Running> running = new LinkedHashMap<>();
    private String step;
    private long stepStart;
    private long stepRecords;
    private Series series;
    private Series lastSeries;

    /**
     * The numbered series the step is one of ({@code tree 3/16}): what names it but the number, its
     * length, the number of its first step heard, when that began, and the number of the step now.
     */
    private record Series(String name, int length, int first, long start, int current) {

        /** The series of the step {@code description} begun at {@code now}, continuing {@code before} when it is the same; null when none. */
        static Series of(String description, long now, Series before) {
            String head = description.contains(": ") ? description.substring(0, description.indexOf(": ")) : description;
            Matcher numbered = NUMBERED.matcher(head);
            if (!numbered.matches()) {
                return null;
            }
            String name = numbered.group(1);
            int current = Integer.parseInt(numbered.group(2));
            int length = Integer.parseInt(numbered.group(3));
            boolean same = before != null && before.name.equals(name) && before.length == length && current > before.current;
            return same ? new Series(name, length, before.first, before.start, current) : new Series(name, length, current, now, current);
        }

        /**
         * Time left until the series ends, at the pace of its steps so far: the steps done since
         * the first heard, plus {@code fraction} of the current one, took {@code now - start}; -1 before
         * any of it is done.
         */
        long leftNanos(long now, double fraction) {
            double done = current - first + fraction;
            return done <= 0 ? -1 : Math.round((now - start) * (length - first + 1 - done) / done);
        }
    }

    /** One attempt of a stage that has not completed. */
    private static final class Running {
        private final int attempt;
        private final String step;
        private final int tasks;
        private final long submitted;
        private final BitSet done = new BitSet();

        private Running(int attempt, String step, int tasks, long submitted) {
            this.attempt = attempt;
            this.step = step;
            this.tasks = tasks;
            this.submitted = submitted;
        }
    }

    /**
     * Stages heard from now on, timed by {@code nanoClock} (nanoseconds, as {@link System#nanoTime});
     * a step is shown as {@code shownAs} rewrites its description (without the uid), e.g. in the
     * user's column names.
     */
    public RunningStages(LongSupplier nanoClock, UnaryOperator<String> shownAs) {
        this.nanoClock = nanoClock;
        this.shownAs = shownAs;
    }

    @Override
    public synchronized void onStageSubmitted(SparkListenerStageSubmitted submitted) {
        StageInfo info = submitted.stageInfo();
        String description = submitted.properties() == null ? null : submitted.properties().getProperty(StageTimer.DESCRIPTION);
        String stageStep = description == null ? "Spark stage " + info.name()
                : shownAs.apply(UID_PREFIX.matcher(description).replaceFirst(""));
        long now = nanoClock.getAsLong();
        running.remove(info.stageId());
        running.put(info.stageId(), new Running(info.attemptNumber(), stageStep, info.numTasks(), now));
        if (!stageStep.equals(step)) {
            step = stageStep;
            stepStart = now;
            stepRecords = 0;
            series = Series.of(stageStep, now, lastSeries);
            lastSeries = series != null ? series : lastSeries;
        }
    }

    @Override
    public synchronized void onTaskEnd(SparkListenerTaskEnd taskEnd) {
        Running stage = running.get(taskEnd.stageId());
        if (stage == null || stage.attempt != taskEnd.stageAttemptId() || taskEnd.taskInfo() == null
                || !taskEnd.taskInfo().successful() || stage.done.get(taskEnd.taskInfo().index())) {
            return;
        }
        stage.done.set(taskEnd.taskInfo().index());
        if (stage.step.equals(step)) {
            stepRecords += recordsRead(taskEnd.taskMetrics());
        }
    }

    @Override
    public synchronized void onStageCompleted(SparkListenerStageCompleted completed) {
        StageInfo info = completed.stageInfo();
        Running stage = running.get(info.stageId());
        if (stage != null && stage.attempt == info.attemptNumber()) {
            running.remove(info.stageId());
        }
    }

    /** Input rows plus shuffled records that a task read. */
    private static long recordsRead(TaskMetrics metrics) {
        return metrics == null ? 0 : metrics.inputMetrics().recordsRead() + metrics.shuffleReadMetrics().recordsRead();
    }

    /** The progress of the step now, empty when none of its stages is running (between jobs, or before the first). */
    public synchronized Optional<ProgressLine> now() {
        long now = nanoClock.getAsLong();
        int done = 0;
        int tasks = 0;
        long earliest = Long.MAX_VALUE;
        for (Running stage : running.values()) {
            if (stage.step.equals(step)) {
                done += stage.done.cardinality();
                tasks += stage.tasks;
                earliest = Math.min(earliest, stage.submitted);
            }
        }
        if (earliest == Long.MAX_VALUE) {
            return Optional.empty();
        }
        long left = done == 0 ? -1 : Math.round((double) (now - earliest) * (tasks - done) / done);
        return Optional.of(new ProgressLine(step, done, tasks, stepRecords, now - stepStart, left,
                series == null ? 0 : series.length(), series == null ? -1 : series.leftNanos(now, tasks == 0 ? 0 : (double) done / tasks)));
    }
}
