package lapscore.terminal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import lapscore.progress.TaskRows;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;

/** The most rows one task recorded, heard from the task ends once the listener scope has closed. */
class TaskRowsListenerTest {

    @Test
    void theLargestCountOfAnyTaskIsHeardBeforeTheScopeCloses() {
        SparkContext context = SparkTestSession.spark().sparkContext();
        TaskRows rows = TaskRows.register(context);
        TaskRowsListener listener = new TaskRowsListener();
        // Four tasks of one number each record that number as the rows they hold: the most is 9.
        List<Integer> sizes = List.of(3, 9, 5, 7);
        ListenerScope listening = ListenerScope.listen(context, listener);
        try (listening) {
            JavaSparkContext.fromSparkContext(context).parallelize(sizes, sizes.size()).foreach(size -> rows.record(size));
        }
        assertTrue(listening.heardAll());
        assertEquals(9, listener.mostRows());
        listener.reset();
        assertEquals(0, listener.mostRows());
    }
}
