package lapscore.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.CacheManager;

import scala.jdk.javaapi.CollectionConverters;

/**
 * Checks that work leaves the test session's caches (persisted RDDs and cached Datasets) as it found them,
 * whatever other tests of the same JVM left cached before it.
 */
public final class Caches {

    private Caches() {
    }

    /**
     * Runs {@code work} (which may throw) and asserts that afterwards the same RDDs are persisted and the same
     * Datasets cached as before it: it released everything it cached, and released nothing it did not cache.
     */
    public static <T> T leavesNothingCached(String what, Supplier<T> work) {
        SparkSession spark = SparkTestSession.spark();
        Set<Integer> rddsBefore = persistedRdds(spark);
        List<Object> datasetsBefore = cachedDatasets(spark);
        try {
            return work.get();
        } finally {
            assertEquals(rddsBefore, persistedRdds(spark), "persisted RDDs after " + what);
            assertEquals(datasetsBefore, cachedDatasets(spark), "cached Datasets after " + what);
        }
    }

    private static Set<Integer> persistedRdds(SparkSession spark) {
        return new TreeSet<>(JavaSparkContext.fromSparkContext(spark.sparkContext()).getPersistentRDDs().keySet());
    }

    /**
     * The entries of the session's Dataset cache (each a cached plan and its in-memory relation), in the order
     * they were cached. Spark's {@link CacheManager} publicly tells only whether it is empty, so its list is read by
     * reflection, from the private accessor that Spark 3.5 and 4.x both have.
     */
    private static List<Object> cachedDatasets(SparkSession spark) {
        try {
            Method entries = CacheManager.class.getDeclaredMethod("cachedData");
            entries.setAccessible(true);
            scala.collection.Seq<?> cached = (scala.collection.Seq<?>) entries.invoke(spark.sharedState().cacheManager());
            return List.copyOf(CollectionConverters.asJava(cached));
        } catch (ReflectiveOperationException unreadable) {
            throw new IllegalStateException("cannot list Spark's cached Datasets", unreadable);
        }
    }
}
