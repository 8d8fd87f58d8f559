package lapscore.evaluation.kmeans;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import lapscore.evaluation.metrics.ClusteringAccuracy;
import lapscore.evaluation.metrics.ContingencyTable;
import lapscore.evaluation.metrics.NormalizedMutualInformation;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * k-means run {@code restarts} times from different random starts, keeping the run of the lowest
 * cost (the sum of squared Euclidean distances of the rows to their nearest centres): "the K-means
 * was repeated 10 times with different initializations and the best result in terms of the
 * objective function of K-means was recorded" (He, Cai and Niyogi, "Laplacian Score for Feature
 * Selection", NIPS 2005, section 4.2.1).
 *
 * <p>Each run is Lloyd's algorithm started from k distinct rows drawn at random (the classic
 * initialisation of those experiments): assign every row to its nearest centre (the first of equally
 * near ones), move every centre to the mean of its rows (a centre with no row stays), and stop after
 * {@link #MAX_ITERATIONS} passes or once no centre of any run moved more than {@link #TOLERANCE}
 * (Spark ML's defaults; a run that has converged barely moves in the passes the others still need,
 * and a Lloyd pass never raises the cost). Run r draws its start with the seed {@link RestartSeeds#of}(seed, r), so two evaluation
 * seeds share no run. All the runs advance together: one pass over the rows per iteration gathers
 * the sums of every run ({@link LloydSums}), so R restarts cost the passes of one. The rows
 * ({@link RestartPoints}) are collected to the driver when small, and each pass is a loop there;
 * larger ones stay cached in Spark, one distributed pass per iteration, and only the R x k centres
 * reach the driver. (Spark ML's {@code KMeans} fits one run per call, some twenty Spark jobs each,
 * whose scheduling dominated the evaluation of small data.)
 */
public final class KMeansRestarts {

    /** The most passes of Lloyd's algorithm per run (Spark ML's default {@code maxIter}). */
    public static final int MAX_ITERATIONS = 20;

    /** A run has converged when no centre moved farther than this (Spark ML's default {@code tol}). */
    public static final double TOLERANCE = 1e-4;

    private final int clusters;
    private final int restarts;
    private final long seed;
    private final long driverLimit;

    /** {@code clusters} clusters, {@code restarts} runs seeded by {@link RestartSeeds#of}({@code seed}, run). */
    public KMeansRestarts(int clusters, int restarts, long seed) {
        this(clusters, restarts, seed, RestartPoints.DRIVER_LIMIT);
    }

    /** As {@link #KMeansRestarts(int, int, long)}, rows of more than {@code driverLimit} values staying distributed. */
    KMeansRestarts(int clusters, int restarts, long seed, long driverLimit) {
        if (restarts < 1) {
            throw new IllegalArgumentException("--restarts must be at least 1, got " + restarts);
        }
        this.clusters = clusters;
        this.restarts = restarts;
        this.seed = seed;
        this.driverLimit = driverLimit;
    }

    /** The centres every run ended with ([run][cluster][feature]) and the cost of each. */
    public record Runs(double[][][] centres, double[] costs) {

        /** The run of lowest cost (the first of equal costs). */
        public int best() {
            int best = 0;
            for (int run = 1; run < costs.length; run++) {
                best = costs[run] < costs[best] ? run : best;
            }
            return best;
        }
    }

    /** Runs k-means {@code restarts} times on the vector column {@code featuresColumn} of {@code rows}. */
    public Runs fit(Dataset<Row> rows, String featuresColumn) {
        try (RestartPoints points = RestartPoints.of(rows, featuresColumn, null, driverLimit)) {
            return fit(points);
        }
    }

    /**
     * Every run's accuracy and NMI against the class column {@code classColumn} (0 .. classes-1) of
     * {@code rows}, and which run had the lowest cost; the rows' clusters in every run (their nearest
     * centres) are counted into the runs' contingency tables in one pass.
     */
    public RestartScores score(Dataset<Row> rows, String featuresColumn, String classColumn, int classes) {
        try (RestartPoints points = RestartPoints.of(rows, featuresColumn, classColumn, driverLimit)) {
            Runs runs = fit(points);
            List<ContingencyTable> tables = points.tables(runs.centres(), classes);
            double[] accuracies = tables.stream().mapToDouble(ClusteringAccuracy::of).toArray();
            double[] nmis = tables.stream().mapToDouble(NormalizedMutualInformation::of).toArray();
            return new RestartScores(accuracies, nmis, runs.best());
        }
    }

    /** Lloyd's algorithm for every run on {@code points}, then each run's cost with its last centres. */
    private Runs fit(RestartPoints points) {
        double[][][] centres = starts(points);
        for (int iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
            if (!moved(centres, points.pass(centres))) {
                break;
            }
        }
        return new Runs(centres, points.pass(centres).costs());
    }

    /**
     * The starting centres of every run: run r draws k distinct row numbers of the n rows with
     * {@code new Random(RestartSeeds.of(seed, r))}, and the rows of all runs are fetched at once.
     */
    private double[][][] starts(RestartPoints points) {
        long n = points.size();
        int k = (int) Math.min(clusters, n);
        long[][] drawn = new long[restarts][];
        Set<Long> wanted = new LinkedHashSet<>();
        for (int run = 0; run < restarts; run++) {
            Random random = new Random(RestartSeeds.of(seed, run));
            Set<Long> chosen = new LinkedHashSet<>();
            while (chosen.size() < k) {
                chosen.add(random.nextLong(n));
            }
            drawn[run] = chosen.stream().mapToLong(Long::longValue).toArray();
            wanted.addAll(chosen);
        }
        Map<Long, double[]> fetched = points.rows(wanted);
        double[][][] centres = new double[restarts][][];
        for (int run = 0; run < restarts; run++) {
            centres[run] = Arrays.stream(drawn[run]).mapToObj(fetched::get).toArray(double[][]::new);
        }
        return centres;
    }

    /** Moves {@code centres} to the means of {@code pass}; whether a centre moved more than {@link #TOLERANCE}. */
    private static boolean moved(double[][][] centres, LloydSums pass) {
        boolean moved = false;
        for (int run = 0; run < centres.length; run++) {
            for (int c = 0; c < centres[run].length; c++) {
                double[] mean = pass.mean(run, c, centres[run][c]);
                moved |= squaredDistance(mean, centres[run][c]) > TOLERANCE * TOLERANCE;
                centres[run][c] = mean;
            }
        }
        return moved;
    }

    /** The index of the centre nearest to {@code point} (the first of equally near ones). */
    public static int nearest(double[][] centres, double[] point) {
        int nearest = 0;
        double nearestDistance = squaredDistance(centres[0], point);
        for (int c = 1; c < centres.length; c++) {
            double distance = squaredDistance(centres[c], point);
            if (distance < nearestDistance) {
                nearest = c;
                nearestDistance = distance;
            }
        }
        return nearest;
    }

    /** The squared Euclidean distance of {@code a} and {@code b}. */
    static double squaredDistance(double[] a, double[] b) {
        double sum = 0;
        for (int j = 0; j < a.length; j++) {
            sum += (a[j] - b[j]) * (a[j] - b[j]);
        }
        return sum;
    }
}
