package lapscore.data.blocks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import lapscore.testkit.SparkTestSession;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The ordered merge of partials, whose rounding must not depend on where it runs: the RDD's and
 * the list's merges give the same sum to the last bit, and below the fan-in both are the plain
 * left-to-right sum. The partials span twelve orders of magnitude, so that a different order of
 * additions would round differently.
 */
class OrderedReduceTest {

    @ParameterizedTest(name = "{0} partials")
    @ValueSource(ints = {1, 7, 16, 17, 40, 300})
    void theListAndTheRddMergeInTheSameTree(int count) {
        List<Double> partials = partials(count);
        JavaRDD<Double> rdd = JavaSparkContext.fromSparkContext(SparkTestSession.spark().sparkContext())
                .parallelize(partials, count);
        double distributed = OrderedReduce.reduce(rdd, Double::sum);
        double local = OrderedReduce.reduce(partials, Double::sum);
        assertEquals(Double.doubleToLongBits(distributed), Double.doubleToLongBits(local), distributed + " vs " + local);
        if (count <= OrderedReduce.FAN_IN) {
            double leftToRight = 0;
            for (double partial : partials) {
                leftToRight += partial;
            }
            assertEquals(Double.doubleToLongBits(leftToRight), Double.doubleToLongBits(local));
        }
    }

    private static List<Double> partials(int count) {
        Random random = new Random(count);
        List<Double> partials = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            partials.add((random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(12)));
        }
        return partials;
    }
}
