package lapscore.terminal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

import lapscore.progress.StageTimer;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerStageCompleted;
import org.apache.spark.scheduler.SparkListenerStageSubmitted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import scala.Tuple2;

/**
 * The progress of a real job's events, replayed at times the test chooses: the tasks done of their
 * number, the records read and the times shown; plain lines only for a step that runs long enough,
 * and a terminal's line wiped before the command's own lines.
 */
class LiveProgressTest {

    private static final String STEP = "NN-descent round 2 (at most 5): local joins";
    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);
    private static final Pattern TASKS = Pattern.compile("(\\d+)/(\\d+) tasks");

    /** The events of one job: a map stage of 6 tasks, then a reduce stage of 4 that reads its shuffle. */
    private static final List<SparkListenerStageSubmitted> SUBMITTED = new ArrayList<>();
    private static final List<SparkListenerTaskEnd> MAP_TASKS = new ArrayList<>();
    private static final List<SparkListenerTaskEnd> REDUCE_TASKS = new ArrayList<>();
    private static final List<SparkListenerStageCompleted> COMPLETED = new ArrayList<>();

    private final AtomicLong clock = new AtomicLong();

    /** Records the events of the stages submitted under {@link #STEP}, in the order Spark posts them. */
    private static final class Recorder extends SparkListener {
        private final Set<Integer> stages = new HashSet<>();

        @Override
        public synchronized void onStageSubmitted(SparkListenerStageSubmitted submitted) {
            if (submitted.properties() != null && submitted.properties().getProperty(StageTimer.DESCRIPTION, "").endsWith(STEP)) {
                stages.add(submitted.stageInfo().stageId());
                SUBMITTED.add(submitted);
            }
        }

        @Override
        public synchronized void onTaskEnd(SparkListenerTaskEnd taskEnd) {
            if (stages.contains(taskEnd.stageId())) {
                (taskEnd.stageId() == SUBMITTED.get(0).stageInfo().stageId() ? MAP_TASKS : REDUCE_TASKS).add(taskEnd);
            }
        }

        @Override
        public synchronized void onStageCompleted(SparkListenerStageCompleted completed) {
            if (stages.contains(completed.stageInfo().stageId())) {
                COMPLETED.add(completed);
            }
        }
    }

    @BeforeAll
    static void recordJob() {
        SparkContext context = SparkTestSession.spark().sparkContext();
        context.setJobDescription("LaplacianScoreSelector_0123456789ab: " + STEP);
        try (ListenerScope ignored = ListenerScope.listen(context, new Recorder())) {
            JavaSparkContext.fromSparkContext(context).parallelize(IntStream.rangeClosed(1, 60).boxed().toList(), 6)
                    .mapToPair(number -> new Tuple2<>(number % 3, 1)).reduceByKey(Integer::sum, 4).count();
        } finally {
            context.setJobDescription(null);
        }
        assertEquals(2, SUBMITTED.size(), "a map stage and a reduce stage");
        assertEquals(6, MAP_TASKS.size());
        assertEquals(4, REDUCE_TASKS.size());
    }

    private LiveProgress progress(PrintStream out, boolean terminal, int width) {
        return new LiveProgress(out, new LiveProgress.Display(terminal, StandardCharsets.UTF_8, width, 30 * SECOND), clock::get,
                UnaryOperator.identity());
    }

    private void at(long seconds) {
        clock.set(seconds * SECOND);
    }

    @Test
    void countsTasksRecordsAndTimesOfTheRunningStages() {
        LiveProgress progress = progress(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), false, 80);
        RunningStages stages = progress.stages();
        at(100);
        stages.onStageSubmitted(SUBMITTED.get(0));
        ProgressLine started = stages.now().orElseThrow();
        assertEquals(STEP, started.step(), "the uid before the description is not shown");
        assertEquals(List.of(0, 6, -1L), List.of(started.tasksDone(), started.tasks(), started.leftNanos()),
                "no estimate before a task has finished");

        at(110);
        MAP_TASKS.subList(0, 3).forEach(stages::onTaskEnd);
        ProgressLine half = stages.now().orElseThrow();
        assertEquals(List.of(3, 6), List.of(half.tasksDone(), half.tasks()));
        assertEquals(10 * SECOND, half.elapsedNanos());
        assertEquals(10 * SECOND, half.leftNanos(), "3 tasks in 10 s leave 3 more for another 10 s");

        MAP_TASKS.subList(3, 6).forEach(stages::onTaskEnd);
        MAP_TASKS.subList(0, 1).forEach(stages::onTaskEnd);
        assertEquals(6, stages.now().orElseThrow().tasksDone(), "a task heard twice counts once");
        stages.onStageCompleted(COMPLETED.get(0));
        assertTrue(stages.now().isEmpty(), "between the stages, nothing runs");

        at(120);
        stages.onStageSubmitted(SUBMITTED.get(1));
        at(140);
        REDUCE_TASKS.subList(0, 1).forEach(stages::onTaskEnd);
        ProgressLine reducing = stages.now().orElseThrow();
        assertEquals(List.of(1, 4), List.of(reducing.tasksDone(), reducing.tasks()), "the reduce stage's tasks only");
        assertEquals(40 * SECOND, reducing.elapsedNanos(), "the step began with its first stage");
        assertEquals(60 * SECOND, reducing.leftNanos(), "1 task in 20 s leaves 3 more for 60 s");

        REDUCE_TASKS.subList(1, 4).forEach(stages::onTaskEnd);
        // Each of the 6 map tasks combines its 10 numbers into one record per residue mod 3, so the
        // reduce tasks read 6 x 3 shuffled records; the map tasks read no input (a parallelized list).
        assertEquals(6 * 3, stages.now().orElseThrow().records());
        stages.onStageCompleted(COMPLETED.get(1));
        assertTrue(stages.now().isEmpty());
    }

    @Test
    void plainLinesOnlyOnceAStepHasRunTheInterval() {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        LiveProgress progress = progress(new PrintStream(printed, true, StandardCharsets.UTF_8), false, 80);
        RunningStages stages = progress.stages();
        at(0);
        stages.onStageSubmitted(SUBMITTED.get(0));
        at(1);
        MAP_TASKS.subList(0, 2).forEach(stages::onTaskEnd);
        for (long second = 1; second < 30; second++) {
            at(second);
            progress.refresh();
        }
        assertEquals("", printed.toString(StandardCharsets.UTF_8), "a step shorter than the interval prints nothing");
        at(30);
        progress.refresh();
        at(31);
        MAP_TASKS.subList(2, 5).forEach(stages::onTaskEnd);
        for (long second = 31; second < 60; second++) {
            at(second);
            progress.refresh();
        }
        at(60);
        progress.refresh();
        progress.close();
        List<String> lines = printed.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(List.of("2/6", "5/6"), lines.stream().map(LiveProgressTest::tasks).toList(),
                "one line at 30 s and one at 60 s: " + lines);
        assertTrue(lines.stream().allMatch(line -> line.startsWith("  NN-descent round 2 (at most 5): ")
                && line.endsWith(" left (local joins)")), lines.toString());
    }

    @Test
    void aTerminalsLineIsRedrawnInPlaceAndWipedBeforeTheCommandsLines() {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        int width = 100;
        LiveProgress progress = progress(new PrintStream(printed, true, StandardCharsets.UTF_8), true, width);
        RunningStages stages = progress.stages();
        at(0);
        stages.onStageSubmitted(SUBMITTED.get(0));
        at(1);
        MAP_TASKS.subList(0, 1).forEach(stages::onTaskEnd);
        progress.refresh();
        String firstDrawn = screen(printed);
        at(2);
        MAP_TASKS.subList(1, 4).forEach(stages::onTaskEnd);
        progress.refresh();
        String redrawn = screen(printed);
        progress.output().println("[graph] a finished step: 1.00 s");
        progress.output().print("[graph] a line printed ");
        progress.refresh();
        progress.output().println("in two pieces");
        progress.close();

        assertEquals("1/6", tasks(firstDrawn));
        assertEquals("4/6", tasks(redrawn));
        assertTrue(redrawn.length() < width && redrawn.startsWith("  NN-descent round 2 (at most 5): 4/6 tasks")
                && redrawn.contains(" left"), "the line fits the terminal: " + redrawn);
        assertEquals(List.of("[graph] a finished step: 1.00 s", "[graph] a line printed in two pieces"),
                Arrays.stream(screen(printed).split("\n")).map(String::stripTrailing).toList(),
                "the progress line is wiped, never drawn inside the command's lines, and gone once closed");
    }

    @Test
    void durationsAndCountsAreWrittenForPeople() {
        assertEquals(List.of("0s", "52s", "1m40s", "2h05m"), List.of(ProgressLine.duration(0),
                ProgressLine.duration(52 * SECOND), ProgressLine.duration(100 * SECOND), ProgressLine.duration((2 * 3600 + 5 * 60) * SECOND)));
        assertEquals(List.of("7", "12k", "3.2M", "1.0M", "1.5G"), List.of(ProgressLine.compact(7), ProgressLine.compact(12_345),
                ProgressLine.compact(3_210_000), ProgressLine.compact(999_999), ProgressLine.compact(1_500_000_000)));
    }

    /**
     * At 80 columns the step keeps its number in its series and the counts stay whole; what matters
     * least (the description's rest, the records, the time elapsed) goes first. Without a width limit
     * (plain lines) everything is shown.
     */
    @Test
    void aNarrowTerminalKeepsTheStepAndItsNumber() {
        ProgressLine line = new ProgressLine("kNN graph (approximate) refinement 3/20: local joins of 62 blocks, new and old"
                + " candidates", 40, 62, 3_210_000, 100 * SECOND, 25 * SECOND, 20, 250 * SECOND);
        String narrow = line.text(80);
        assertTrue(narrow.length() <= 80 && narrow.contains("refinement 3/20: 40/62 tasks, ") && narrow.endsWith(
                "~25s left, ~4m10s for all 20"), narrow);
        assertEquals("  kNN graph (approximate) refinement 3/20: 40/62 tasks, 3.2M records, 1m40s, ~25s left, ~4m10s for all"
                + " 20 (local joins of 62 blocks, new and old candidates)", line.text(Integer.MAX_VALUE));
        assertEquals("  kNN graph (approximate) refinement 3/20: 40/62 tasks, 3.2M records, 1m40s, ~25s left, ~4m10s for all"
                + " 20", line.text(110));
        String tiny = line.text(60);
        assertTrue(tiny.length() <= 60 && tiny.startsWith("  ...") && tiny.contains("ment 3/20: 40/62 tasks"), tiny);
    }

    /**
     * Numbered steps of one series are timed together: refinement 1/4 took 10 s; 2/4 is half done 5 s
     * later, so 1.5 of the 4 steps took 15 s and the 2.5 left need 25 s more.
     */
    @Test
    void aSeriesOfNumberedStepsIsEstimatedAsAWhole() {
        RunningStages stages = progress(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), false, 80)
                .stages();
        at(0);
        stages.onStageSubmitted(described(SUBMITTED.get(0), "kNN graph (approximate) refinement 1/4: local joins"));
        at(10);
        MAP_TASKS.forEach(stages::onTaskEnd);
        stages.onStageCompleted(COMPLETED.get(0));
        stages.onStageSubmitted(described(SUBMITTED.get(0), "kNN graph (approximate) refinement 2/4: local joins"));
        at(15);
        MAP_TASKS.subList(0, 3).forEach(stages::onTaskEnd);
        ProgressLine second = stages.now().orElseThrow();
        assertEquals(4, second.seriesLength());
        assertEquals(25 * SECOND, second.seriesLeftNanos());
        assertEquals(5 * SECOND, second.leftNanos(), "the step itself: 3 of 6 tasks in 5 s");
    }

    /** {@code submitted} as if its job were described as {@code step}. */
    private static SparkListenerStageSubmitted described(SparkListenerStageSubmitted submitted, String step) {
        Properties properties = new Properties();
        properties.setProperty(StageTimer.DESCRIPTION, "LaplacianScoreSelector_0123456789ab: " + step);
        return new SparkListenerStageSubmitted(submitted.stageInfo(), properties);
    }

    /** What a terminal shows of {@code printed}: each carriage return moves back to the start of the line, which is overwritten. */
    private static String screen(ByteArrayOutputStream printed) {
        StringBuilder screen = new StringBuilder();
        int lineStart = 0;
        int column = 0;
        for (char c : printed.toString(StandardCharsets.UTF_8).toCharArray()) {
            if (c == '\r') {
                column = 0;
            } else if (c == '\n') {
                screen.append('\n');
                lineStart = screen.length();
                column = 0;
            } else {
                int at = lineStart + column;
                if (at < screen.length()) {
                    screen.setCharAt(at, c);
                } else {
                    screen.append(c);
                }
                column++;
            }
        }
        return screen.toString();
    }

    private static String tasks(String line) {
        Matcher matcher = TASKS.matcher(line);
        return matcher.find() ? matcher.group(1) + "/" + matcher.group(2) : "none in '" + line + "'";
    }
}
