package lapscore.data;

import org.apache.spark.SparkContext;

/**
 * The heap one task of the search may fill with rows: Spark's "user memory" of an executor, the
 * {@code 1 - spark.memory.fraction} of its heap above the 300 MiB Spark reserves, which Spark leaves
 * to user data structures (Spark's tuning guide, "Memory Management Overview";
 * {@code UnifiedMemoryManager.RESERVED_SYSTEM_MEMORY_BYTES}), shared by the tasks that run on the
 * executor at once. In local mode the executor is this JVM ({@link Runtime#maxMemory()}) running
 * {@link SparkContext#defaultParallelism()} tasks; on a cluster its heap is
 * {@code spark.executor.memory} and its tasks {@code spark.executor.cores}, or, when that is not
 * set, the cores of the registered executors over their number (one before any registers).
 */
public final class TaskMemory {

    /** The heap Spark reserves for itself before dividing the rest (Spark's {@code UnifiedMemoryManager}). */
    static final long RESERVED_BYTES = 300L << 20;

    private TaskMemory() {
    }

    /** The bytes of user memory each task of {@code context}'s executors has. */
    public static long perTask(SparkContext context) {
        double userShare = 1 - context.getConf().getDouble("spark.memory.fraction", 0.6);
        long heap = context.isLocal() ? Runtime.getRuntime().maxMemory()
                : context.getConf().getSizeAsBytes("spark.executor.memory", "1g");
        return of(heap, userShare, tasksPerExecutor(context));
    }

    /** The user memory of one of {@code tasks} tasks on a heap of {@code heapBytes}, {@code userShare} of it above the reserve. */
    static long of(long heapBytes, double userShare, int tasks) {
        return (long) (Math.max(0, heapBytes - RESERVED_BYTES) * userShare / Math.max(1, tasks));
    }

    private static int tasksPerExecutor(SparkContext context) {
        if (context.isLocal()) {
            return context.defaultParallelism();
        }
        if (context.getConf().contains("spark.executor.cores")) {
            return context.getConf().getInt("spark.executor.cores", 1);
        }
        int executors = context.getExecutorMemoryStatus().size() - 1;
        return executors > 0 ? Math.max(1, context.defaultParallelism() / executors) : 1;
    }
}
