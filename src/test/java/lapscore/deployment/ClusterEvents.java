package lapscore.deployment;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerExecutorAdded;
import org.apache.spark.scheduler.SparkListenerExecutorRemoved;
import org.apache.spark.scheduler.SparkListenerStageSubmitted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

/**
 * What the driver heard of the cluster while it was registered: executors added and removed, failed
 * tasks, the stages submitted after the first failed task (when an executor is lost, the stages that
 * recompute its shuffle output, then the retried stage), the executors that ran successful tasks, the
 * (stage, partition) of every failed task and of every successful one, and the successful tasks that were
 * a retry (a task attempt or stage attempt after the first). Spark delivers these events on its
 * listener thread, after the fact, so the lists are safe to read from the test's thread but may lag
 * behind the jobs that caused them.
 */
final class ClusterEvents extends SparkListener {

    final List<String> added = new CopyOnWriteArrayList<>();
    final List<String> removed = new CopyOnWriteArrayList<>();
    final List<String> stagesAfterFailure = new CopyOnWriteArrayList<>();
    final List<String> failedTasks = new CopyOnWriteArrayList<>();
    final Set<String> executorsWithTasks = ConcurrentHashMap.newKeySet();
    final Set<String> failedPartitions = ConcurrentHashMap.newKeySet();
    final Set<String> computedPartitions = ConcurrentHashMap.newKeySet();
    final List<String> retriesThatSucceeded = new CopyOnWriteArrayList<>();

    @Override
    public void onExecutorAdded(SparkListenerExecutorAdded event) {
        added.add(event.executorId());
    }

    @Override
    public void onExecutorRemoved(SparkListenerExecutorRemoved event) {
        removed.add(event.executorId() + " (" + event.reason() + ")");
    }

    @Override
    public void onStageSubmitted(SparkListenerStageSubmitted event) {
        if (!failedTasks.isEmpty()) {
            stagesAfterFailure.add("stage " + event.stageInfo().stageId() + "." + event.stageInfo().attemptNumber() + " ("
                    + event.stageInfo().name() + ", " + event.stageInfo().numTasks() + " tasks)");
        }
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd event) {
        String partition = "stage " + event.stageId() + " partition " + event.taskInfo().partitionId();
        if (event.taskInfo().successful()) {
            executorsWithTasks.add(event.taskInfo().executorId());
            computedPartitions.add(partition);
            if (event.stageAttemptId() > 0 || event.taskInfo().attemptNumber() > 0) {
                retriesThatSucceeded.add(partition + " (stage attempt " + event.stageAttemptId() + ", task attempt "
                        + event.taskInfo().attemptNumber() + ")");
            }
        } else {
            failedTasks.add(event.reason().getClass().getSimpleName());
            failedPartitions.add(partition);
        }
    }
}
