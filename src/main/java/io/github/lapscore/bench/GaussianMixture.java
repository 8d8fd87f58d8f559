package io.github.lapscore.bench;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Test data whose informative features are known: a mixture of C Gaussian clusters whose
 * structure lives in the first I of D features.
 *
 * <ul>
 *   <li>Cluster centres: {@code mu_{c,r} ~ N(0, 3^2)} for informative features r &lt; I (drawn from
 *       the seed).</li>
 *   <li>Row i: cluster {@code c_i} uniform over the C clusters; informative feature
 *       {@code x_{i,r} = mu_{c_i,r} + N(0, 1)}; noise feature ({@code r >= I})
 *       {@code x_{i,r} ~ N(0, 3^2 + 1)}, independent of everything.</li>
 * </ul>
 * Every feature thus has the same marginal variance, 10, so variance alone cannot tell
 * informative from noise features; only the cluster structure can. Columns {@code f0 .. f(D-1)}
 * (the informative ones first) and {@code cluster}. Row i is drawn from its own generator seeded by
 * (seed, i), so the data do not depend on the number of partitions.
 */
public final class GaussianMixture implements Serializable {

    /** Standard deviation of the cluster centres in each informative feature. */
    public static final double CENTRE_SPREAD = 3.0;
    /** Name of the column holding each row's cluster. */
    public static final String CLUSTER_COLUMN = "cluster";

    private final int dims;
    private final int informative;
    private final double[][] centres;
    private final long seed;

    /** The mixture of {@code clusters} clusters in {@code informative} of {@code dims} features. */
    public GaussianMixture(int dims, int informative, int clusters, long seed) {
        if (dims < 1 || informative < 0 || informative > dims || clusters < 1) {
            throw new IllegalArgumentException("need dims >= 1, 0 <= informative <= dims and clusters >= 1; got dims " + dims
                    + ", informative " + informative + ", clusters " + clusters);
        }
        this.dims = dims;
        this.informative = informative;
        this.seed = seed;
        SplittableRandom random = new SplittableRandom(seed);
        this.centres = new double[clusters][informative];
        for (double[] centre : centres) {
            for (int r = 0; r < informative; r++) {
                centre[r] = CENTRE_SPREAD * gaussian(random);
            }
        }
    }

    /** {@code rows} rows in {@code partitions} partitions, in row order. */
    public Dataset<Row> generate(SparkSession spark, long rows, int partitions) {
        List<StructField> fields = new ArrayList<>();
        for (int r = 0; r < dims; r++) {
            fields.add(DataTypes.createStructField("f" + r, DataTypes.DoubleType, false));
        }
        fields.add(DataTypes.createStructField(CLUSTER_COLUMN, DataTypes.IntegerType, false));
        StructType schema = DataTypes.createStructType(fields);
        MapFunction<Long, Row> draw = this::row;
        return spark.range(0, rows, 1, partitions).map(draw, Encoders.row(schema));
    }

    private Row row(long index) {
        SplittableRandom random = new SplittableRandom(seed ^ (index * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L));
        int cluster = random.nextInt(centres.length);
        Object[] values = new Object[dims + 1];
        double noiseSpread = Math.sqrt(CENTRE_SPREAD * CENTRE_SPREAD + 1.0);
        for (int r = 0; r < dims; r++) {
            values[r] = r < informative ? centres[cluster][r] + gaussian(random) : noiseSpread * gaussian(random);
        }
        values[dims] = cluster;
        return RowFactory.create(values);
    }

    private static double gaussian(SplittableRandom random) {
        double u = 1.0 - random.nextDouble();
        return Math.sqrt(-2.0 * Math.log(u)) * Math.cos(2.0 * Math.PI * random.nextDouble());
    }

    /** Number of the first {@code count} entries of {@code ranking} (feature indices, best first) that are informative. */
    public int informativeAmong(int[] ranking, int count) {
        int found = 0;
        for (int position = 0; position < Math.min(count, ranking.length); position++) {
            if (ranking[position] < informative) {
                found++;
            }
        }
        return found;
    }
}
