package lapscore.evaluation.kmeans;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import lapscore.testkit.DenseDistances;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/** The restarts' seeds, and Lloyd's algorithm of every restart against plain loops over the points. */
class KMeansRestartsTest {

    private static final StructType SCHEMA = new StructType().add("features", SQLDataTypes.VectorType());

    /** Evaluation seeds 1 and 2 (and 1..5 pairwise) share no restart seed, where seed + run shared 9 of 10. */
    @Test
    void theRestartsOfNeighbouringSeedsShareNoSeed() {
        int restarts = 10;
        Set<Long> seen = new HashSet<>();
        for (long seed = 1; seed <= 5; seed++) {
            for (int run = 0; run < restarts; run++) {
                assertTrue(seen.add(RestartSeeds.of(seed, run)), "seed " + seed + " run " + run + " repeats an earlier seed");
            }
        }
        assertEquals(5 * restarts, seen.size());
    }

    /**
     * Three well separated blobs, several starts: every run ends where Lloyd's algorithm stops, each
     * centre the mean of the points nearest to it (plain loop), its cost the plain sum of squared
     * distances to the nearest centres, and {@link KMeansRestarts.Runs#best} a run of lowest cost.
     */
    @Test
    void everyRunEndsAtLloydsFixedPointWithItsCost() {
        Random random = new Random(3);
        double[][] points = new double[90][];
        for (int i = 0; i < points.length; i++) {
            int blob = i % 3;
            points[i] = new double[]{10 * blob + random.nextGaussian(), 5 * (blob % 2) + random.nextGaussian()};
        }
        KMeansRestarts.Runs runs = new KMeansRestarts(3, 6, 9).fit(frame(points, 3), "features");
        assertEquals(6, runs.centres().length);
        double lowest = Double.POSITIVE_INFINITY;
        for (int run = 0; run < runs.centres().length; run++) {
            double[][] centres = runs.centres()[run];
            double[][] sums = new double[3][2];
            int[] counts = new int[3];
            double cost = 0;
            for (double[] point : points) {
                int nearest = 0;
                for (int c = 1; c < 3; c++) {
                    nearest = DenseDistances.squared(point, centres[c]) < DenseDistances.squared(point, centres[nearest]) ? c : nearest;
                }
                cost += DenseDistances.squared(point, centres[nearest]);
                counts[nearest]++;
                sums[nearest][0] += point[0];
                sums[nearest][1] += point[1];
            }
            for (int c = 0; c < 3; c++) {
                if (counts[c] > 0) {
                    assertArrayEquals(new double[]{sums[c][0] / counts[c], sums[c][1] / counts[c]}, centres[c], 1e-3,
                            "run " + run + " centre " + c);
                }
            }
            assertEquals(cost, runs.costs()[run], 1e-9 * cost, "run " + run);
            lowest = Math.min(lowest, cost);
        }
        // Equal costs (runs that reached the same clustering) may differ in the last bits between the sums.
        assertEquals(lowest, runs.costs()[runs.best()], 1e-9 * lowest, "best is the run of lowest cost");
    }

    /**
     * The rows collected to the driver and the rows left distributed (a limit of 0 values) give the same
     * runs: the same starting rows, the same centres and costs (but for the order of the sums), and the
     * same accuracy and NMI of every run.
     */
    @Test
    void theRunsOnTheDriverEqualTheDistributedRuns() {
        Random random = new Random(12);
        double[][] points = new double[120][];
        double[] classes = new double[points.length];
        for (int i = 0; i < points.length; i++) {
            classes[i] = i % 4;
            points[i] = new double[]{3 * (i % 4) + random.nextGaussian(), random.nextGaussian(), (i % 2) + random.nextGaussian()};
        }
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < points.length; i++) {
            rows.add(RowFactory.create(Vectors.dense(points[i]), classes[i]));
        }
        Dataset<Row> frame = SparkTestSession.spark().createDataFrame(rows, new StructType()
                .add("features", SQLDataTypes.VectorType()).add("class", DataTypes.DoubleType)).repartition(3).cache();
        try {
            KMeansRestarts.Runs local = new KMeansRestarts(4, 5, 2).fit(frame, "features");
            KMeansRestarts.Runs distributed = new KMeansRestarts(4, 5, 2, 0).fit(frame, "features");
            for (int run = 0; run < 5; run++) {
                for (int c = 0; c < 4; c++) {
                    assertArrayEquals(local.centres()[run][c], distributed.centres()[run][c], 1e-9, "run " + run + " centre " + c);
                }
                assertEquals(local.costs()[run], distributed.costs()[run], 1e-9 * local.costs()[run], "run " + run);
            }
            RestartScores onDriver = new KMeansRestarts(4, 5, 2).score(frame, "features", "class", 4);
            RestartScores inSpark = new KMeansRestarts(4, 5, 2, 0).score(frame, "features", "class", 4);
            assertArrayEquals(onDriver.accuracies(), inSpark.accuracies(), 1e-12);
            assertArrayEquals(onDriver.nmis(), inSpark.nmis(), 1e-12);
            assertEquals(onDriver.best(), inSpark.best());
        } finally {
            frame.unpersist();
        }
    }

    private static Dataset<Row> frame(double[][] points, int partitions) {
        List<Row> rows = new ArrayList<>();
        for (double[] point : points) {
            rows.add(RowFactory.create(Vectors.dense(point)));
        }
        return SparkTestSession.spark().createDataFrame(rows, SCHEMA).repartition(partitions);
    }
}
