package lapscore.data;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaRDDLike;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.rdd.RDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.storage.StorageLevel;

/**
 * The owner of the data one piece of work caches in Spark (the RDDs and Datasets of one fit, of one
 * evaluation, of one benchmark size, and the values it broadcasts to the executors), which releases
 * them in one place. Work persists and broadcasts through the scope ({@link #persist},
 * {@link #broadcast}), may release an item as soon as it is no longer needed
 * ({@link #release}), and leaves everything else to {@link #close()}, which a try-with-resources
 * block runs whether the work succeeds or fails:
 * <pre>{@code
 * try (CacheScope caches = new CacheScope()) {
 *     JavaRDD<Row> rows = caches.persist(input);
 *     ...                       // a failure here releases rows too
 * }                             // everything still held is released here
 * }</pre>
 * A result that outlives the work and needs its cached data (a graph the user unpersists later)
 * takes the whole scope with it: {@link #ownedByResult} closes the scope only when building the
 * result fails, and the result closes it when its user is done.
 *
 * <p>Rules: the scope owns only what it persisted itself; data that was already cached when handed
 * to {@link #persist} (by the caller's code, or by the user, whose cache a Dataset with the same plan
 * shares) is returned as it is and never released here. {@link #close()} releases the items still held,
 * the most recently persisted first, without waiting for the executors to drop the blocks
 * ({@code unpersist(false)}), tries every item even when one fails, and throws the first failure with
 * the others suppressed; inside try-with-resources, an exception already in flight stays the one the
 * caller sees and a release failure is added to it as suppressed. Closing twice does nothing;
 * persisting or broadcasting into a closed scope is refused. Each call costs O(h) for the h items held, which stay
 * few when a loop releases what each of its steps no longer needs.
 *
 * <p>A scope lives on the driver: it is not {@link java.io.Serializable}, so a Spark closure that
 * captures it fails to serialise, and it is not synchronised: one thread uses it at a time (the
 * thread running the fit, or a thread it is handed to with the result).
 */
public final class CacheScope implements AutoCloseable {

    /**
     * The local property that has a job checkpoint every marked RDD behind its own
     * ({@code RDD.CHECKPOINT_ALL_MARKED_ANCESTORS} in Spark's {@code RDD.scala}).
     */
    static final String CHECKPOINT_ALL_MARKED_ANCESTORS = "spark.checkpoint.checkpointAllMarkedAncestors";

    private final List<Held> held = new ArrayList<>();
    private boolean closed;

    /** One item held: what identifies it ({@code key}, compared by identity) and how to release it. */
    private record Held(Object key, AutoCloseable release) {
    }

    /**
     * Runs {@code build} on a new scope and returns what it builds, which now owns the scope and must
     * close it when its user is done with it (a graph's {@code unpersist()}). When {@code build}
     * throws, the scope is closed before the exception propagates, with any release failure added to
     * it as suppressed.
     */
    public static <T> T ownedByResult(Function<CacheScope, T> build) {
        CacheScope caches = new CacheScope();
        try {
            return build.apply(caches);
        } catch (Throwable failed) {
            caches.releaseAll(failed);
            throw failed;
        }
    }

    /** Persists {@code rdd} ({@code JavaRDD} or {@code JavaPairRDD}) in memory, spilling to disk, and holds it. */
    public <R extends JavaRDDLike<?, R>> R persist(R rdd) {
        return persist(rdd, StorageLevel.MEMORY_AND_DISK());
    }

    /**
     * Persists {@code rdd} at {@code level} and holds it; an RDD that is already persisted is
     * returned as it is and stays its owner's.
     */
    public <R extends JavaRDDLike<?, R>> R persist(R rdd, StorageLevel level) {
        requireOpen();
        RDD<?> underlying = rdd.rdd();
        if (underlying.getStorageLevel().equals(StorageLevel.NONE())) {
            underlying.persist(level);
            held.add(new Held(underlying, () -> underlying.unpersist(false)));
        }
        return rdd;
    }

    /**
     * Persists {@code rdd} like {@link #persist(JavaRDDLike)} and has it forget its lineage once the
     * first job computes it, so that Spark can delete the shuffle files behind it (its
     * {@code ContextCleaner} removes a shuffle once the driver no longer refers to it, and a cached
     * RDD refers to every shuffle of its lineage). A loop that derives each step's data from the
     * last (the rounds of a search) otherwise keeps every step's shuffle on disk until the loop's
     * result is released. Where the lineage goes:
     * <ul>
     *   <li>in local mode, a local checkpoint ({@code RDD.localCheckpoint}): the cached blocks
     *       themselves, which live in the one JVM, replace it. Releasing it removes the blocks as
     *       {@code RDD.unpersist} does, without that method's warning that the lineage is gone (it
     *       is, on purpose: nothing reads these blocks once they are released);</li>
     *   <li>on a cluster with a checkpoint directory ({@code SparkContext.setCheckpointDir}), a
     *       reliable checkpoint: one more job writes the computed blocks there, and a lost executor
     *       costs a read, not a failed fit;</li>
     *   <li>else the lineage is kept, so that a lost executor's blocks can be computed again.</li>
     * </ul>
     * An RDD that is already persisted is returned as it is and stays its owner's, lineage and all.
     */
    public <R extends JavaRDDLike<?, R>> R persistAndForgetLineage(R rdd) {
        return persistAndForgetLineage(rdd, StorageLevel.MEMORY_AND_DISK());
    }

    /**
     * {@link #persistAndForgetLineage(JavaRDDLike)} at {@code level}; in local mode Spark's local
     * checkpoint adds the disk to a level without it, since the blocks are all that is left.
     */
    public <R extends JavaRDDLike<?, R>> R persistAndForgetLineage(R rdd, StorageLevel level) {
        requireOpen();
        RDD<?> underlying = rdd.rdd();
        if (!underlying.getStorageLevel().equals(StorageLevel.NONE())) {
            return rdd;
        }
        SparkContext context = underlying.context();
        underlying.persist(level);
        if (context.isLocal()) {
            underlying.localCheckpoint();
            int id = underlying.id();
            held.add(new Held(underlying, () -> context.unpersistRDD(id, false)));
        } else {
            if (context.getCheckpointDir().isDefined()) {
                underlying.checkpoint();
            }
            held.add(new Held(underlying, () -> underlying.unpersist(false)));
        }
        return rdd;
    }

    /**
     * {@link #persistAndForgetLineage(JavaRDDLike, StorageLevel)} of the RDD that {@code make} makes
     * (in {@code context}) from RDDs this scope marked so too: the first job that computes it makes
     * every marked RDD behind it forget its lineage as well, not only the first one Spark meets on
     * its way back (Spark's local property {@value #CHECKPOINT_ALL_MARKED_ANCESTORS}, which an RDD
     * reads when it is made, set while {@code make} runs). A step that caches two results, one made
     * from the other (a search's lists and their ceilings), needs it: an RDD made from a cached one
     * keeps that one's partitions as they were when it was made, and the partitions of a zip name the
     * RDDs zipped and their partitions ({@code ZippedPartitionsPartition}), so a result that keeps its
     * lineage holds the step's shuffles and, through the step's input, every step's before it.
     */
    public <R extends JavaRDDLike<?, R>> R persistAndForgetLineages(SparkContext context, Supplier<R> make, StorageLevel level) {
        String previous = context.getLocalProperty(CHECKPOINT_ALL_MARKED_ANCESTORS);
        context.setLocalProperty(CHECKPOINT_ALL_MARKED_ANCESTORS, "true");
        try {
            return persistAndForgetLineage(make.get(), level);
        } finally {
            context.setLocalProperty(CHECKPOINT_ALL_MARKED_ANCESTORS, previous);
        }
    }

    /**
     * Persists {@code data} in memory, spilling to disk, and holds it; a Dataset whose plan is
     * already cached (by this scope, another one or the user) is returned as it is and stays its
     * owner's.
     */
    public <T> Dataset<T> persist(Dataset<T> data) {
        requireOpen();
        if (data.storageLevel().equals(StorageLevel.NONE())) {
            data.persist(StorageLevel.MEMORY_AND_DISK());
            held.add(new Held(data, () -> data.unpersist(false)));
        }
        return data;
    }

    /**
     * Broadcasts {@code value} to the executors through {@code context} and holds the broadcast,
     * which releasing destroys ({@link Broadcast#destroy()}): its copies on the driver and the
     * executors are removed, and tasks can no longer read it.
     */
    public <T> Broadcast<T> broadcast(JavaSparkContext context, T value) {
        requireOpen();
        Broadcast<T> shared = context.broadcast(value);
        held.add(new Held(shared, shared::destroy));
        return shared;
    }

    /**
     * Holds {@code resource} (cached data with a release of its own, such as a graph) so that
     * {@link #close()} closes it with the rest; returns it.
     */
    public <T extends AutoCloseable> T own(T resource) {
        requireOpen();
        held.add(new Held(resource, resource));
        return resource;
    }

    /** Releases {@code rdd} now and forgets it; nothing happens when this scope does not hold it. */
    public void release(JavaRDDLike<?, ?> rdd) {
        releaseHeld(rdd.rdd());
    }

    /** Releases {@code data} now and forgets it; nothing happens when this scope does not hold it. */
    public void release(Dataset<?> data) {
        releaseHeld(data);
    }

    /** Destroys {@code shared} now and forgets it; nothing happens when this scope does not hold it. */
    public void release(Broadcast<?> shared) {
        releaseHeld(shared);
    }

    /**
     * Releases everything still held, the most recently persisted first, and closes the scope; see
     * the class comment for failures. Does nothing when already closed.
     */
    @Override
    public void close() {
        Throwable failed = releaseAll(null);
        if (failed instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (failed != null) {
            throw (Error) failed;
        }
    }

    /**
     * Releases everything still held, the most recent first, unless already closed, and closes the
     * scope. Each failure is added as suppressed to {@code inFlight} when it is not null; else the
     * first is returned, with the later ones suppressed in it.
     */
    private Throwable releaseAll(Throwable inFlight) {
        if (closed) {
            return inFlight;
        }
        closed = true;
        Throwable first = inFlight;
        for (int i = held.size() - 1; i >= 0; i--) {
            try {
                releaseNow(held.get(i));
            } catch (Throwable failed) {
                if (first == null) {
                    first = failed;
                } else if (failed != first) {
                    first.addSuppressed(failed);
                }
            }
        }
        held.clear();
        return first;
    }

    private void releaseHeld(Object key) {
        int index = indexOf(key);
        if (index >= 0) {
            releaseNow(held.remove(index));
        }
    }

    private int indexOf(Object key) {
        for (int i = held.size() - 1; i >= 0; i--) {
            if (held.get(i).key() == key) {
                return i;
            }
        }
        return -1;
    }

    /** Runs the release of {@code item}; a checked exception of an owned resource comes out unchecked. */
    private static void releaseNow(Held item) {
        try {
            item.release().close();
        } catch (RuntimeException | Error unchecked) {
            throw unchecked;
        } catch (Exception checked) {
            throw new IllegalStateException("Releasing cached data failed: " + checked.getMessage(), checked);
        }
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("This cache scope is closed: what it would hold could never be released");
        }
    }
}
