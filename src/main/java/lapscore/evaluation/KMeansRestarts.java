package lapscore.evaluation;

import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

import org.apache.spark.ml.clustering.KMeans;
import org.apache.spark.ml.clustering.KMeansModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Spark ML {@link KMeans} run {@code restarts} times with different seeds, keeping the run of the
 * lowest cost (the sum of squared distances of the rows to their centres): "the K-means was
 * repeated 10 times with different initializations and the best result in terms of the objective
 * function of K-means was recorded" (He, Cai and Niyogi, "Laplacian Score for Feature Selection",
 * NIPS 2005, section 4.2.1). Each run is Spark's distributed k-means, started from k rows drawn at
 * random (the classic initialisation of those experiments; Spark's default k-means|| costs several
 * more Spark jobs per run, which dominate on small data), then Lloyd iterations; only the k centres
 * reach the driver. The runs are submitted from a parallel
 * stream, so that their small Spark jobs overlap; which run wins depends on the costs only (the
 * first of equal costs in seed order), not on the order they finish in.
 */
public final class KMeansRestarts {

    /** Name of the cluster column added by {@link #cluster}. */
    public static final String CLUSTER_COLUMN = "evaluation_cluster";

    private final int clusters;
    private final int restarts;
    private final long seed;

    /** {@code clusters} clusters, {@code restarts} runs with seeds {@code seed}, {@code seed + 1}, .... */
    public KMeansRestarts(int clusters, int restarts, long seed) {
        if (restarts < 1) {
            throw new IllegalArgumentException("--restarts must be at least 1, got " + restarts);
        }
        this.clusters = clusters;
        this.restarts = restarts;
        this.seed = seed;
    }

    /** {@code rows} with {@link #CLUSTER_COLUMN} (0 .. k-1) from the lowest-cost run on {@code featuresColumn}. */
    public Dataset<Row> cluster(Dataset<Row> rows, String featuresColumn) {
        List<KMeansModel> runs = IntStream.range(0, restarts).parallel()
                .mapToObj(run -> new KMeans().setK(clusters).setInitMode("random").setSeed(seed + run).setFeaturesCol(featuresColumn)
                        .setPredictionCol(CLUSTER_COLUMN).fit(rows))
                .toList();
        KMeansModel best = runs.stream().min(Comparator.comparingDouble(model -> model.summary().trainingCost())).orElseThrow();
        return best.transform(rows);
    }
}
