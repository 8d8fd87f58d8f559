package lapscore.deployment;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;

import lapscore.testkit.TaskStartPlugin;
import org.apache.spark.SparkContext;
import org.apache.spark.TaskContext;

/**
 * A Spark plugin that kills one executor JVM in the middle of a fit, once across the whole cluster, so
 * that a test can check that the fit survives the loss of an executor (its running task, its cached
 * blocks and its shuffle files) with the result of a clean run.
 *
 * <p>Like {@link lapscore.testkit.FaultInjection} it picks its tasks by the Spark job description,
 * which names the step of the fit, but it cannot be armed through a static field: the executors are
 * other JVMs. It is armed instead by two local properties of the thread that fits ({@link #arm}),
 * which Spark sends with every task of that thread's jobs: a fragment of the job description and the
 * path of a marker file. The first task of a matching job that manages to create the marker file
 * halts its JVM with {@link Runtime#halt} (no shutdown hooks, no goodbye to the driver: as a crash or
 * the kernel's OOM killer would). {@link File#createNewFile} is atomic across processes on one file
 * system, so exactly one executor dies, once: its replacement and every other executor find the file
 * already there and run their tasks.
 */
public final class ExecutorHalt extends TaskStartPlugin {

    /** The exit code of the halted executor, so that its death is recognisable in the worker's log. */
    public static final int EXIT_CODE = 86;

    private static final String STEP = "lapscore.test.haltDuring";
    private static final String MARKER = "lapscore.test.haltMarker";
    private static final String DESCRIPTION = "spark.job.description";

    /**
     * From now on, the jobs that the calling thread starts with a description containing {@code step}
     * halt the executor of their first task, unless {@code marker} exists.
     */
    public static void arm(SparkContext context, String step, File marker) {
        context.setLocalProperty(STEP, step);
        context.setLocalProperty(MARKER, marker.getAbsolutePath());
    }

    /** Undoes {@link #arm} for the calling thread. */
    public static void disarm(SparkContext context) {
        context.setLocalProperty(STEP, null);
        context.setLocalProperty(MARKER, null);
    }

    @Override
    protected void onTaskStart(TaskContext task) {
        String step = task.getLocalProperty(STEP);
        String marker = task.getLocalProperty(MARKER);
        if (step != null && marker != null && String.valueOf(task.getLocalProperty(DESCRIPTION)).contains(step)
                && firstToCreate(new File(marker))) {
            Runtime.getRuntime().halt(EXIT_CODE);
        }
    }

    private static boolean firstToCreate(File marker) {
        try {
            return marker.createNewFile();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
