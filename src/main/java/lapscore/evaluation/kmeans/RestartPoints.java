package lapscore.evaluation.kmeans;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import lapscore.data.CacheScope;
import lapscore.evaluation.metrics.ContingencyTable;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.attribute.AttributeGroup;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import scala.Tuple2;

/**
 * The rows {@link KMeansRestarts} clusters, with their classes when they are to be scored, and the
 * three things it asks of them: the rows of given numbers (the random starts), the sums of one Lloyd
 * pass for every run ({@link LloydSums}), and every run's contingency table against the classes.
 * Small rows (by default at most {@link #DRIVER_LIMIT} values) are collected to the driver once and every pass
 * is a loop there: on small data the Spark jobs of some twenty passes per evaluation row cost far
 * more than the arithmetic. Larger rows stay distributed, cached, one Spark pass per Lloyd iteration.
 * Both walk the rows with the same {@link LloydSums#add} and {@link KMeansRestarts#nearest}.
 */
abstract class RestartPoints implements AutoCloseable {

    /** The most values (rows x features) collected to the driver: 2^23 doubles, 64 MiB. */
    static final long DRIVER_LIMIT = 1L << 23;

    /** The number of rows. */
    abstract long size();

    /** The rows numbered {@code numbers} (0 .. size-1, in the rows' order), by number. */
    abstract Map<Long, double[]> rows(Set<Long> numbers);

    /** The sums of one Lloyd pass of every run of {@code centres} ([run][cluster][feature]). */
    abstract LloydSums pass(double[][][] centres);

    /** Every run's contingency table of its clusters (by nearest centre) against the classes 0 .. classes-1. */
    abstract List<ContingencyTable> tables(double[][][] centres, int classes);

    @Override
    public void close() {
    }

    /**
     * The vector column {@code featuresColumn} of {@code rows} and, unless null, the class column
     * {@code classColumn}: on the driver when the rows hold at most {@code driverLimit} values
     * (counted with the vectors' size from the column's metadata, else from the first row), else
     * cached in Spark until closed.
     */
    static RestartPoints of(Dataset<Row> rows, String featuresColumn, String classColumn, long driverLimit) {
        Dataset<Row> columns = classColumn == null ? rows.select(featuresColumn) : rows.select(featuresColumn, classColumn);
        JavaRDD<Labelled> labelled = columns.javaRDD().map(row -> new Labelled(((Vector) row.get(0)).toArray(),
                classColumn == null ? -1 : ((Number) row.get(1)).intValue()));
        long count = rows.count();
        int size = AttributeGroup.fromStructField(rows.schema().apply(featuresColumn)).size();
        long values = count == 0 ? 0 : count * (size >= 0 ? size : ((Vector) rows.select(featuresColumn).first().get(0)).size());
        return values <= driverLimit ? new OnDriver(labelled.collect()) : new Distributed(labelled);
    }

    /**
     * A row's values and its class (-1 when the rows have none). A class, not a record: Spark's Kryo
     * serializer, which the job uses, cannot write records.
     */
    static final class Labelled implements Serializable {
        private static final long serialVersionUID = 1L;

        private final double[] point;
        private final int label;

        Labelled(double[] point, int label) {
            this.point = point;
            this.label = label;
        }

        double[] point() {
            return point;
        }

        int label() {
            return label;
        }
    }

    /** The rows collected to the driver. */
    private static final class OnDriver extends RestartPoints {

        private final List<Labelled> rows;

        OnDriver(List<Labelled> rows) {
            this.rows = rows;
        }

        @Override
        long size() {
            return rows.size();
        }

        @Override
        Map<Long, double[]> rows(Set<Long> numbers) {
            Map<Long, double[]> found = new LinkedHashMap<>();
            numbers.forEach(number -> found.put(number, rows.get(Math.toIntExact(number)).point()));
            return found;
        }

        @Override
        LloydSums pass(double[][][] centres) {
            LloydSums sums = LloydSums.empty(centres);
            rows.forEach(row -> sums.add(centres, row.point()));
            return sums;
        }

        @Override
        List<ContingencyTable> tables(double[][][] centres, int classes) {
            int[] labels = rows.stream().mapToInt(Labelled::label).toArray();
            List<ContingencyTable> tables = new ArrayList<>();
            for (double[][] run : centres) {
                int[] clusters = rows.stream().mapToInt(row -> KMeansRestarts.nearest(run, row.point())).toArray();
                tables.add(ContingencyTable.of(clusters, labels, run.length, classes));
            }
            return tables;
        }
    }

    /** The rows cached in Spark: one distributed pass per request, only sums and tables reaching the driver. */
    private static final class Distributed extends RestartPoints {

        private final CacheScope caches = new CacheScope();
        private final JavaRDD<Labelled> rows;
        private final long size;

        Distributed(JavaRDD<Labelled> rows) {
            this.rows = caches.persist(rows);
            this.size = this.rows.count();
        }

        @Override
        long size() {
            return size;
        }

        @Override
        Map<Long, double[]> rows(Set<Long> numbers) {
            return rows.zipWithIndex().filter(row -> numbers.contains(row._2())).collect().stream()
                    .collect(Collectors.toMap(Tuple2::_2, row -> row._1().point()));
        }

        @Override
        LloydSums pass(double[][][] centres) {
            return rows.treeAggregate(LloydSums.empty(centres), (sums, row) -> sums.add(centres, row.point()), LloydSums::merge);
        }

        @Override
        List<ContingencyTable> tables(double[][][] centres, int classes) {
            JavaRDD<int[]> labels = rows.map(row -> {
                int[] label = new int[centres.length + 1];
                for (int run = 0; run < centres.length; run++) {
                    label[run] = KMeansRestarts.nearest(centres[run], row.point());
                }
                label[centres.length] = row.label();
                return label;
            });
            return ContingencyTable.ofRuns(labels, centres.length, centres[0].length, classes);
        }

        @Override
        public void close() {
            caches.close();
        }
    }
}
