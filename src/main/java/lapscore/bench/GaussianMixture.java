package lapscore.bench;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;

import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.api.java.function.MapPartitionsFunction;
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
 *   <li>With a noise rank R &gt; 0 the noise features instead lie in an R-dimensional subspace:
 *       {@code x_{i,noise} = A z_i} with {@code z_i ~ N(0, I_R)} and a fixed random
 *       {@code (D - I) x R} matrix A (from the seed) whose rows have squared norm 3^2 + 1. The rows
 *       then lie near a manifold of dimension I + R however large D is (as images do), which is
 *       what makes nearest neighbours easy to find in many dimensions.</li>
 * </ul>
 * Every feature thus has the same marginal variance, 10, so variance alone cannot tell
 * informative from noise features; only the cluster structure can. Columns {@code f0 .. f(D-1)}
 * (the informative ones first) and {@code cluster}. Row i is drawn from its own stream
 * ({@link #rowStream}), which no other row's stream overlaps, so rows are independent and the data
 * do not depend on the number of partitions.
 */
public final class GaussianMixture implements Serializable {

    /** Standard deviation of the cluster centres in each informative feature. */
    public static final double CENTRE_SPREAD = 3.0;
    /** Standard deviation of every noise feature, so that all features have variance 10. */
    static final double NOISE_SPREAD = Math.sqrt(CENTRE_SPREAD * CENTRE_SPREAD + 1.0);
    /** Name of the column holding each row's cluster. */
    public static final String CLUSTER_COLUMN = "cluster";
    /** The most rows a partition gets from {@link #defaultPartitions}: a task's share, however many rows there are. */
    public static final long MAX_ROWS_PER_PARTITION = 1 << 17;
    /** SplittableRandom's increment of a fresh generator, 2^64 over the golden ratio, odd. */
    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private final int dims;
    private final int informative;
    private final double[][] centres;
    private final double[][] noiseBasis;
    private final long seed;

    /** The mixture of {@code clusters} clusters in {@code informative} of {@code dims} features, with independent noise. */
    public GaussianMixture(int dims, int informative, int clusters, long seed) {
        this(dims, informative, clusters, 0, seed);
    }

    /**
     * The mixture of {@code clusters} clusters in {@code informative} of {@code dims} features, the
     * noise features of rank {@code noiseRank} (0: independent).
     */
    public GaussianMixture(int dims, int informative, int clusters, int noiseRank, long seed) {
        if (dims < 1 || informative < 0 || informative > dims || clusters < 1 || noiseRank < 0) {
            throw new IllegalArgumentException("need dims >= 1, 0 <= informative <= dims, clusters >= 1 and noise rank >= 0; got"
                    + " dims " + dims + ", informative " + informative + ", clusters " + clusters + ", noise rank " + noiseRank);
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
        this.noiseBasis = new double[noiseRank == 0 ? 0 : dims - informative][noiseRank];
        for (double[] row : noiseBasis) {
            double squared = 0.0;
            for (int j = 0; j < noiseRank; j++) {
                row[j] = gaussian(random);
                squared += row[j] * row[j];
            }
            double scale = NOISE_SPREAD / Math.sqrt(squared);
            for (int j = 0; j < noiseRank; j++) {
                row[j] *= scale;
            }
        }
    }

    /**
     * The partitions {@code rows} rows are generated in unless asked otherwise: {@code parallelism}
     * (Spark's default parallelism), or more where that would put more than
     * {@value #MAX_ROWS_PER_PARTITION} rows in one, so that no task generates or caches a share of
     * the data that grows with it.
     */
    public static int defaultPartitions(long rows, int parallelism) {
        return (int) Math.max(parallelism, (rows + MAX_ROWS_PER_PARTITION - 1) / MAX_ROWS_PER_PARTITION);
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

    /**
     * The same rows as {@link #generate} as the lines of a CSV, its header first (in the partition of
     * row 0): each number as {@code Double.toString} writes it, as Spark's CSV writer does, so that
     * reading the lines back gives the same values. A table of one text column costs its writer a
     * line a row, where a table of D + 1 columns costs a conversion of D + 1 fields a row.
     */
    public Dataset<String> csvLines(SparkSession spark, long rows, int partitions) {
        MapPartitionsFunction<Long, String> lines = indices -> new Iterator<>() {
            private boolean headerPending = true;

            @Override
            public boolean hasNext() {
                return indices.hasNext();
            }

            @Override
            public String next() {
                long index = indices.next();
                if (index == 0 && headerPending) {
                    headerPending = false;
                    return header() + "\n" + line(index);
                }
                return line(index);
            }
        };
        return spark.range(0, rows, 1, partitions).mapPartitions(lines, Encoders.STRING());
    }

    private String header() {
        StringBuilder header = new StringBuilder();
        for (int r = 0; r < dims; r++) {
            header.append('f').append(r).append(',');
        }
        return header.append(CLUSTER_COLUMN).toString();
    }

    private String line(long index) {
        Row row = row(index);
        StringBuilder line = new StringBuilder(20 * (dims + 1));
        for (int r = 0; r < dims; r++) {
            line.append(row.getDouble(r)).append(',');
        }
        return line.append(row.getInt(dims)).toString();
    }

    private Row row(long index) {
        SplittableRandom random = rowStream(seed, index);
        int cluster = random.nextInt(centres.length);
        Object[] values = new Object[dims + 1];
        for (int r = 0; r < informative; r++) {
            values[r] = centres[cluster][r] + gaussian(random);
        }
        if (noiseBasis.length == 0) {
            for (int r = informative; r < dims; r++) {
                values[r] = NOISE_SPREAD * gaussian(random);
            }
        } else {
            double[] z = new double[noiseBasis[0].length];
            for (int j = 0; j < z.length; j++) {
                z[j] = gaussian(random);
            }
            for (int r = informative; r < dims; r++) {
                double value = 0.0;
                for (int j = 0; j < z.length; j++) {
                    value += noiseBasis[r - informative][j] * z[j];
                }
                values[r] = value;
            }
        }
        values[dims] = cluster;
        return RowFactory.create(values);
    }

    /**
     * The random stream of row {@code index}: a generator whose seed is the {@code index}-th output of
     * a SplittableRandom seeded by the mixed {@code seed} (distinct for distinct rows, since that
     * output is a bijection of the index), split once so that each row also gets its own increment.
     * Seeding row streams with seeds a multiple of SplittableRandom's own increment apart (as
     * {@code seed ^ (index * 0x9E3779B97F4A7C15 + c)} does) would make row i's stream row i + 4's
     * shifted by a few draws: the state advances by that same constant each draw (Steele, Lea and
     * Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014, section 3).
     */
    static SplittableRandom rowStream(long seed, long index) {
        return new SplittableRandom(mix64(mix64(seed) + index * GOLDEN_GAMMA)).split();
    }

    /** Stafford's variant 13 of MurmurHash3's 64-bit finaliser, as SplittableRandom mixes its outputs: a bijection. */
    private static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
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
