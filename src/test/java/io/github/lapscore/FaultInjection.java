package io.github.lapscore;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import org.apache.spark.TaskContext;
import org.apache.spark.api.plugin.DriverPlugin;
import org.apache.spark.api.plugin.ExecutorPlugin;
import org.apache.spark.api.plugin.SparkPlugin;

/**
 * A Spark plugin (installed by {@link SparkTestSession} through {@code spark.plugins}) that makes the
 * first attempt of some tasks fail while it is {@linkplain #during armed}, so that tests can check
 * that a fit survives Spark's task retries with exactly the result of a clean run.
 *
 * <p>The first attempt of every task of an even partition fails, so every stage loses at least one
 * task (partition 0). Depending on the stage and partition, it fails when it starts or after it has
 * done all its work (the executor calls {@code onTaskSucceeded} before it reports the result, and a
 * throw there fails the task): the retry then repeats work whose first result was thrown away, which
 * would reveal tasks that change what they read. Failures are counted by the Spark job description,
 * which names the step of the fit.
 * Off by default, so the other tests run undisturbed.
 */
public final class FaultInjection implements SparkPlugin {

    private static volatile boolean armed;
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
    public DriverPlugin driverPlugin() {
        return null;
    }

    @Override
    public ExecutorPlugin executorPlugin() {
        return new ExecutorPlugin() {
            /** The running task of each task thread: Spark has already unset its context when {@code onTaskSucceeded} is called. */
            private final ThreadLocal<TaskContext> running = new ThreadLocal<>();

            @Override
            public void onTaskStart() {
                running.set(TaskContext.get());
                failIfChosen(running.get(), true);
            }

            @Override
            public void onTaskSucceeded() {
                failIfChosen(running.get(), false);
            }
        };
    }

    private static void failIfChosen(TaskContext task, boolean atStart) {
        if (!armed || task == null || task.attemptNumber() > 0) {
            return;
        }
        boolean failsAtStart = (task.stageId() + task.partitionId() / 2) % 2 == 0;
        if (task.partitionId() % 2 != 0 || failsAtStart != atStart) {
            return;
        }
        String job = String.valueOf(task.getLocalProperty("spark.job.description"));
        INJECTED.computeIfAbsent(job, key -> new AtomicInteger()).incrementAndGet();
        throw new IllegalStateException("fault injected by the test into stage " + task.stageId() + ", partition "
                + task.partitionId() + (atStart ? " at its start" : " after its work"));
    }
}
