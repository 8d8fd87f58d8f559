package io.github.lapscore.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import io.github.lapscore.SparkTestSession;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/** The generator's documented model: equal variances, cluster structure in the informative features only. */
class GaussianMixtureTest {

    /** Enough clusters that the drawn centres have close to their expected variance, 9. */
    private static final int CLUSTERS = 200;

    @Test
    void rowsDoNotDependOnPartitioning() {
        GaussianMixture mixture = new GaussianMixture(6, 2, 3, 4L);
        List<Row> one = mixture.generate(SparkTestSession.spark(), 500, 1).collectAsList();
        List<Row> many = mixture.generate(SparkTestSession.spark(), 500, 7).collectAsList();
        assertEquals(one, many);
    }

    @Test
    void everyFeatureHasVarianceTenAndOnlyInformativeOnesDependOnTheCluster() {
        int dims = 5;
        int informative = 2;
        List<Row> rows = new GaussianMixture(dims, informative, CLUSTERS, 8L).generate(SparkTestSession.spark(), 40_000, 2).collectAsList();
        for (int feature = 0; feature < dims; feature++) {
            double mean = 0.0;
            for (Row row : rows) {
                mean += row.getDouble(feature) / rows.size();
            }
            double variance = 0.0;
            double withinCluster = 0.0;
            double[] clusterSums = new double[CLUSTERS];
            int[] clusterCounts = new int[CLUSTERS];
            for (Row row : rows) {
                clusterSums[row.getInt(dims)] += row.getDouble(feature);
                clusterCounts[row.getInt(dims)]++;
            }
            for (Row row : rows) {
                double value = row.getDouble(feature);
                variance += (value - mean) * (value - mean) / (rows.size() - 1);
                double clusterMean = clusterSums[row.getInt(dims)] / clusterCounts[row.getInt(dims)];
                withinCluster += (value - clusterMean) * (value - clusterMean) / (rows.size() - 1);
            }
            assertEquals(10.0, variance, feature < informative ? 2.5 : 0.4, "variance of feature " + feature
                    + " (informative ones vary with the drawn centres)");
            assertEquals(feature < informative ? 1.0 : 10.0, withinCluster, 0.4, "within-cluster variance of feature " + feature);
        }
    }
}
