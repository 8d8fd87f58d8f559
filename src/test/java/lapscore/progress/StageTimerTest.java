package lapscore.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import lapscore.testkit.SparkTestSession;
import org.apache.spark.SparkContext;
import org.junit.jupiter.api.Test;

/** A listener hears the steps of its own thread only, so two fits on two threads do not print each other's progress. */
class StageTimerTest {

    @Test
    void listenersHearTheirOwnThreadsStepsOnly() throws InterruptedException {
        SparkContext context = SparkTestSession.spark().sparkContext();
        List<String> heard = new CopyOnWriteArrayList<>();
        StageListener listener = (stage, description, seconds) -> heard.add(stage + ": " + description);
        StageTimer.addListener(listener);
        try {
            Thread other = new Thread(() -> new StageTimer(context, "other: ").run(Stage.GRAPH, "elsewhere", () -> 1));
            other.start();
            other.join();
            double seconds = new StageTimer(context, "mine: ").run(Stage.SCORES, "here", () -> 2.0);
            assertEquals(2.0, seconds);
        } finally {
            StageTimer.removeListener(listener);
        }
        new StageTimer(context, "after: ").run(Stage.SCORES, "after removal", () -> 3);
        assertEquals(List.of(Stage.SCORES + ": here"), heard);
    }
}
