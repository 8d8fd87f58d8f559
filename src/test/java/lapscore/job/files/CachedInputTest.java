package lapscore.job.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import lapscore.bench.GaussianMixture;
import lapscore.job.options.FitOption;
import lapscore.job.options.JobArguments;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.rdd.RDD;
import org.apache.spark.serializer.KryoSerializer;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import scala.jdk.javaapi.CollectionConverters;
import scala.reflect.ClassTag$;

/**
 * The rows the command line caches from its input, measured as Spark's Kryo serializer writes them
 * when it evicts a cached block to disk: about their values, not the table's schema. A row that
 * carried the schema (the ML attributes of 50 named features) took kilobytes, written once per row
 * while Spark held the executor's memory manager; at 10^6 rows that stopped the executor's
 * heartbeat until the driver gave the executor up.
 */
class CachedInputTest {

    @Test
    void aCachedInputRowSerializesToAboutItsValues(@TempDir Path dir) {
        SparkSession spark = SparkTestSession.spark();
        String path = dir.resolve("rows.parquet").toString();
        new GaussianMixture(50, 10, 5, 3).generate(spark, 200, 2).write().parquet(path);
        Set<Integer> before = new HashSet<>(CollectionConverters.asJava(spark.sparkContext().getPersistentRDDs()).keySet().stream()
                .map(Integer.class::cast).toList());
        try (InputTable input = InputTable.load(spark, JobArguments.parse(FitOption.class, new String[]{"--input", path},
                List.of(FitOption.INPUT)), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))) {
            List<RDD<?>> cached = CollectionConverters.asJava(spark.sparkContext().getPersistentRDDs()).entrySet().stream()
                    .filter(entry -> !before.contains((Integer) entry.getKey()))
                    .<RDD<?>>map(entry -> entry.getValue()).toList();
            assertEquals(1, cached.size(), "the input's rows are cached once");
            Row row = (Row) cached.get(0).toJavaRDD().first();
            long bytes = new KryoSerializer(spark.sparkContext().getConf()).newInstance()
                    .serialize(row, ClassTag$.MODULE$.apply(Row.class)).limit();
            assertTrue(bytes < 2 * 51 * Double.BYTES, "a cached row of 51 values serializes to " + bytes + " bytes");
        }
    }
}
