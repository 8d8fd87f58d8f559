package lapscore.selection;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;

import lapscore.progress.StepNames;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import scala.jdk.javaapi.CollectionConverters;

/**
 * What tasks send back to the driver (their serialized results, {@code resultSize}) does not grow
 * with the number of rows: four times the rows give about the same bytes. The one documented
 * exception is the approximate graph's tree sample, 64 rows per leaf of {@code leafSize} rows (at
 * most 32 MiB), which is checked against that bound instead.
 */
class DriverResultSizeTest {

    private static final int DIMS = 10;
    private static final int LEAF_SIZE = 256;

    /** Bytes that the tasks of a fit on {@code rows} rows returned to the driver, by Spark job description. */
    private static Map<String, Long> bytesToDriver(String method, int rows) throws TimeoutException {
        LaplacianScoreSelector selector = new LaplacianScoreSelector().setKnnMethod(method).setNumNeighbors(5).setNumTrees(4)
                .setLeafSize(LEAF_SIZE).setRefinementRounds(1).setRecallSampleSize(100).setSeed(2L);
        SparkContext context = SparkTestSession.spark().sparkContext();
        Map<Integer, String> jobOfStage = new ConcurrentHashMap<>();
        Map<String, Long> bytes = new ConcurrentHashMap<>();
        SparkListener listener = new SparkListener() {
            @Override
            public void onJobStart(SparkListenerJobStart jobStart) {
                String description = String.valueOf(jobStart.properties().getProperty("spark.job.description"));
                for (Object stage : CollectionConverters.asJava(jobStart.stageIds())) {
                    jobOfStage.put((Integer) stage, description.substring(description.indexOf(": ") + 2));
                }
            }

            @Override
            public void onTaskEnd(SparkListenerTaskEnd taskEnd) {
                if (taskEnd.taskMetrics() != null) {
                    bytes.merge(jobOfStage.getOrDefault(taskEnd.stageId(), "?"), taskEnd.taskMetrics().resultSize(), Long::sum);
                }
            }
        };
        context.listenerBus().waitUntilEmpty();
        context.addSparkListener(listener);
        try {
            selector.fit(SparkTestSession.denseFrame(SparkTestSession.clusteredData(rows, DIMS, 31L), 4));
            context.listenerBus().waitUntilEmpty();
        } finally {
            context.removeSparkListener(listener);
        }
        return new TreeMap<>(bytes);
    }

    private static long sum(Map<String, Long> bytes, boolean treeSample) {
        return bytes.entrySet().stream().filter(job -> job.getKey().contains(StepNames.TREE_SAMPLE) == treeSample)
                .mapToLong(Map.Entry::getValue).sum();
    }

    @ParameterizedTest(name = "knnMethod = {0}")
    @ValueSource(strings = {"exact", "approximate"})
    void bytesSentToTheDriverDoNotGrowWithTheRows(String method) throws TimeoutException {
        Map<String, Long> small = bytesToDriver(method, 2000);
        Map<String, Long> large = bytesToDriver(method, 8000);
        String report = "bytes returned to the driver by job, 2000 rows: " + small + "; 8000 rows: " + large;
        double growth = (double) sum(large, false) / sum(small, false);
        assertTrue(growth < 1.5, "x" + growth + " without the tree sample; " + report);
        for (Map.Entry<Integer, Map<String, Long>> fit : Map.of(2000, small, 8000, large).entrySet()) {
            long sampleRows = 64L * ((fit.getKey() + LEAF_SIZE - 1) / LEAF_SIZE);
            long bound = method.equals("exact") ? 0 : 2 * sampleRows * DIMS * Double.BYTES;
            assertTrue(sum(fit.getValue(), true) <= bound, "tree sample of " + fit.getKey() + " rows above " + bound + " bytes; " + report);
        }
    }
}
