package io.github.lapscore.evaluation;

import org.apache.spark.ml.clustering.KMeans;
import org.apache.spark.ml.clustering.KMeansModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Spark ML {@link KMeans} run {@code restarts} times with different seeds, keeping the run of the
 * lowest cost (the sum of squared distances of the rows to their centres): "the K-means was
 * repeated 10 times with different initializations and the best result in terms of the objective
 * function of K-means was recorded" (He, Cai and Niyogi, "Laplacian Score for Feature Selection",
 * NIPS 2005, section 4.2.1). Each run is Spark's distributed k-means (k-means|| initialisation,
 * Lloyd iterations); only the k centres reach the driver.
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
        KMeansModel best = null;
        double bestCost = Double.POSITIVE_INFINITY;
        for (int run = 0; run < restarts; run++) {
            KMeansModel model = new KMeans().setK(clusters).setSeed(seed + run).setFeaturesCol(featuresColumn)
                    .setPredictionCol(CLUSTER_COLUMN).fit(rows);
            double cost = model.summary().trainingCost();
            if (cost < bestCost) {
                best = model;
                bestCost = cost;
            }
        }
        return best.transform(rows);
    }
}
