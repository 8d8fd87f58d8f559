package lapscore.progress;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.apache.spark.SparkContext;

/**
 * Runs the stages of a fit under descriptive Spark job descriptions (what a user watching the
 * Spark UI sees, e.g. "kNN graph (exact) 3/10: block pairs 19-27 of 91") and records the wall
 * time of each named stage for the model summary. {@link StageListener}s registered with
 * {@link #addListener} hear of every step their thread finishes, as it finishes.
 */
public final class StageTimer {

    /** The Spark local property that holds a job's description, which {@link #run} sets and listeners read from job and stage events. */
    public static final String DESCRIPTION = "spark.job.description";
    /** Listeners per thread: a fit runs its stages on the thread that called it, so fits on other threads stay apart. */
    private static final ThreadLocal<List<StageListener>> LISTENERS = ThreadLocal.withInitial(ArrayList::new);

    private final SparkContext sparkContext;
    private final String prefix;
    private final Map<String, Double> seconds = new LinkedHashMap<>();
    private TaskRows taskRows;
    private PairCounts pairCounts;

    /** Every job description starts with {@code prefix}, e.g. "LaplacianScoreSelector_1a2b: ". */
    public StageTimer(SparkContext sparkContext, String prefix) {
        this.sparkContext = sparkContext;
        this.prefix = prefix;
    }

    /** Runs {@code work} with the job description {@code description} and adds its time to {@code stage}. */
    public <T> T run(String stage, String description, Supplier<T> work) {
        String previous = sparkContext.getLocalProperty(DESCRIPTION);
        sparkContext.setJobDescription(prefix + description);
        long start = System.nanoTime();
        try {
            return work.get();
        } finally {
            double elapsed = (System.nanoTime() - start) / 1e9;
            seconds.merge(stage, elapsed, Double::sum);
            sparkContext.setJobDescription(previous);
            LISTENERS.get().forEach(listener -> listener.stepFinished(stage, description, elapsed));
        }
    }

    /**
     * From now on, tells {@code listener} of every step that a timer finishes on the calling thread
     * (the thread that calls {@code fit}), until {@link #removeListener} on the same thread.
     */
    public static void addListener(StageListener listener) {
        LISTENERS.get().add(listener);
    }

    /** Stops telling {@code listener} of the calling thread's steps. */
    public static void removeListener(StageListener listener) {
        LISTENERS.get().remove(listener);
    }

    /**
     * Where the tasks of this timer's steps record how many rows each holds at once
     * ({@link TaskRows}), registered with the timer's Spark context on first use.
     */
    public synchronized TaskRows taskRows() {
        if (taskRows == null) {
            taskRows = TaskRows.register(sparkContext);
        }
        return taskRows;
    }

    /**
     * Where the tasks of this timer's approximate search count the pair distances they compute
     * ({@link PairCounts}), registered with the timer's Spark context on first use.
     */
    public synchronized PairCounts pairCounts() {
        if (pairCounts == null) {
            pairCounts = PairCounts.register(sparkContext);
        }
        return pairCounts;
    }

    /** Seconds spent in {@code stage} so far (0 when it never ran). */
    public double secondsIn(String stage) {
        return seconds.getOrDefault(stage, 0.0);
    }
}
