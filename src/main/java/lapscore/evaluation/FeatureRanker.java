package lapscore.evaluation;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * One selector under evaluation: its name in the tables, whether it reads the class labels, and how
 * it ranks the features of some rows. The rows hold the features and class columns that
 * {@link Experiment} was given; an unsupervised ranker must not read the class column.
 */
public interface FeatureRanker {

    /** The name in the tables and plots, e.g. {@code laplacian}. */
    String name();

    /** Whether it reads the class labels (then the 1-NN evaluation ranks on each training part only). */
    boolean supervised();

    /** The ranking of the features of {@code rows}. */
    RankedFeatures rank(Dataset<Row> rows);

    /**
     * Whether the best m features depend on m beyond taking the first m of one ranking (MCFS's
     * regressions stop at m active features); {@link Experiment} then asks {@link #rank(Dataset, int)}
     * once per count.
     */
    default boolean ranksPerCount() {
        return false;
    }

    /**
     * Throws what ranking {@code rows} would refuse before any work (params, columns, rows against
     * the params), without ranking; the variance baseline refuses nothing.
     */
    default void check(Dataset<Row> rows) {
    }

    /** The ranking of the features of {@code rows} when the best {@code count} are wanted. */
    default RankedFeatures rank(Dataset<Row> rows, int count) {
        return rank(rows);
    }
}
