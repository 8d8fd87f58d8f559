package lapscore.terminal;

import java.util.List;
import java.util.concurrent.TimeoutException;

import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListenerInterface;

/**
 * Listeners added to a Spark context for the work of one try-with-resources block. Spark delivers
 * its events (task ends, job starts) on its listener bus, asynchronously: a job's result may reach
 * the driver before the last of its task ends reaches a listener. {@link #close} therefore waits
 * until the bus has delivered every event posted so far, then removes the listeners, so that what
 * they counted is complete when the block ends; {@link #heardAll} says whether the bus did drain
 * within {@link #DRAIN_MILLIS}.
 */
public final class ListenerScope implements AutoCloseable {

    /** How long {@link #close} waits for the listener bus to deliver the events already posted. */
    public static final long DRAIN_MILLIS = 60_000;

    private final SparkContext sparkContext;
    private final List<SparkListenerInterface> listeners;
    private boolean heardAll;

    private ListenerScope(SparkContext sparkContext, List<SparkListenerInterface> listeners) {
        this.sparkContext = sparkContext;
        this.listeners = listeners;
    }

    /** Adds {@code listeners} to {@code sparkContext} until {@link #close}. */
    public static ListenerScope listen(SparkContext sparkContext, SparkListenerInterface... listeners) {
        List<SparkListenerInterface> added = List.of(listeners);
        added.forEach(sparkContext::addSparkListener);
        return new ListenerScope(sparkContext, added);
    }

    /** Waits until the listener bus has delivered the events posted so far (at most {@link #DRAIN_MILLIS}), then removes the listeners. */
    @Override
    public void close() {
        try {
            sparkContext.listenerBus().waitUntilEmpty(DRAIN_MILLIS);
            heardAll = true;
        } catch (TimeoutException late) {
            heardAll = false;
        } finally {
            listeners.forEach(sparkContext::removeSparkListener);
        }
    }

    /** Whether, at {@link #close}, the listeners had heard every event posted while they listened. */
    public boolean heardAll() {
        return heardAll;
    }
}
