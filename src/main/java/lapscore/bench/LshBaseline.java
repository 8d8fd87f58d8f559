package lapscore.bench;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.row_number;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import lapscore.data.CacheScope;
import lapscore.graph.search.RecallSample;
import org.apache.spark.SparkContext;
import org.apache.spark.ml.feature.BucketedRandomProjectionLSH;
import org.apache.spark.ml.feature.BucketedRandomProjectionLSHModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.expressions.Window;

/**
 * The baseline: Spark's own {@code BucketedRandomProjectionLSH}. Its kNN graph is the
 * {@code approxSimilarityJoin} of the rows with themselves (pairs closer than the largest exact
 * k-th distance of the recall sample, so true neighbours are not cut by the threshold), then the
 * k nearest per row by a window. Each setting runs under a job group cancelled after a time limit.
 */
final class LshBaseline {

    private LshBaseline() {
    }

    /** Bucket length (as a multiple of the k-th neighbour distance) and hash tables, cheapest first. */
    static final double[][] SETTINGS = {{1, 4}, {2, 4}, {2, 8}, {4, 8}, {4, 16}, {8, 16}};

    /**
     * Times one setting on {@code rows} (columns {@code id}, {@code features}); returns null when it
     * ran out of time.
     */
    static BenchResult run(Dataset<Row> rows, long numRows, int dims, int k, double bucketFactor, int tables,
                           RecallSample sample, double seconds, long seed) {
        double threshold = sample.largestKthDistance() * (1.0 + 1e-9);
        String setting = String.format(java.util.Locale.ROOT, "bucket %.1f x d_k, %d tables", bucketFactor, tables);
        SparkContext context = rows.sparkSession().sparkContext();
        String group = "lsh-" + System.nanoTime();
        context.setJobGroup(group, "BucketedRandomProjectionLSH baseline: " + setting, true);
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        timer.schedule(() -> context.cancelJobGroup(group), (long) (seconds * 1000), TimeUnit.MILLISECONDS);
        PeakHeap.reset();
        long start = System.nanoTime();
        try (CacheScope caches = new CacheScope()) {
            BucketedRandomProjectionLSHModel model = new BucketedRandomProjectionLSH().setInputCol("features")
                    .setOutputCol("hashes").setBucketLength(bucketFactor * sample.largestKthDistance())
                    .setNumHashTables(tables).setSeed(seed).fit(rows);
            Dataset<Row> nearest = caches.persist(model.approxSimilarityJoin(rows, rows, threshold, "distance")
                    .select(col("datasetA.id").as("src"), col("datasetB.id").as("dst"), col("distance"))
                    .filter(col("src").notEqual(col("dst")))
                    .withColumn("rank", row_number().over(Window.partitionBy("src").orderBy("distance", "dst")))
                    .filter(col("rank").leq(k)));
            nearest.count();
            double graphSeconds = (System.nanoTime() - start) / 1e9;
            long peak = PeakHeap.megabytes();
            Object[] sampled = Arrays.stream(sample.ids()).boxed().toArray();
            List<Row> found = nearest.filter(col("src").isin(sampled)).collectAsList();
            Map<Long, double[]> distances = new HashMap<>();
            for (Row row : found) {
                distances.merge(row.getLong(0), new double[]{row.getDouble(2)}, LshBaseline::concat);
            }
            return new BenchResult(numRows, dims, "lsh", setting, graphSeconds, Double.NaN, Double.NaN, Double.NaN,
                    sample.recallOf(distances), -1, 0, Double.NaN, peak, FitFootprint.NOT_MEASURED);
        } catch (Exception failed) {
            if ((System.nanoTime() - start) / 1e9 >= seconds * 0.99) {
                return null;
            }
            throw new IllegalStateException("LSH baseline failed: " + failed.getMessage(), failed);
        } finally {
            timer.shutdownNow();
            context.clearJobGroup();
        }
    }

    private static double[] concat(double[] a, double[] b) {
        double[] joined = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, joined, a.length, b.length);
        return joined;
    }
}
