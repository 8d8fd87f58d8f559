package lapscore.progress;

import java.io.Serializable;

import org.apache.spark.SparkContext;
import org.apache.spark.util.LongAccumulator;

/**
 * How many pair distances the approximate search computed, counted by its tasks in two Spark
 * accumulators: the pairs within the trees' leaves, and the pairs the NN-descent rounds' local joins
 * screened (each pair of two new candidates and of a new and an old one; those that pass the
 * screen are then measured exactly). Divided by the rows, they are the work per row that a change
 * of leaves, trees or rounds trades. Spark adds a task's updates once per successful task of a
 * result stage, but may add those of a recomputed shuffle stage again, so a fit with failures can
 * count more than it needed.
 *
 * @param treePairs  pairs within the leaves of every tree
 * @param roundPairs pairs screened by every round's local joins
 */
public record PairCounts(LongAccumulator treePairs, LongAccumulator roundPairs) implements Serializable {

    /** Two new accumulators, registered with {@code sparkContext}. */
    public static PairCounts register(SparkContext sparkContext) {
        return new PairCounts(sparkContext.longAccumulator("lapscore: pair distances within the trees' leaves"),
                sparkContext.longAccumulator("lapscore: pair distances screened by the NN-descent rounds"));
    }
}
