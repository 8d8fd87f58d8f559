package lapscore.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import lapscore.progress.StageTimer;
import org.apache.spark.executor.TaskMetrics;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.StageInfo;

import scala.jdk.javaapi.CollectionConverters;

/**
 * What the tasks of each step did ({@link StepWork}: their time, processor time, shuffle writing and
 * waiting, garbage collection, and shuffle bytes), from Spark's own task metrics: a listener that
 * maps each stage to the job description ({@value StageTimer#DESCRIPTION}) of the first job that
 * listed it, and adds every finished task's metrics to that description. A step run under one
 * description (one NN-descent round, say) thus gets the work of all its jobs' stages; a stage shared
 * with a later job, which Spark skips there, stays with the job that ran it. Retried tasks count:
 * their work was done. Each event costs O(1) (a job start O(stages of the job)).
 */
public final class StepLedger extends SparkListener {

    /** The step of jobs that have no description. */
    static final String NO_DESCRIPTION = "";

    private final Map<Integer, String> stepOfStage = new ConcurrentHashMap<>();
    private final Map<String, StepWork> workByStep = new LinkedHashMap<>();

    @Override
    public void onJobStart(SparkListenerJobStart jobStart) {
        String description = jobStart.properties() == null ? null : jobStart.properties().getProperty(StageTimer.DESCRIPTION);
        String step = description == null ? NO_DESCRIPTION : description;
        synchronized (this) {
            workByStep.putIfAbsent(step, StepWork.NONE);
        }
        for (StageInfo stage : CollectionConverters.asJava(jobStart.stageInfos())) {
            stepOfStage.putIfAbsent(stage.stageId(), step);
        }
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd taskEnd) {
        TaskMetrics metrics = taskEnd.taskMetrics();
        if (metrics == null) {
            return;
        }
        StepWork task = new StepWork(metrics.executorRunTime() / 1e3, metrics.executorCpuTime() / 1e9,
                metrics.shuffleWriteMetrics().writeTime() / 1e9, metrics.shuffleReadMetrics().fetchWaitTime() / 1e3,
                metrics.jvmGCTime() / 1e3, metrics.shuffleWriteMetrics().bytesWritten());
        String step = stepOfStage.getOrDefault(taskEnd.stageId(), NO_DESCRIPTION);
        synchronized (this) {
            workByStep.merge(step, task, StepWork::plus);
        }
    }

    /** The work of every job description heard, in the order the descriptions' first jobs started. */
    public synchronized Map<String, StepWork> workByStep() {
        return new LinkedHashMap<>(workByStep);
    }

    /** Shuffle bytes written by the steps whose description contains {@code name}, in the order they started. */
    public synchronized List<Long> bytesOfSteps(String name) {
        return workByStep.entrySet().stream().filter(step -> step.getKey().contains(name))
                .map(step -> step.getValue().shuffleBytes()).toList();
    }

    /** Shuffle bytes written by every task heard. */
    public synchronized long totalBytes() {
        return workByStep.values().stream().mapToLong(StepWork::shuffleBytes).sum();
    }

    /**
     * The summed work of tasks, in seconds unless named otherwise.
     *
     * @param taskSeconds        the tasks' run time (Spark's {@code executorRunTime}): from their start
     *                           on an executor to their end, deserialising the task excluded
     * @param cpuSeconds         of that, time on a processor ({@code executorCpuTime})
     * @param shuffleWriteSeconds of that, time writing shuffle files ({@code shuffleWriteMetrics.writeTime})
     * @param shuffleWaitSeconds of that, time blocked on fetching shuffle blocks ({@code fetchWaitTime})
     * @param gcSeconds          garbage collection while the tasks ran ({@code jvmGCTime}; on a shared
     *                           executor JVM, every pause that overlapped a task counts for it)
     * @param shuffleBytes       shuffle bytes written
     */
    public record StepWork(double taskSeconds, double cpuSeconds, double shuffleWriteSeconds, double shuffleWaitSeconds,
                           double gcSeconds, long shuffleBytes) {

        /** No task. */
        public static final StepWork NONE = new StepWork(0, 0, 0, 0, 0, 0);

        /** The work of these tasks and of {@code other}'s. */
        public StepWork plus(StepWork other) {
            return new StepWork(taskSeconds + other.taskSeconds, cpuSeconds + other.cpuSeconds,
                    shuffleWriteSeconds + other.shuffleWriteSeconds, shuffleWaitSeconds + other.shuffleWaitSeconds,
                    gcSeconds + other.gcSeconds, shuffleBytes + other.shuffleBytes);
        }
    }
}
