package lapscore.evaluation.metrics;

import static org.apache.spark.sql.functions.col;

import java.util.Arrays;
import java.util.List;

import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * How many rows fall in each (cluster, class) pair: {@code counts[r][s]} rows are in cluster r and
 * class s. Both clustering metrics ({@link ClusteringAccuracy}, {@link NormalizedMutualInformation})
 * are functions of this table only, so on Spark it is counted with one {@code groupBy} and only its
 * k x c cells reach the driver.
 */
public final class ContingencyTable {

    private final long[][] counts;
    private final long total;

    private ContingencyTable(long[][] counts) {
        this.counts = counts;
        this.total = Arrays.stream(counts).flatMapToLong(Arrays::stream).sum();
    }

    /** The table of {@code clusters[i]} (0 .. clusterCount-1) against {@code classes[i]} (0 .. classCount-1). */
    public static ContingencyTable of(int[] clusters, int[] classes, int clusterCount, int classCount) {
        long[][] counts = new long[clusterCount][classCount];
        for (int i = 0; i < clusters.length; i++) {
            counts[clusters[i]][classes[i]]++;
        }
        return new ContingencyTable(counts);
    }

    /**
     * The table of the integer-valued columns {@code clusterColumn} (0 .. clusterCount-1) and
     * {@code classColumn} (0 .. classCount-1) of {@code rows}, counted by Spark as {@link #ofRuns} counts.
     */
    public static ContingencyTable of(Dataset<Row> rows, String clusterColumn, String classColumn, int clusterCount,
                                      int classCount) {
        JavaRDD<int[]> labels = rows.select(col(clusterColumn).cast("int"), col(classColumn).cast("int")).javaRDD()
                .map(row -> new int[]{row.getInt(0), row.getInt(1)});
        return ofRuns(labels, 1, clusterCount, classCount).get(0);
    }

    /**
     * The tables of {@code runs} clusterings of the same rows against their classes: each element of
     * {@code labels} holds a row's cluster in every run (0 .. clusterCount-1), then its class
     * (0 .. classCount-1). Counted by Spark in one pass: each partition counts its rows into one
     * k x c table per run and the tables are summed in a tree, without a shuffle; only the tables
     * reach the driver.
     */
    public static List<ContingencyTable> ofRuns(JavaRDD<int[]> labels, int runs, int clusterCount, int classCount) {
        long[][][] counts = labels.treeAggregate(new long[runs][clusterCount][classCount], (tables, label) -> {
            for (int run = 0; run < runs; run++) {
                tables[run][label[run]][label[runs]]++;
            }
            return tables;
        }, ContingencyTable::sum);
        return Arrays.stream(counts).map(ContingencyTable::new).toList();
    }

    private static long[][][] sum(long[][][] a, long[][][] b) {
        for (int run = 0; run < a.length; run++) {
            sum(a[run], b[run]);
        }
        return a;
    }

    private static long[][] sum(long[][] a, long[][] b) {
        for (int r = 0; r < a.length; r++) {
            for (int s = 0; s < a[r].length; s++) {
                a[r][s] += b[r][s];
            }
        }
        return a;
    }

    public int clusters() {
        return counts.length;
    }

    public int classes() {
        return counts.length == 0 ? 0 : counts[0].length;
    }

    /** Rows in cluster r and class s. */
    public long count(int r, int s) {
        return counts[r][s];
    }

    /** All rows. */
    public long total() {
        return total;
    }

    /** Rows per cluster. */
    public long[] clusterSizes() {
        return Arrays.stream(counts).mapToLong(row -> Arrays.stream(row).sum()).toArray();
    }

    /** Rows per class. */
    public long[] classSizes() {
        long[] sizes = new long[classes()];
        for (long[] row : counts) {
            for (int s = 0; s < sizes.length; s++) {
                sizes[s] += row[s];
            }
        }
        return sizes;
    }
}
