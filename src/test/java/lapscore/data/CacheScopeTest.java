package lapscore.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import lapscore.testkit.Caches;
import lapscore.testkit.Lineage;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.SparkException;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaRDDLike;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.storage.StorageLevel;
import org.junit.jupiter.api.Test;

/**
 * A {@link CacheScope} against the session's own record of what is cached: what it persists is in
 * {@code getPersistentRDDs()} (or the Dataset cache), and what it broadcasts can be read, until it is released,
 * early or by the close at the end of the work, whether the work succeeds or fails; the exception of failed work
 * is the one that surfaces.
 */
class CacheScopeTest {

    private static final JavaSparkContext CONTEXT = JavaSparkContext.fromSparkContext(SparkTestSession.spark().sparkContext());

    private static JavaRDD<Integer> numbers() {
        return CONTEXT.parallelize(List.of(1, 2, 3, 4, 5), 2).map(x -> x * 10);
    }

    private static Dataset<Row> frame() {
        return SparkTestSession.spark().range(7).toDF("n");
    }

    private static boolean persisted(JavaRDDLike<?, ?> rdd) {
        return CONTEXT.getPersistentRDDs().containsKey(rdd.id());
    }

    private static boolean cached(Dataset<?> data) {
        return !data.storageLevel().equals(StorageLevel.NONE());
    }

    @Test
    void closeReleasesEveryRddAndDatasetItPersisted() {
        Caches.leavesNothingCached("a scope's work", () -> {
            JavaRDD<Integer> rows;
            JavaPairRDD<Integer, Integer> pairs;
            JavaRDD<Integer> inMemory;
            Dataset<Row> frame;
            try (CacheScope caches = new CacheScope()) {
                rows = caches.persist(numbers());
                pairs = caches.persist(numbers().mapToPair(x -> new scala.Tuple2<>(x % 3, x)));
                inMemory = caches.persist(numbers(), StorageLevel.MEMORY_ONLY());
                frame = caches.persist(frame());
                assertEquals(List.of(10, 20, 30, 40, 50), rows.collect());
                assertEquals(5, pairs.count());
                assertEquals(7, frame.count());
                assertTrue(persisted(rows) && persisted(pairs) && persisted(inMemory), "persisted while the work runs");
                assertEquals(StorageLevel.MEMORY_AND_DISK(), rows.getStorageLevel());
                assertEquals(StorageLevel.MEMORY_AND_DISK(), pairs.getStorageLevel());
                assertEquals(StorageLevel.MEMORY_ONLY(), inMemory.getStorageLevel());
                assertEquals(StorageLevel.MEMORY_AND_DISK(), frame.storageLevel());
            }
            assertFalse(persisted(rows) || persisted(pairs) || persisted(inMemory), "released by close");
            assertFalse(cached(frame), "released by close");
            return null;
        });
    }

    @Test
    void failedWorkReleasesEverythingAndItsExceptionSurfaces() {
        List<JavaRDDLike<?, ?>> made = new ArrayList<>();
        List<Dataset<?>> frames = new ArrayList<>();
        IllegalStateException failed = Caches.leavesNothingCached("failed work", () -> assertThrows(IllegalStateException.class, () -> {
            try (CacheScope caches = new CacheScope()) {
                made.add(caches.persist(numbers()));
                frames.add(caches.persist(frame()));
                made.get(0).count();
                throw new IllegalStateException("the work failed");
            }
        }));
        assertEquals("the work failed", failed.getMessage());
        assertEquals(0, failed.getSuppressed().length);
        assertFalse(persisted(made.get(0)));
        assertFalse(cached(frames.get(0)));
    }

    @Test
    void dataThatForgetsItsLineageKeepsItsValuesAndNoShuffleOnceComputed() {
        Caches.leavesNothingCached("data that forgets its lineage", () -> {
            JavaPairRDD<Integer, Integer> summed;
            try (CacheScope caches = new CacheScope()) {
                JavaPairRDD<Integer, Integer> sums = numbers().mapToPair(x -> new scala.Tuple2<>(x % 3, x)).reduceByKey(Integer::sum);
                Map<Integer, Integer> expected = sums.collectAsMap();
                summed = caches.persistAndForgetLineage(sums.mapToPair(pair -> new scala.Tuple2<>(pair._1(), pair._2() + 1)).reduceByKey(Integer::sum));
                assertEquals(2, Lineage.shufflesBehind(summed.rdd()), "both shuffles until the first job computes it");
                assertEquals(expected.size(), summed.count());
                assertEquals(0, Lineage.shufflesBehind(summed.rdd()), "no shuffle once computed: Spark may delete their files");
                assertTrue(summed.rdd().isCheckpointed());
                expected.forEach((key, sum) -> assertEquals(sum + 1, summed.collectAsMap().get(key), "key " + key));
                assertTrue(persisted(summed), "persisted while the work runs");
            }
            assertFalse(persisted(summed), "released by close");
            return null;
        });
    }

    /**
     * A step's lists and the ceilings made from them, both forgetting their lineage, counted in one
     * job through the ceilings: with the ceilings made by {@code persistAndForgetLineages}, that job
     * checkpoints the lists too; made by {@code persistAndForgetLineage}, only the ceilings, and the
     * lists keep the step's shuffle (the search then held every step's shuffles on disk).
     */
    @Test
    void dataMadeFromDataThatForgetsItsLineageHasBothForgetInOneJob() {
        Caches.leavesNothingCached("data made from data that forgets its lineage", () -> {
            try (CacheScope caches = new CacheScope()) {
                for (boolean all : new boolean[]{true, false}) {
                    JavaPairRDD<Integer, Integer> lists = caches.persistAndForgetLineage(
                            numbers().mapToPair(x -> new scala.Tuple2<>(x % 3, x)).reduceByKey(Integer::sum));
                    JavaRDD<Integer> ceilings = all
                            ? caches.persistAndForgetLineages(lists.context(), () -> lists.values().map(sum -> sum + 1),
                                    StorageLevel.MEMORY_AND_DISK())
                            : caches.persistAndForgetLineage(lists.values().map(sum -> sum + 1));
                    assertEquals(3, ceilings.count());
                    assertTrue(ceilings.rdd().isCheckpointed(), "the ceilings, counted");
                    assertEquals(all, lists.rdd().isCheckpointed(), "the lists behind them, all = " + all);
                    assertEquals(all ? 0 : 1, Lineage.shufflesBehind(lists.rdd()), "the lists' shuffle, all = " + all);
                    assertEquals(lists.values().map(sum -> sum + 1).collect().stream().sorted().toList(),
                            ceilings.collect().stream().sorted().toList(), "the same values, all = " + all);
                }
            }
            return null;
        });
    }

    @Test
    void dataCachedByItsOwnerKeepsItsLineage() {
        JavaPairRDD<Integer, Integer> owned = numbers().mapToPair(x -> new scala.Tuple2<>(x % 3, x)).reduceByKey(Integer::sum).cache();
        try (CacheScope caches = new CacheScope()) {
            assertSame(owned, caches.persistAndForgetLineage(owned));
            assertEquals(3, owned.count());
            assertFalse(owned.rdd().isCheckpointed(), "the owner's data is left as it is");
            assertEquals(1, Lineage.shufflesBehind(owned.rdd()));
        }
        assertTrue(persisted(owned), "still the owner's");
        owned.unpersist();
    }

    @Test
    void releaseDropsOneItemNowAndCloseTheRest() {
        Caches.leavesNothingCached("early releases", () -> {
            JavaRDD<Integer> early = numbers();
            JavaRDD<Integer> late = numbers();
            Dataset<Row> frame = frame();
            try (CacheScope caches = new CacheScope()) {
                caches.persist(early);
                caches.persist(late);
                caches.persist(frame);
                caches.release(early);
                caches.release(frame);
                assertFalse(persisted(early), "released early");
                assertFalse(cached(frame), "released early");
                assertTrue(persisted(late), "still held");
                caches.release(early);
                assertTrue(persisted(late), "releasing what is no longer held changes nothing");
            }
            assertFalse(persisted(late), "released by close");
            return null;
        });
    }

    @Test
    void closeReleasesTheMostRecentFirstAndTriesEveryItemWhenOneFails() {
        List<String> closed = new ArrayList<>();
        CacheScope caches = new CacheScope();
        caches.own(() -> closed.add("first"));
        caches.own(() -> {
            closed.add("second");
            throw new IllegalStateException("second cannot be released");
        });
        caches.own(() -> {
            closed.add("third");
            throw new java.io.IOException("third cannot be released");
        });
        IllegalStateException failed = assertThrows(IllegalStateException.class, caches::close);
        assertEquals(List.of("third", "second", "first"), closed);
        assertTrue(failed.getMessage().contains("third cannot be released"), failed.getMessage());
        assertEquals(1, failed.getSuppressed().length);
        assertEquals("second cannot be released", failed.getSuppressed()[0].getMessage());
    }

    @Test
    void theExceptionInFlightWinsOverAFailedRelease() {
        List<JavaRDDLike<?, ?>> made = new ArrayList<>();
        IllegalArgumentException failed = assertThrows(IllegalArgumentException.class, () -> {
            try (CacheScope caches = new CacheScope()) {
                made.add(caches.persist(numbers()));
                caches.own(() -> {
                    throw new IllegalStateException("cannot be released");
                });
                throw new IllegalArgumentException("the work failed");
            }
        });
        assertEquals("the work failed", failed.getMessage());
        assertEquals(1, failed.getSuppressed().length);
        assertEquals("cannot be released", failed.getSuppressed()[0].getMessage());
        assertFalse(persisted(made.get(0)), "the rest is released all the same");
    }

    @Test
    void closingTwiceDoesNothingAndAClosedScopeHoldsNothingMore() {
        int[] closes = new int[1];
        JavaRDD<Integer> late = numbers();
        CacheScope caches = new CacheScope();
        caches.own(() -> closes[0]++);
        caches.close();
        caches.close();
        assertEquals(1, closes[0]);
        assertThrows(IllegalStateException.class, () -> caches.persist(late));
        assertThrows(IllegalStateException.class, () -> caches.persist(frame()));
        assertThrows(IllegalStateException.class, () -> caches.own(() -> closes[0]++));
        assertThrows(IllegalStateException.class, () -> caches.broadcast(CONTEXT, 1));
        assertFalse(persisted(late), "refused, so not persisted");
    }

    /** A broadcast no task can read any more: reading its value on the driver fails. */
    private static void assertDestroyed(Broadcast<?> shared, String when) {
        SparkException refused = assertThrows(SparkException.class, shared::value, when);
        assertTrue(refused.getMessage().contains("destroyed"), refused.getMessage());
    }

    @Test
    void broadcastsAreDestroyedWhenReleasedWhenTheScopeClosesAndWhenTheWorkFails() {
        List<Broadcast<?>> made = new ArrayList<>();
        try (CacheScope caches = new CacheScope()) {
            Broadcast<int[]> early = caches.broadcast(CONTEXT, new int[]{1, 2, 3});
            Broadcast<int[]> late = caches.broadcast(CONTEXT, new int[]{4, 5});
            made.add(late);
            assertEquals(6, CONTEXT.parallelize(List.of(0, 1, 2), 2).map(i -> early.value()[i]).reduce(Integer::sum));
            caches.release(early);
            assertDestroyed(early, "released early");
            caches.release(early);
            assertEquals(9, CONTEXT.parallelize(List.of(0, 1), 2).map(i -> late.value()[i]).reduce(Integer::sum), "still held");
        }
        assertDestroyed(made.get(0), "destroyed by close");
        IllegalStateException failed = assertThrows(IllegalStateException.class, () -> {
            try (CacheScope caches = new CacheScope()) {
                made.add(caches.broadcast(CONTEXT, "shared"));
                throw new IllegalStateException("the work failed");
            }
        });
        assertEquals(0, failed.getSuppressed().length, "destroying it failed nothing");
        assertDestroyed(made.get(1), "destroyed when the work failed");
    }

    @Test
    void dataCachedByItsOwnerBeforeStaysCached() {
        JavaRDD<Integer> users = numbers().persist(StorageLevel.MEMORY_ONLY());
        Dataset<Row> usersFrame = frame().cache();
        try {
            try (CacheScope caches = new CacheScope()) {
                assertSame(users, caches.persist(users));
                caches.persist(usersFrame);
                caches.persist(frame());
                caches.release(users);
                assertTrue(persisted(users), "not the scope's to release");
            }
            assertTrue(persisted(users), "not the scope's to release");
            assertEquals(StorageLevel.MEMORY_ONLY(), users.getStorageLevel());
            assertTrue(cached(usersFrame), "neither the same Dataset nor one with its plan is released");
        } finally {
            users.unpersist(false);
            usersFrame.unpersist(false);
        }
    }

    @Test
    void aResultOwnsTheScopeWhenBuiltAndNothingIsHeldWhenTheBuildFails() {
        Caches.leavesNothingCached("a result owning its scope", () -> {
            JavaRDD<Integer> rows = numbers();
            Owner result = CacheScope.ownedByResult(caches -> new Owner(caches.persist(rows), caches));
            assertTrue(persisted(rows), "the result still needs its rows");
            assertArrayEquals(new Object[]{10, 20, 30, 40, 50}, result.rows().collect().toArray());
            result.caches().close();
            assertFalse(persisted(rows), "released when the result's user is done");
            return null;
        });
        List<JavaRDDLike<?, ?>> made = new ArrayList<>();
        IllegalArgumentException refused = Caches.leavesNothingCached("a failed build", () -> assertThrows(
                IllegalArgumentException.class, () -> CacheScope.ownedByResult(caches -> {
                    made.add(caches.persist(numbers()));
                    caches.own(() -> {
                        throw new IllegalStateException("cannot be released");
                    });
                    throw new IllegalArgumentException("the build is refused");
                })));
        assertEquals("the build is refused", refused.getMessage());
        assertEquals("cannot be released", refused.getSuppressed()[0].getMessage());
        assertFalse(persisted(made.get(0)));
    }

    /** A result that keeps cached rows and the scope holding them. */
    private record Owner(JavaRDD<Integer> rows, CacheScope caches) {
    }
}
