package io.github.lapscore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/** Checks that work leaves the test session's caches (persisted RDDs and cached Datasets) as it found them. */
public final class Caches {

    private Caches() {
    }

    /** Runs {@code work} (which may throw) and asserts that it left no RDD persisted and no Dataset cached. */
    public static <T> T leavesNothingCached(String what, Supplier<T> work) {
        SparkSession spark = SparkTestSession.spark();
        Set<Integer> before = persistedRdds(spark);
        assertTrue(spark.sharedState().cacheManager().isEmpty(), "no Dataset is cached before " + what);
        try {
            return work.get();
        } finally {
            assertEquals(before, persistedRdds(spark), "persisted RDDs after " + what);
            assertTrue(spark.sharedState().cacheManager().isEmpty(), "no Dataset is cached after " + what);
        }
    }

    private static Set<Integer> persistedRdds(SparkSession spark) {
        return new TreeSet<>(JavaSparkContext.fromSparkContext(spark.sparkContext()).getPersistentRDDs().keySet());
    }
}
