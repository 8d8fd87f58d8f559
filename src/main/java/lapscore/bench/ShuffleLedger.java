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
 * The shuffle bytes that tasks wrote, per step: a listener that maps each stage to the job
 * description ({@value StageTimer#DESCRIPTION}) of the first job that listed it, and adds every finished
 * task's shuffle-write bytes to that description. A step run under one description (one NN-descent
 * round, say) thus gets the bytes of all its jobs' stages; a stage shared with a later job, which
 * Spark skips there, stays with the job that ran it. Retried tasks count: their bytes were written.
 * Each event costs O(1) (a job start O(stages of the job)).
 */
public final class ShuffleLedger extends SparkListener {

    /** The step of jobs that have no description. */
    static final String NO_DESCRIPTION = "";

    private final Map<Integer, String> stepOfStage = new ConcurrentHashMap<>();
    private final Map<String, Long> bytesByStep = new LinkedHashMap<>();

    @Override
    public void onJobStart(SparkListenerJobStart jobStart) {
        String description = jobStart.properties() == null ? null : jobStart.properties().getProperty(StageTimer.DESCRIPTION);
        String step = description == null ? NO_DESCRIPTION : description;
        synchronized (this) {
            bytesByStep.putIfAbsent(step, 0L);
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
        long bytes = metrics.shuffleWriteMetrics().bytesWritten();
        String step = stepOfStage.getOrDefault(taskEnd.stageId(), NO_DESCRIPTION);
        synchronized (this) {
            bytesByStep.merge(step, bytes, Long::sum);
        }
    }

    /** Shuffle bytes written per job description, in the order the descriptions' first jobs started. */
    public synchronized Map<String, Long> bytesByStep() {
        return new LinkedHashMap<>(bytesByStep);
    }

    /** Shuffle bytes written by the steps whose description contains {@code name}, in the order they started. */
    public synchronized List<Long> bytesOfSteps(String name) {
        return bytesByStep.entrySet().stream().filter(step -> step.getKey().contains(name)).map(Map.Entry::getValue).toList();
    }

    /** Shuffle bytes written by every task heard. */
    public synchronized long totalBytes() {
        return bytesByStep.values().stream().mapToLong(Long::longValue).sum();
    }
}
