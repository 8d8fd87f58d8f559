package lapscore.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;

/**
 * One Spark session shared by every test class in the JVM, and small data helpers. It runs on two
 * cores and retries a failed task up to 3 times ({@code local[2,4]}), with {@link FaultInjection}
 * installed (off unless a test arms it).
 */
public final class SparkTestSession {

    private static SparkSession spark;

    private SparkTestSession() {
    }

    public static synchronized SparkSession spark() {
        if (spark == null) {
            spark = SparkSession.builder()
                    .master("local[2,4]")
                    .appName("lapscore-tests")
                    .config("spark.ui.enabled", "false")
                    .config("spark.sql.shuffle.partitions", "4")
                    .config("spark.driver.host", "127.0.0.1")
                    .config("spark.plugins", FaultInjection.class.getName())
                    .config("spark.serializer", "org.apache.spark.serializer.KryoSerializer")
                    .getOrCreate();
        }
        return spark;
    }

    /** A DataFrame with one vector column {@code features} of dense rows, in input order, in {@code partitions} partitions. */
    public static Dataset<Row> denseFrame(double[][] rows, int partitions) {
        List<Vector> vectors = new ArrayList<>();
        for (double[] row : rows) {
            vectors.add(Vectors.dense(row));
        }
        return frame(vectors, partitions);
    }

    /** A DataFrame with one vector column {@code features} holding {@code vectors} in input order. */
    public static Dataset<Row> frame(List<Vector> vectors, int partitions) {
        List<Row> rows = new ArrayList<>();
        for (Vector vector : vectors) {
            rows.add(RowFactory.create(vector));
        }
        StructType schema = new StructType().add("features", SQLDataTypes.VectorType(), true);
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark().sparkContext());
        return spark().createDataFrame(jsc.parallelize(rows, partitions), schema);
    }

    /**
     * {@code rows} rows of {@code dims} features in {@code clusters} clusters far apart (centres 1000
     * apart on the first feature, unit Gaussian noise), each row's cluster drawn at random, so that
     * a kNN graph of small k has one component per cluster and the components interleave in row order.
     */
    public static double[][] separatedClusters(int rows, int dims, int clusters, long seed) {
        Random random = new Random(seed);
        double[][] data = new double[rows][dims];
        for (double[] row : data) {
            int cluster = random.nextInt(clusters);
            for (int j = 0; j < dims; j++) {
                row[j] = (j == 0 ? 1000.0 * cluster : 0.0) + random.nextGaussian();
            }
        }
        return data;
    }

    /**
     * Gaussian data around three random centres, so that the kNN graph has structure; features differ
     * in spread and in how much of the cluster structure they carry.
     */
    public static double[][] clusteredData(int rows, int dims, long seed) {
        Random random = new Random(seed);
        int clusters = 3;
        double[][] centres = new double[clusters][dims];
        for (double[] centre : centres) {
            for (int j = 0; j < dims; j++) {
                centre[j] = j % 2 == 0 ? 4 * random.nextGaussian() : 0.0;
            }
        }
        double[][] data = new double[rows][dims];
        for (int i = 0; i < rows; i++) {
            double[] centre = centres[random.nextInt(clusters)];
            for (int j = 0; j < dims; j++) {
                data[i][j] = centre[j] + (1 + j % 3) * random.nextGaussian();
            }
        }
        return data;
    }
}
