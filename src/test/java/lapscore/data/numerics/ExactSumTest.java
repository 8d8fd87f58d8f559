package lapscore.data.numerics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import lapscore.testkit.SparkTestSession;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/**
 * {@link ExactSum} is the exact sum, whatever the order and grouping of the additions, and so the
 * standard deviations of {@link FeatureDeviations} ({@code --standardize} divides by them) do not
 * depend on the partitioning.
 */
class ExactSumTest {

    /** Values of every magnitude and both signs, where a plain double sum depends on the order. */
    private static List<Double> awkwardValues(long seed) {
        Random random = new Random(seed);
        List<Double> values = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            double magnitude = Math.pow(10, random.nextInt(60) - 30);
            values.add((random.nextBoolean() ? 1 : -1) * magnitude * random.nextDouble());
        }
        values.add(1e20);
        values.add(-1e20);
        values.add(Double.MIN_VALUE);
        return values;
    }

    @Test
    void theSumIsExactInAnyOrderAndGrouping() {
        List<Double> values = awkwardValues(5);
        BigDecimal reference = BigDecimal.ZERO;
        for (double value : values) {
            reference = reference.add(new BigDecimal(value));
        }
        for (long shuffle = 0; shuffle < 5; shuffle++) {
            List<Double> order = new ArrayList<>(values);
            Collections.shuffle(order, new Random(shuffle));
            int groups = 1 + (int) shuffle * 3;
            ExactSum total = new ExactSum();
            for (int group = 0; group < groups; group++) {
                ExactSum part = new ExactSum();
                for (int i = group; i < order.size(); i += groups) {
                    part.add(order.get(i));
                }
                total.addAll(part);
            }
            assertFalse(total.overflowed());
            assertEquals(0, reference.compareTo(total.exact()), "shuffle " + shuffle + ", " + groups + " groups");
        }
        double plainForward = values.stream().mapToDouble(Double::doubleValue).sum();
        List<Double> reversed = new ArrayList<>(values);
        Collections.reverse(reversed);
        double plainBackward = 0.0;
        for (double value : reversed) {
            plainBackward += value;
        }
        assertTrue(plainForward != plainBackward || plainForward != reference.doubleValue(),
                "the data are awkward enough that a plain sum is not exact in both orders");
    }

    @Test
    void aTotalBeyondTheRangeOfADoubleIsMarked() {
        ExactSum sum = new ExactSum();
        sum.add(Double.MAX_VALUE);
        assertFalse(sum.overflowed());
        sum.add(Double.MAX_VALUE);
        assertTrue(sum.overflowed());
        ExactSum infinite = new ExactSum();
        infinite.add(Double.POSITIVE_INFINITY);
        assertTrue(infinite.overflowed());
    }

    /**
     * The deviations are bitwise the same for 1, 3 and 7 partitions and shuffled rows, and equal the
     * plain two-pass sample standard deviation (written out here) to rounding, also for a feature far
     * from 0 ({@code 1e9 + noise}), where the textbook one-pass formula in doubles would cancel.
     */
    @Test
    void standardDeviationsDoNotDependOnThePartitioning() {
        Random random = new Random(9);
        List<Row> rows = new ArrayList<>();
        double[][] points = new double[500][];
        for (int i = 0; i < points.length; i++) {
            points[i] = new double[]{random.nextGaussian(), 1e9 + random.nextGaussian(), 1e-3 * random.nextDouble(), 7.0};
            rows.add(RowFactory.create((Vector) (i % 3 == 0 ? Vectors.dense(points[i]).toSparse() : Vectors.dense(points[i]))));
        }
        StructType schema = new StructType().add("v", SQLDataTypes.VectorType(), true);
        Dataset<Row> data = SparkTestSession.spark().createDataFrame(rows, schema);
        double[] once = deviations(data.coalesce(1));
        for (int partitions : new int[]{3, 7}) {
            assertArrayEquals(once, deviations(data.repartition(partitions)), "bit for bit with " + partitions + " partitions");
        }
        assertArrayEquals(once, deviations(data.orderBy(org.apache.spark.sql.functions.rand(4))), "bit for bit, rows shuffled");
        MathContext precision = MathContext.DECIMAL128;
        BigDecimal n = BigDecimal.valueOf(points.length);
        for (int r = 0; r < 4; r++) {
            BigDecimal sum = BigDecimal.ZERO;
            for (double[] point : points) {
                sum = sum.add(new BigDecimal(point[r]));
            }
            BigDecimal mean = sum.divide(n, precision);
            BigDecimal squares = BigDecimal.ZERO;
            for (double[] point : points) {
                BigDecimal deviation = new BigDecimal(point[r]).subtract(mean);
                squares = squares.add(deviation.multiply(deviation));
            }
            double expected = Math.sqrt(squares.divide(n.subtract(BigDecimal.ONE), precision).doubleValue());
            assertEquals(expected, once[r], 1e-14 * expected, "feature " + r);
        }
        assertEquals(0.0, once[3], "a constant feature has deviation 0 exactly");
    }

    private static double[] deviations(Dataset<Row> data) {
        FeatureDeviations sums = data.select("v").javaRDD().aggregate(new FeatureDeviations(4),
                (partial, row) -> partial.add(row.isNullAt(0) ? null : (Vector) row.get(0)), FeatureDeviations::merge);
        assertEquals(500, sums.rows());
        return sums.deviations();
    }
}
