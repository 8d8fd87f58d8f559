package lapscore.evaluation.metrics;

import java.util.List;

import lapscore.data.CacheScope;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * 1-nearest-neighbour classification accuracy: every test row gets the class of its nearest
 * training row (Euclidean distance; of equally near training rows, the first in the training
 * part's order), and the accuracy is the fraction of test rows whose class that is. A value in
 * [0, 1].
 *
 * <p>What scales and what does not: the training part is collected once to the driver and
 * broadcast to every task, which then scans its test rows against all of it, so the test part may
 * be as large as the cluster allows but the training part must fit in the driver's and each
 * executor's memory (n_train x m doubles: 1 200 x 64 for digits is 600 kB, 10^6 x 100 would be
 * 800 MB). The work is O(n_train n_test m). Larger training parts would need a distributed join
 * such as the library's block-partitioned kNN join.
 */
public final class NearestNeighbourAccuracy {

    private NearestNeighbourAccuracy() {
    }

    /**
     * The 1-NN accuracy on {@code test} with {@code train} as the reference rows; both have the
     * vector column {@code featuresColumn} and the numeric class column {@code classColumn}.
     */
    public static double of(Dataset<Row> train, Dataset<Row> test, String featuresColumn, String classColumn) {
        List<Row> reference = train.select(featuresColumn, classColumn).collectAsList();
        double[][] points = new double[reference.size()][];
        double[] classes = new double[reference.size()];
        for (int i = 0; i < points.length; i++) {
            points[i] = ((Vector) reference.get(i).get(0)).toArray();
            classes[i] = ((Number) reference.get(i).get(1)).doubleValue();
        }
        JavaSparkContext context = JavaSparkContext.fromSparkContext(test.sparkSession().sparkContext());
        try (CacheScope caches = new CacheScope()) {
            Broadcast<double[][]> sharedPoints = caches.broadcast(context, points);
            Broadcast<double[]> sharedClasses = caches.broadcast(context, classes);
            long[] correctAndTotal = test.select(featuresColumn, classColumn).javaRDD()
                    .map(row -> {
                        double predicted = sharedClasses.value()[nearest(sharedPoints.value(), ((Vector) row.get(0)).toArray())];
                        return new long[]{predicted == ((Number) row.get(1)).doubleValue() ? 1 : 0, 1};
                    })
                    .fold(new long[2], (a, b) -> new long[]{a[0] + b[0], a[1] + b[1]});
            return (double) correctAndTotal[0] / correctAndTotal[1];
        }
    }

    /** Index of the row of {@code points} nearest to {@code query} (the first of equally near ones). */
    static int nearest(double[][] points, double[] query) {
        int best = -1;
        double bestDistance = Double.POSITIVE_INFINITY;
        for (int i = 0; i < points.length; i++) {
            double distance = 0;
            for (int j = 0; j < query.length && distance < bestDistance; j++) {
                double difference = points[i][j] - query[j];
                distance += difference * difference;
            }
            if (distance < bestDistance) {
                best = i;
                bestDistance = distance;
            }
        }
        return best;
    }
}
