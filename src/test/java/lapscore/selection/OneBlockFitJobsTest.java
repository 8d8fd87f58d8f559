package lapscore.selection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import lapscore.progress.StepNames;
import lapscore.selection.base.FeatureSelector;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/**
 * The Spark jobs a fit launches on a table that fits one block (a small, wide table of the kind
 * feature selection is mostly used on: 62 rows of 2 000 features, as the colon cancer set), one by
 * one, by the step each runs: every job is a fixed cost that numpy does not pay, so their number is
 * part of the design and held here. The rows are a cached DataFrame of one partition, as a notebook
 * user holds them.
 */
class OneBlockFitJobsTest {

    private static final int ROWS = 62;
    private static final int FEATURES = 2_000;

    /**
     * The descriptions of the jobs {@code selector}'s fit launches, without the selector's prefix, in
     * order; the events of earlier jobs are delivered before the listener is added, so that it hears
     * this fit's only.
     */
    private static List<String> jobsOfFit(FeatureSelector<?, ?> selector, Dataset<Row> rows) throws Exception {
        SparkContext context = SparkTestSession.spark().sparkContext();
        List<String> jobs = new ArrayList<>();
        SparkListener listener = new SparkListener() {
            @Override
            public void onJobStart(SparkListenerJobStart start) {
                String description = String.valueOf(start.properties().getProperty("spark.job.description"));
                synchronized (jobs) {
                    jobs.add(description.substring(description.indexOf(": ") + 2));
                }
            }
        };
        context.listenerBus().waitUntilEmpty();
        context.addSparkListener(listener);
        try {
            selector.fit(rows);
            context.listenerBus().waitUntilEmpty();
        } finally {
            context.removeSparkListener(listener);
        }
        return jobs;
    }

    private static Dataset<Row> wideRows() {
        Random random = new Random(62);
        double[][] values = new double[ROWS][FEATURES];
        for (double[] row : values) {
            for (int j = 0; j < FEATURES; j++) {
                row[j] = random.nextInt(4_000);
            }
        }
        Dataset<Row> rows = SparkTestSession.denseFrame(values, 1).cache();
        rows.count();
        return rows;
    }

    /**
     * Seven jobs, one per pass the design makes: the rows' checks (count, sizes, values), the blocks
     * cut and cached with the feature means, the distances of the one block pair, the edge counts,
     * the bandwidth (the rows' spread about those means), the rows with an edge of positive weight
     * (their masks joined by block), and the scores' single pass over the edges.
     */
    @Test
    void aLaplacianScoreFitOfOneBlockRunsSevenJobs() throws Exception {
        List<String> jobs = jobsOfFit(new LaplacianScoreSelector().setNumTopFeatures(20), wideRows());
        List<String> steps = List.of("Checking column 'features'", StepNames.CUTTING + " " + ROWS + " rows into 1 blocks",
                StepNames.EXACT_GRAPH + " 1/1", "kNN graph: " + StepNames.COUNTING_EDGES,
                StepNames.EDGE_WEIGHTS + ": automatic bandwidth", StepNames.EDGE_WEIGHTS + ": finding rows",
                StepNames.LAPLACIAN_SCORES);
        assertEquals(steps.size(), jobs.size(), String.join("\n", jobs));
        for (int j = 0; j < steps.size(); j++) {
            assertTrue(jobs.get(j).startsWith(steps.get(j)), "job " + (j + 1) + ": " + jobs.get(j));
        }
    }

    /** The Fisher score builds no graph: the checks, the class count, the blocks and one pass over them. */
    @Test
    void aFisherScoreFitOfOneBlockRunsFourJobs() throws Exception {
        Dataset<Row> rows = wideRows().withColumn("label", org.apache.spark.sql.functions.expr("cast(rand(3) * 2 as int)"));
        List<String> jobs = jobsOfFit(new FisherScoreSelector().setLabelCol("label").setNumTopFeatures(20), rows);
        assertEquals(4, jobs.size(), String.join("\n", jobs));
        assertTrue(jobs.get(3).startsWith(StepNames.FISHER_SCORES), String.join("\n", jobs));
    }
}
