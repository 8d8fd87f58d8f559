package io.github.lapscore.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.lapscore.FaultInjection;
import io.github.lapscore.SparkTestSession;
import io.github.lapscore.graph.search.KnnMethod;
import io.github.lapscore.selection.LaplacianScoreSelector;
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
 * logs a warning with its cost (m^2 / 2 distances and a rough time) before any work on the graph
 * (the test makes the first job after it fail, so that the join does not run).
 */
class ExactCostWarningTest {

    @Test
    void noWarningWhereAutoIsExactToo() {
        assertTrue(KnnMethod.exactCostWarning(KnnMethod.AUTO_EXACT_MAX_ROWS, 50, 2).isEmpty());
    }

    @Test
    void warningGivesTheDistancesAndATimeThatGrowsWithTheirSquare() {
        String twoMillion = KnnMethod.exactCostWarning(2_000_000, 50, 2).orElseThrow();
        assertTrue(twoMillion.startsWith("knnMethod = exact on 2,000,000 rows computes 2.0e+12 distances (about "), twoMillion);
        assertTrue(twoMillion.contains("knnMethod = auto or approximate"), twoMillion);
        String justAbove = KnnMethod.exactCostWarning(KnnMethod.AUTO_EXACT_MAX_ROWS + 1, 50, 2).orElseThrow();
        assertTrue(justAbove.contains("5.0e+09 distances (about 38 seconds on 2 cores"),
                "the README's benchmark: 100 000 x 50 in about 40 s on 2 cores; " + justAbove);
        assertTrue(twoMillion.contains("(about 4 hours on 2 cores"), "400 times the pairs, 250 minutes; " + twoMillion);
    }

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
        List<LogEvent> log = logOf(() -> FaultInjection.failingJobs("Cutting", () -> assertThrows(SparkException.class,
                () -> new LaplacianScoreSelector().setKnnMethod("exact").fit(SparkTestSession.denseFrame(rows, 2)))));
        List<LogEvent> warnings = log.stream().filter(event -> event.getLevel() == Level.WARN).toList();
        assertEquals(1, warnings.size(), "one warning: " + log);
        String message = warnings.get(0).getMessage().getFormattedMessage();
        assertTrue(message.startsWith("knnMethod = exact on 100,001 rows computes 5.0e+09 distances"), message);
    }
}
