package lapscore.evaluation;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.not;
import static org.apache.spark.sql.functions.rand;
import static org.apache.spark.sql.functions.round;
import static org.apache.spark.sql.functions.row_number;

import lapscore.data.CacheScope;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.expressions.Window;
import org.apache.spark.sql.expressions.WindowSpec;

/**
 * A seeded stratified split: within every class, the rows are put in a random order
 * ({@code rand(seed)}) and the first {@code round(fraction * n_class)} go to the training part,
 * the rest to the test part, so each class keeps its share in both. The order within a class
 * comes from a window partitioned by class, so each class is sorted by one task: fine for classes
 * of millions of rows, not for a class larger than a task's memory. Both parts are coalesced to
 * the input's number of partitions, so that small data are not spread over the window's many
 * shuffle partitions. The split depends on the seed
 * and on the rows' partitioning (as {@code rand} does), so the caller caches the input first.
 */
public record StratifiedSplit(Dataset<Row> train, Dataset<Row> test) {

    /**
     * Splits {@code rows} by the class column {@code classColumn}; both parts are cached in
     * {@code caches}, which releases them when its work ends.
     */
    public static StratifiedSplit of(Dataset<Row> rows, String classColumn, double fraction, long seed, CacheScope caches) {
        String order = "split_order";
        String position = "split_position";
        String size = "split_size";
        WindowSpec byClass = Window.partitionBy(col(classColumn));
        Dataset<Row> ranked = caches.persist(rows.withColumn(order, rand(seed))
                .withColumn(position, row_number().over(byClass.orderBy(col(order))))
                .withColumn(size, count(lit(1)).over(byClass)));
        Column inTrain = col(position).leq(round(col(size).multiply(fraction)));
        int partitions = rows.rdd().getNumPartitions();
        Dataset<Row> train = caches.persist(ranked.filter(inTrain).drop(order, position, size).coalesce(partitions));
        Dataset<Row> test = caches.persist(ranked.filter(not(inTrain)).drop(order, position, size).coalesce(partitions));
        train.count();
        test.count();
        caches.release(ranked);
        return new StratifiedSplit(train, test);
    }
}
