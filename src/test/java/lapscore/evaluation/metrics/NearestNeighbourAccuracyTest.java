package lapscore.evaluation.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import lapscore.data.CacheScope;
import lapscore.evaluation.StratifiedSplit;
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

/** 1-NN accuracy on Spark against a plain brute-force loop, and the stratified split's class shares. */
class NearestNeighbourAccuracyTest {

    private static final StructType SCHEMA = new StructType().add("features", SQLDataTypes.VectorType())
            .add("label", DataTypes.DoubleType);

    @Test
    void matchesBruteForce() {
        Random random = new Random(11);
        double[][] train = points(random, 120);
        double[][] test = points(random, 80);
        double[] trainLabels = labels(random, train);
        double[] testLabels = labels(random, test);
        int correct = 0;
        for (int t = 0; t < test.length; t++) {
            int nearest = 0;
            for (int i = 1; i < train.length; i++) {
                if (DenseDistances.squared(train[i], test[t]) < DenseDistances.squared(train[nearest], test[t])) {
                    nearest = i;
                }
            }
            correct += trainLabels[nearest] == testLabels[t] ? 1 : 0;
        }
        double accuracy = NearestNeighbourAccuracy.of(frame(train, trainLabels, 3), frame(test, testLabels, 2), "features", "label");
        assertEquals((double) correct / test.length, accuracy, 1e-12);
        assertTrue(accuracy > 0.3 && accuracy < 1, "labels are noisy, so neither trivial nor perfect: " + accuracy);
    }

    @Test
    void stratifiedSplitKeepsEachClassShare() {
        Random random = new Random(5);
        double[][] points = points(random, 90);
        double[] labels = new double[90];
        for (int i = 0; i < labels.length; i++) {
            labels[i] = i < 60 ? 0 : i < 81 ? 1 : 2;      // classes of 60, 21 and 9 rows
        }
        try (CacheScope caches = new CacheScope()) {
            StratifiedSplit split = StratifiedSplit.of(frame(points, labels, 3), "label", 2.0 / 3, 4, caches);
            for (double[] expected : new double[][]{{0, 40, 20}, {1, 14, 7}, {2, 6, 3}}) {
                assertEquals((long) expected[1], split.train().filter("label = " + expected[0]).count());
                assertEquals((long) expected[2], split.test().filter("label = " + expected[0]).count());
            }
        }
    }

    /** Points in the plane; their label is mostly the side of the line x = y, sometimes flipped. */
    private static double[][] points(Random random, int count) {
        double[][] points = new double[count][];
        for (int i = 0; i < count; i++) {
            points[i] = new double[]{random.nextGaussian(), random.nextGaussian(), random.nextGaussian()};
        }
        return points;
    }

    private static double[] labels(Random random, double[][] points) {
        double[] labels = new double[points.length];
        for (int i = 0; i < points.length; i++) {
            labels[i] = (points[i][0] > points[i][1]) != (random.nextDouble() < 0.2) ? 1 : 0;
        }
        return labels;
    }

    private static Dataset<Row> frame(double[][] points, double[] labels, int partitions) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < points.length; i++) {
            rows.add(RowFactory.create(Vectors.dense(points[i]), labels[i]));
        }
        return SparkTestSession.spark().createDataFrame(rows, SCHEMA).repartition(partitions);
    }
}
