package lapscore.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import org.apache.spark.TaskContext;
import org.apache.spark.util.TaskCompletionListener;

/**
 * A Spark plugin (installed by {@link SparkTestSession} through {@code spark.plugins}) that makes the
 * first attempt of some tasks fail while it is {@linkplain #during armed}, so that tests can check
 * that a fit survives Spark's task retries with exactly the result of a clean run.
 *
 * <p>Spark swallows exceptions thrown by the plugin's own callbacks, so the plugin instead adds to
 * each chosen task a completion listener that throws: Spark runs it when the task has done all its
 * work and then fails the task (the result is thrown away, the task is retried and counts towards
 * {@code spark.task.maxFailures}). The retry repeats work whose first result was discarded, which
 * would reveal tasks that change what they read. The first attempt of every task of an even
 * partition fails, so every stage loses at least one task (partition 0). Failures are counted by
 * the Spark job description, which opens with the name of the step of the fit
 * ({@link lapscore.progress.StepNames}). {@link #failingJobs} instead makes every attempt
 * of the tasks of some jobs fail, so that a fit loses a job for good. Off by default, so the other
 * tests run undisturbed.
 */
public final class FaultInjection extends TaskStartPlugin {

    private static volatile boolean armed;
    private static volatile String doomedJob;
    private static volatile int doomedOccurrence;
    /** The distinct descriptions of the jobs that contain {@link #doomedJob}, in the order their first task started. */
    private static final List<String> DOOMED_CANDIDATES = new ArrayList<>();
    private static final Map<String, AtomicInteger> INJECTED = new ConcurrentHashMap<>();

    /** Runs {@code work} with faults injected; returns its result and the failures injected, by job description. */
    public static synchronized <T> Injected<T> during(Supplier<T> work) {
        INJECTED.clear();
        armed = true;
        try {
            T result = work.get();
            Map<String, Integer> counts = new TreeMap<>();
            INJECTED.forEach((job, count) -> counts.put(job, count.get()));
            return new Injected<>(result, counts);
        } finally {
            armed = false;
        }
    }

    /**
     * Runs {@code work} while every attempt of every task of the Spark jobs whose description contains
     * {@code step} (a {@link lapscore.progress.StepNames} name) fails, so that those jobs fail
     * (after Spark's retries) and {@code work} sees the {@code SparkException} of a job lost for good.
     */
    public static void failingJobs(String step, Runnable work) {
        failingJobs(step, 0, work);
    }

    /**
     * As {@link #failingJobs(String, Runnable)}, but only the job of the {@code occurrence}-th distinct
     * description (from 1, in the order the jobs start) that contains {@code step} fails, e.g. the
     * second tree of a forest; 0 fails them all.
     */
    public static synchronized void failingJobs(String step, int occurrence, Runnable work) {
        synchronized (DOOMED_CANDIDATES) {
            DOOMED_CANDIDATES.clear();
        }
        doomedOccurrence = occurrence;
        doomedJob = step;
        try {
            work.run();
        } finally {
            doomedJob = null;
        }
    }

    /** Whether the tasks of the job described by {@code job}, which contains the doomed step, fail. */
    private static boolean isDoomed(String job) {
        if (doomedOccurrence == 0) {
            return true;
        }
        synchronized (DOOMED_CANDIDATES) {
            if (!DOOMED_CANDIDATES.contains(job)) {
                DOOMED_CANDIDATES.add(job);
            }
            return DOOMED_CANDIDATES.indexOf(job) == doomedOccurrence - 1;
        }
    }

    /** The result of work run with faults, and how many task attempts were failed in each Spark job. */
    public record Injected<T>(T result, Map<String, Integer> failuresByJob) {

        public int total() {
            return failuresByJob.values().stream().mapToInt(Integer::intValue).sum();
        }

        /** Failures in jobs whose description contains {@code fragment}. */
        public int in(String fragment) {
            return failuresByJob.entrySet().stream().filter(entry -> entry.getKey().contains(fragment))
                    .mapToInt(Map.Entry::getValue).sum();
        }
    }

    @Override
    protected void onTaskStart(TaskContext task) {
        String job = String.valueOf(task.getLocalProperty("spark.job.description"));
        String doomed = doomedJob;
        if (doomed != null && job.contains(doomed) && isDoomed(job)) {
            task.addTaskCompletionListener((TaskCompletionListener) done -> {
                throw new IllegalStateException("every attempt of job '" + doomed + "' fails, by the test");
            });
        } else if (armed && task.attemptNumber() == 0 && task.partitionId() % 2 == 0) {
            task.addTaskCompletionListener((TaskCompletionListener) done -> {
                INJECTED.computeIfAbsent(job, key -> new AtomicInteger()).incrementAndGet();
                throw new IllegalStateException("fault injected by the test into stage " + done.stageId() + ", partition "
                        + done.partitionId());
            });
        }
    }
}
