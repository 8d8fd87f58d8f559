package lapscore.job;

import java.util.concurrent.atomic.AtomicBoolean;

import lapscore.progress.StepNames;
import lapscore.testkit.TaskStartPlugin;
import org.apache.spark.HeartbeatReceiver;
import org.apache.spark.SparkEnv;
import org.apache.spark.rpc.RpcEnv;
import org.apache.spark.util.RpcUtils;

/**
 * A Spark plugin for a local-mode run in a JVM of its own ({@link SparkExitTest}): when the first
 * task of a kNN step starts, it stops the driver's heartbeat receiver, so that the executor's next
 * heartbeat fails and Spark's executor, after {@code spark.executor.heartbeat.maxFailures} failures,
 * exits the JVM with status 56 from its own code ({@code Executor.reportHeartBeat}), as it does when
 * a task holds the executor's memory manager for minutes.
 */
public final class HeartbeatLoss extends TaskStartPlugin {

    private static final AtomicBoolean STOPPED = new AtomicBoolean();

    @Override
    protected void onTaskStart(org.apache.spark.TaskContext task) {
        if (String.valueOf(task.getLocalProperty("spark.job.description")).contains(StepNames.TREE)
                && STOPPED.compareAndSet(false, true)) {
            SparkEnv env = SparkEnv.get();
            RpcEnv rpc = env.rpcEnv();
            rpc.stop(RpcUtils.makeDriverRef(HeartbeatReceiver.ENDPOINT_NAME(), env.conf(), rpc));
        }
    }
}
