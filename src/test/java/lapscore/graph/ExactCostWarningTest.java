package lapscore.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import lapscore.graph.search.KnnMethod;
import lapscore.progress.StepNames;
import lapscore.selection.LaplacianScoreSelector;
import lapscore.testkit.FaultInjection;
import lapscore.testkit.SparkTestSession;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;
import org.apache.spark.SparkException;
import org.junit.jupiter.api.Test;

/**
 * {@code knnMethod = exact} on more rows than {@code auto} would search exactly is allowed, but
 * {@link GraphBuilder} logs the spec's cost warning (m^2 / 2 distances and their multiply-adds, worded by
 * {@link KnnMethod#exactCostWarning}) before any work on the graph (the test makes the first job after
 * it fail, so that the join does not run).
 */
class ExactCostWarningTest {

    /** Log events of {@link GraphBuilder}'s logger while {@code work} runs. */
    private static List<LogEvent> logOf(Runnable work) {
        Logger logger = (Logger) LogManager.getLogger(GraphBuilder.class);
        List<LogEvent> events = new CopyOnWriteArrayList<>();
        AbstractAppender capture = new AbstractAppender("capture", null, null, true, Property.EMPTY_ARRAY) {
            @Override
            public void append(LogEvent event) {
                events.add(event.toImmutable());
            }
        };
        capture.start();
        logger.addAppender(capture);
        try {
            work.run();
        } finally {
            logger.removeAppender(capture);
            capture.stop();
        }
        return events;
    }

    @Test
    void explicitExactOnManyRowsWarnsBeforeTheJoin() {
        double[][] rows = new double[(int) KnnMethod.AUTO_EXACT_MAX_ROWS + 1][1];
        for (int i = 0; i < rows.length; i++) {
            rows[i][0] = i % 1013;
        }
        List<LogEvent> log = logOf(() -> FaultInjection.failingJobs(StepNames.CUTTING, () -> assertThrows(SparkException.class,
                () -> new LaplacianScoreSelector().setKnnMethod("exact").fit(SparkTestSession.denseFrame(rows, 2)))));
        List<LogEvent> warnings = log.stream().filter(event -> event.getLevel() == Level.WARN).toList();
        assertEquals(1, warnings.size(), "one warning: " + log);
        String message = warnings.get(0).getMessage().getFormattedMessage();
        int cores = SparkTestSession.spark().sparkContext().defaultParallelism();
        assertEquals(KnnMethod.exactCostWarning(rows.length, 1, cores).orElseThrow(), message);
    }
}
