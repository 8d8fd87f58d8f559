package lapscore.progress;

import org.apache.spark.SparkContext;
import org.apache.spark.util.AccumulatorV2;

/**
 * The most rows one task held at once (its own rows plus those gathered for it), counted by the
 * tasks themselves: a Spark accumulator named {@value #NAME} whose value is the largest count any
 * task recorded. A step that holds rows calls {@link #record} from its tasks with what it holds; a
 * listener on the driver (the command line's {@code lapscore.terminal.TaskRowsListener}) reads every finished task's count from the
 * task's accumulator updates, so the number a fit reports is counted, not derived from a setting.
 * Taking the largest value, a retried task cannot inflate it.
 */
public final class TaskRows extends AccumulatorV2<Long, Long> {

    /** The accumulator's name, by which the listener finds it in a task's updates. */
    public static final String NAME = "lapscore: most rows held by one task";

    private long most = -1;

    /** A new accumulator, registered with {@code sparkContext} under {@value #NAME}. */
    public static TaskRows register(SparkContext sparkContext) {
        TaskRows rows = new TaskRows();
        sparkContext.register(rows, NAME);
        return rows;
    }

    /** Records, from a task, that it holds {@code rows} rows at once. */
    public void record(long rows) {
        add(rows);
    }

    @Override
    public boolean isZero() {
        return most < 0;
    }

    @Override
    public AccumulatorV2<Long, Long> copy() {
        TaskRows copy = new TaskRows();
        copy.most = most;
        return copy;
    }

    @Override
    public void reset() {
        most = -1;
    }

    @Override
    public void add(Long rows) {
        most = Math.max(most, rows);
    }

    @Override
    public void merge(AccumulatorV2<Long, Long> other) {
        most = Math.max(most, ((TaskRows) other).most);
    }

    /** The most rows recorded, 0 when none was. */
    @Override
    public Long value() {
        return Math.max(0, most);
    }
}
