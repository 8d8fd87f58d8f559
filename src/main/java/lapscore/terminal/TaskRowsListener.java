package lapscore.terminal;

import java.util.concurrent.atomic.AtomicLong;

import lapscore.progress.TaskRows;
import org.apache.spark.scheduler.AccumulableInfo;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

import scala.collection.Iterator;

/**
 * Hears every finished task's {@link TaskRows} update and keeps the largest: the most rows one task
 * held at once since it was added to the Spark context ({@code sparkContext.addSparkListener}) or
 * last {@link #reset}. Spark posts task ends on its listener bus, asynchronously: read
 * {@link #mostRows} once the jobs of interest have returned and the bus has drained (a job's result
 * reaches the driver before its last task-end event may be heard).
 */
public final class TaskRowsListener extends SparkListener {

    private final AtomicLong most = new AtomicLong();

    @Override
    public void onTaskEnd(SparkListenerTaskEnd taskEnd) {
        if (taskEnd.taskInfo() == null) {
            return;
        }
        Iterator<AccumulableInfo> updates = taskEnd.taskInfo().accumulables().iterator();
        while (updates.hasNext()) {
            AccumulableInfo update = updates.next();
            if (update.name().isDefined() && TaskRows.NAME.equals(update.name().get()) && update.update().isDefined()) {
                long rows = ((Number) update.update().get()).longValue();
                most.accumulateAndGet(rows, Math::max);
            }
        }
    }

    /** The most rows one task held, over the tasks heard so far. */
    public long mostRows() {
        return most.get();
    }

    /** Forgets the tasks heard so far. */
    public void reset() {
        most.set(0);
    }
}
