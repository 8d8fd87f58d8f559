package lapscore.graph.search.approximate;

import java.io.Serializable;

import lapscore.data.TaskMemory;

/**
 * What defines the approximate search and its recall estimate.
 *
 * @param numTrees          random-projection trees; each adds every row's best neighbours among its
 *                          leaf, so recall grows with the number of trees; a tree costs time and saves
 *                          NN-descent rounds; 0 chooses {@link #numTrees(long)}'s default, which grows
 *                          with the rows
 * @param leafSize          target rows per leaf (the block of the distance kernel); a leaf grown
 *                          beyond twice this (duplicates, a dense spot) is cut into chunks; 0
 *                          chooses {@link #leafSize(int, int)}'s default
 * @param searchNeighbors   K, the neighbours every row keeps during the search, of which the k
 *                          nearest are returned; 0 chooses {@link #listSize}'s default
 * @param refinementRounds  most NN-descent rounds after the trees ({@link NeighbourDescent}); they
 *                          stop earlier once the lists have converged
 * @param maxRowsPerTask    most rows one task of the search holds at once; 0 chooses
 *                          {@link #maxRowsPerTask(int, int)}'s default
 * @param recallSampleSize  rows whose exact neighbours are found to estimate recall@k
 * @param seed              seed of the trees, the tie-breaking hashes and the recall sample
 * @param taskMemoryBytes   the heap one task may fill with rows ({@link TaskMemory}), from which
 *                          the default {@link #maxRowsPerTask(int, int)} follows
 */
public record ForestSettings(int numTrees, int leafSize, int searchNeighbors, int refinementRounds, int maxRowsPerTask,
                             int recallSampleSize, long seed, long taskMemoryBytes) implements Serializable {

    /** Settings whose tasks have {@value #TASK_MEMORY_BYTES} bytes for rows until {@link #withTaskMemory} says otherwise. */
    public ForestSettings(int numTrees, int leafSize, int searchNeighbors, int refinementRounds, int maxRowsPerTask,
                          int recallSampleSize, long seed) {
        this(numTrees, leafSize, searchNeighbors, refinementRounds, maxRowsPerTask, recallSampleSize, seed, TASK_MEMORY_BYTES);
    }

    /** These settings for tasks with {@code bytes} of heap for rows. */
    public ForestSettings withTaskMemory(long bytes) {
        return new ForestSettings(numTrees, leafSize, searchNeighbors, refinementRounds, maxRowsPerTask, recallSampleSize, seed, bytes);
    }

    /** These settings with K = {@code searchNeighbors} (0: the default {@link #listSize}). */
    public ForestSettings withSearchNeighbors(int searchNeighbors) {
        return new ForestSettings(numTrees, leafSize, searchNeighbors, refinementRounds, maxRowsPerTask, recallSampleSize, seed,
                taskMemoryBytes);
    }

    /** Default rows per leaf below {@value #WIDE_FEATURES} features. */
    public static final int LEAF_SIZE = 4096;
    /** Default rows per leaf from {@value #WIDE_FEATURES} features on. */
    public static final int WIDE_LEAF_SIZE = 1024;
    /** The fewest features for which leaves are {@value #WIDE_LEAF_SIZE} rows by default. */
    public static final int WIDE_FEATURES = 128;

    /** The fewest trees {@link #numTrees(long)} chooses. */
    public static final int MIN_TREES = 4;
    /** The most trees {@link #numTrees(long)} chooses. */
    public static final int MAX_TREES = 40;
    /** {@link #numTrees(long)} chooses one tree per this many times the square root of the rows. */
    public static final double SQRT_ROWS_PER_TREE = 62.5;

    /** Default {@link #maxRowsPerTask(int, int)} when rows are narrow. */
    public static final int DEFAULT_MAX_ROWS_PER_TASK = 1 << 19;
    /**
     * The bytes for rows of a task of settings made without {@link #withTaskMemory}, and the bytes
     * that bound the default {@link #leafSize(int, int)} whatever the task memory.
     */
    public static final long TASK_MEMORY_BYTES = 1L << 28;

    /**
     * Most rows one task of the search holds at once, for a graph of k neighbours:
     * {@code maxRowsPerTask} when set, else {@code min(}{@value #DEFAULT_MAX_ROWS_PER_TASK}{@code ,
     * taskMemoryBytes / }{@link #bytesPerTaskRow}{@code (d, K))}. The larger a task, the fewer rows a
     * refinement round ships ({@link ApproximateKnnSearch#cellRows}).
     */
    public int maxRowsPerTask(int numFeatures, int k) {
        return maxRowsPerTask > 0 ? maxRowsPerTask : rowsIn(taskMemoryBytes, numFeatures, listSize(k));
    }

    /**
     * The heap one row takes in the largest task of the search, a refinement round's batch, for rows
     * of {@code numFeatures} values and lists of {@code listSize} (K): its delivered vector, its working
     * copy in double and in single precision (8 + 8 + 4 bytes a value, and a vector object), its heap
     * of offers (an id and a distance an entry), its candidates (up to K new and K old ids), and some
     * bookkeeping: {@code 20 d + 32 K + 256} bytes, Spark's own measure of those objects
     * ({@code SizeEstimator}) rounded up, as the tests check.
     */
    public static long bytesPerTaskRow(int numFeatures, int listSize) {
        return 20L * numFeatures + 32L * listSize + 256;
    }

    /** The rows of {@code numFeatures} features, with lists of {@code listSize}, that {@code bytes} hold, at most {@value #DEFAULT_MAX_ROWS_PER_TASK}. */
    private static int rowsIn(long bytes, int numFeatures, int listSize) {
        return (int) Math.min(DEFAULT_MAX_ROWS_PER_TASK, bytes / bytesPerTaskRow(numFeatures, listSize));
    }

    /**
     * Trees for {@code numRows} rows: {@code numTrees} when set, else {@code sqrt(m) / }{@value
     * #SQRT_ROWS_PER_TREE}, rounded, within [{@value #MIN_TREES}, {@value #MAX_TREES}]: 4 up to about
     * 8·10^4 rows, 5 at 10^5, 16 at 10^6, 28 at 3·10^6, 40 from about 6.1·10^6 on. The first tree
     * costs O(m L d); every later one offers a row only what can still enter its list (the ceilings of
     * {@link lapscore.graph.kernel.CandidateHeaps#limitTo}), so it costs less, and the
     * better the lists the trees leave, the fewer NN-descent rounds of O(m K^2 d) run. NN-descent's
     * rounds grow with m (its empirical cost is about m^1.14: Dong, Charikar and Li, "Efficient
     * k-nearest neighbor graph construction for generic similarity measures", WWW 2011), so trees
     * take the place of a larger share of them as m grows. pynndescent grows its trees with
     * {@code sqrt(m)} as well, many more of them, with leaves of tens of rows where these hold
     * thousands.
     */
    public int numTrees(long numRows) {
        if (numTrees > 0) {
            return numTrees;
        }
        return (int) Math.max(MIN_TREES, Math.min(MAX_TREES, Math.round(Math.sqrt(numRows) / SQRT_ROWS_PER_TREE)));
    }

    /**
     * Rows per leaf for {@code numFeatures} features and a graph of k neighbours: {@code leafSize}
     * when set, else {@value #LEAF_SIZE} below {@value #WIDE_FEATURES} features and
     * {@value #WIDE_LEAF_SIZE} from there on (at least 4k either way), and at most half of
     * {@link #maxRowsPerTask(int, int)}, since a leaf of up to twice its size is searched in one task, and
     * of the rows {@value #TASK_MEMORY_BYTES} bytes hold, so that the leaves do not follow the
     * executors' memory when it is larger. A leaf's cost per row grows
     * with its rows times the features, O(L d), and wide data lose no recall to smaller leaves, narrow
     * data do ({@code bin/bench --leaf-size} compares them; see the performance page in docs/).
     */
    public int leafSize(int numFeatures, int k) {
        if (leafSize > 0) {
            return leafSize;
        }
        int chosen = Math.max(numFeatures >= WIDE_FEATURES ? WIDE_LEAF_SIZE : LEAF_SIZE, 4 * k);
        int taskRows = Math.min(maxRowsPerTask(numFeatures, k), rowsIn(TASK_MEMORY_BYTES, numFeatures, listSize(k)));
        return Math.max(k + 1, Math.min(chosen, taskRows / 2));
    }

    /**
     * K for a graph of k neighbours: {@code searchNeighbors} when set, else {@code max(k, min(3k, k + 20))}.
     * A longer list than k lets the local joins reach true neighbours through rows that are not
     * among the k nearest themselves; pynndescent, for instance, is run with 30 for k = 10.
     */
    public int listSize(int k) {
        return searchNeighbors > 0 ? Math.max(k, searchNeighbors) : Math.max(k, Math.min(3 * k, k + 20));
    }
}
