package lapscore.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import lapscore.testkit.SparkTestSession;
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

    /**
     * Rows drawn from streams that overlap (row i's a few draws ahead of row i + 4's) repeat their
     * noise values across rows at shifted features; independent rows share none. Also the noise's
     * mean 0 and variance 10, and the correlation of every value with the one a few rows and a few
     * features away, pooled over the table: for independent values each pooled correlation is
     * about N(0, 1/n) with n the number of pairs, so within 5/sqrt(n) but with odds of 10^-6.
     */
    @Test
    void noiseValuesAreIndependentAcrossRowsAndFeatures() {
        int dims = 200;
        int informative = 5;
        List<Row> rows = new GaussianMixture(dims, informative, 5, 3L).generate(SparkTestSession.spark(), 4_000, 3).collectAsList();
        double[][] noise = new double[rows.size()][dims - informative];
        Set<Double> distinct = new HashSet<>();
        for (int i = 0; i < rows.size(); i++) {
            for (int r = informative; r < dims; r++) {
                noise[i][r - informative] = rows.get(i).getDouble(r);
                distinct.add(noise[i][r - informative]);
            }
        }
        int values = noise.length * noise[0].length;
        assertEquals(values, distinct.size(), "every noise value drawn once");
        double sum = 0.0;
        double squares = 0.0;
        for (double[] row : noise) {
            for (double value : row) {
                sum += value;
                squares += value * value;
            }
        }
        assertEquals(0.0, sum / values, 5 * Math.sqrt(10.0 / values), "mean of the noise");
        assertEquals(10.0, squares / values, 5 * 10.0 * Math.sqrt(2.0 / values), "variance of the noise");
        for (int rowLag = 0; rowLag <= 8; rowLag++) {
            for (int featureLag = -4; featureLag <= 4; featureLag++) {
                if (rowLag == 0 && featureLag <= 0) {
                    continue;
                }
                double products = 0.0;
                long pairs = 0;
                for (int i = 0; i + rowLag < noise.length; i++) {
                    for (int r = Math.max(0, -featureLag); r < noise[i].length && r + featureLag < noise[i].length; r++) {
                        products += noise[i][r] * noise[i + rowLag][r + featureLag];
                        pairs++;
                    }
                }
                double correlation = products / pairs / 10.0;
                assertTrue(Math.abs(correlation) < 5 / Math.sqrt(pairs), "correlation " + correlation + " of noise values "
                        + rowLag + " rows and " + featureLag + " features apart, over " + pairs + " pairs");
            }
        }
    }

    /** By default, Spark's parallelism, or as many partitions as keep each at 131 072 rows or fewer. */
    @Test
    void defaultPartitionsHoldABoundedNumberOfRows() {
        assertEquals(2, GaussianMixture.defaultPartitions(1000, 2));
        assertEquals(2, GaussianMixture.defaultPartitions(2 * 131_072, 2));
        assertEquals(3, GaussianMixture.defaultPartitions(2 * 131_072 + 1, 2));
        assertEquals(77, GaussianMixture.defaultPartitions(10_000_000, 2), "10^7 rows: ceil(10^7 / 131 072)");
        assertEquals(16, GaussianMixture.defaultPartitions(10_000, 16));
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

    @Test
    void lowRankNoiseLiesInASubspaceOfThatRankWithVarianceTen() {
        int dims = 7;
        int informative = 2;
        int rank = 2;
        List<Row> rows = new GaussianMixture(dims, informative, 3, rank, 5L).generate(SparkTestSession.spark(), 20_000, 2)
                .collectAsList();
        double[][] noise = new double[rows.size()][dims - informative];
        for (int i = 0; i < rows.size(); i++) {
            for (int r = informative; r < dims; r++) {
                noise[i][r - informative] = rows.get(i).getDouble(r);
            }
        }
        assertEquals(rank, rank(noise), "the 5 noise features of every row lie in one 2-dimensional subspace");
        for (int r = 0; r < dims - informative; r++) {
            double squares = 0.0;
            for (double[] row : noise) {
                squares += row[r] * row[r] / noise.length;
            }
            assertEquals(10.0, squares, 0.4, "variance of noise feature " + r);
        }
        List<Row> independent = new GaussianMixture(dims, informative, 3, 5L).generate(SparkTestSession.spark(), 50, 1)
                .collectAsList();
        assertEquals(independent.get(7).getDouble(0), rows.get(7).getDouble(0), 0.0, "informative features unchanged");
    }

    /** Rank of a tall matrix by Gaussian elimination with partial pivoting, pivots below 1e-9 of the largest taken as 0. */
    private static int rank(double[][] matrix) {
        double[][] a = new double[matrix.length][];
        for (int i = 0; i < matrix.length; i++) {
            a[i] = matrix[i].clone();
        }
        int columns = a[0].length;
        int rank = 0;
        double largest = 0.0;
        for (double[] row : a) {
            for (double value : row) {
                largest = Math.max(largest, Math.abs(value));
            }
        }
        for (int c = 0; c < columns && rank < a.length; c++) {
            int pivot = rank;
            for (int i = rank; i < a.length; i++) {
                if (Math.abs(a[i][c]) > Math.abs(a[pivot][c])) {
                    pivot = i;
                }
            }
            if (Math.abs(a[pivot][c]) <= 1e-9 * largest) {
                continue;
            }
            double[] swap = a[pivot];
            a[pivot] = a[rank];
            a[rank] = swap;
            for (int i = rank + 1; i < a.length; i++) {
                double factor = a[i][c] / a[rank][c];
                for (int j = c; j < columns; j++) {
                    a[i][j] -= factor * a[rank][j];
                }
            }
            rank++;
        }
        return rank;
    }
}
