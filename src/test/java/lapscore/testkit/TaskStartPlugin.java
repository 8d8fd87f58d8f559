package lapscore.testkit;

import org.apache.spark.TaskContext;
import org.apache.spark.api.plugin.DriverPlugin;
import org.apache.spark.api.plugin.ExecutorPlugin;
import org.apache.spark.api.plugin.SparkPlugin;

/**
 * A test-only Spark plugin that acts on the executors when a task starts, and not on the driver: the
 * shared shape of {@link FaultInjection} and the cluster tests' executor halt. Installed through
 * {@code spark.plugins}, so a subclass needs a public no-argument constructor.
 */
public abstract class TaskStartPlugin implements SparkPlugin {

    /** Called on the executor as {@code task} starts, before it reads anything. */
    protected abstract void onTaskStart(TaskContext task);

    @Override
    public final DriverPlugin driverPlugin() {
        return null;
    }

    @Override
    public final ExecutorPlugin executorPlugin() {
        return new ExecutorPlugin() {
            @Override
            public void onTaskStart() {
                TaskStartPlugin.this.onTaskStart(TaskContext.get());
            }
        };
    }
}
