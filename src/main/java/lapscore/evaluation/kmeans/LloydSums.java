package lapscore.evaluation.kmeans;

import java.io.Serializable;

/**
 * What one pass of Lloyd's algorithm gathers for R k-means runs at once: per run and cluster, the
 * sum of the points nearest to its centre and their number, and per run the cost (the sum of
 * squared distances of the points to their nearest centres). The points are added one by one
 * ({@link #add}), by a loop on the driver or by each Spark task, whose sums are then merged
 * ({@link #merge}), so that only these R x k x m sums reach the driver.
 */
final class LloydSums implements Serializable {

    private static final long serialVersionUID = 1L;

    private final double[][][] sums;
    private final long[][] counts;
    private final double[] costs;

    private LloydSums(int runs, int clusters, int dimensions) {
        sums = new double[runs][clusters][dimensions];
        counts = new long[runs][clusters];
        costs = new double[runs];
    }

    /** Empty sums for the runs of {@code centres} ([run][cluster][feature]). */
    static LloydSums empty(double[][][] centres) {
        return new LloydSums(centres.length, centres[0].length, centres[0][0].length);
    }

    /** Adds {@code point} to its nearest centre in every run of {@code centres} ([run][cluster][feature]). */
    LloydSums add(double[][][] centres, double[] point) {
        for (int run = 0; run < centres.length; run++) {
            int nearest = KMeansRestarts.nearest(centres[run], point);
            costs[run] += KMeansRestarts.squaredDistance(centres[run][nearest], point);
            counts[run][nearest]++;
            double[] sum = sums[run][nearest];
            for (int j = 0; j < point.length; j++) {
                sum[j] += point[j];
            }
        }
        return this;
    }

    /** This plus {@code other}, in this. */
    LloydSums merge(LloydSums other) {
        for (int run = 0; run < sums.length; run++) {
            costs[run] += other.costs[run];
            for (int c = 0; c < sums[run].length; c++) {
                counts[run][c] += other.counts[run][c];
                for (int j = 0; j < sums[run][c].length; j++) {
                    sums[run][c][j] += other.sums[run][c][j];
                }
            }
        }
        return this;
    }

    /** Each run's cost with the centres of the pass. */
    double[] costs() {
        return costs.clone();
    }

    /**
     * The new centre of cluster {@code c} of run {@code run}: the mean of its points, or
     * {@code previous} when no point is nearest to it (so a centre never becomes undefined).
     */
    double[] mean(int run, int c, double[] previous) {
        if (counts[run][c] == 0) {
            return previous;
        }
        double[] mean = sums[run][c].clone();
        for (int j = 0; j < mean.length; j++) {
            mean[j] /= counts[run][c];
        }
        return mean;
    }
}
