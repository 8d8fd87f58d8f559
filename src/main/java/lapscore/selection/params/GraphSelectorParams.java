package lapscore.selection.params;

import lapscore.ParamOption;
import lapscore.graph.distance.DistanceMeasure;
import lapscore.graph.edges.WeightKernel;
import lapscore.graph.search.KnnMethod;
import lapscore.graph.search.approximate.ForestSettings;
import lapscore.graph.spec.ClassGraph;
import lapscore.graph.spec.EpsilonGraph;
import lapscore.graph.spec.GraphSettings;
import lapscore.graph.spec.GraphSpec;
import lapscore.graph.spec.GraphType;
import lapscore.graph.spec.KnnGraph;
import lapscore.graph.spec.KnnWithinClassGraph;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.Param;

/**
 * Params of the graph-based selectors ({@code LaplacianScoreSelector},
 * {@code LocalKernelRegressionSelector}) and their models: which rows are neighbours and how they are
 * found, with their getters. Each is documented by its doc string, default and validator (see
 * {@link SelectorParams}).
 */
public interface GraphSelectorParams extends SelectorParams {

    /** The {@code graphType} param, one of the {@link GraphType}s, read as a {@link GraphSpec} by {@link #graphSpec()}. */
    default Param<String> graphType() {
        return declaredParams().graphType;
    }

    /**
     * The {@code numNeighbors} param: k of He, Cai and Niyogi (NIPS 2005, section 2.1 step 1); for
     * {@code classKnn} the k nearest are among the rows of the same label; for the Local Kernel
     * Regression score it is also the size of each row's regression neighbourhood (Cheung and Zeng,
     * IEEE TKDE 2009). It must be below the number of rows; the epsilon and class graphs do not read it.
     */
    default IntParam numNeighbors() {
        return declaredParams().numNeighbors;
    }

    /** The {@code distanceMeasure} param; the cosine distance d satisfies {@code d^2 = 2 - 2 cos}. */
    default Param<String> distanceMeasure() {
        return declaredParams().distanceMeasure;
    }

    /**
     * The {@code bandwidth} param. Unset, it is {@code (2 / (m - 1)) sum_i ||p_i - mean p||^2} over the
     * rows p_i in the space of the distance measure, O(m d) (1 if all rows coincide); the value used is
     * in the model summary.
     */
    default DoubleParam bandwidth() {
        return declaredParams().bandwidth;
    }

    /** The {@code knnMethod} param, one of the {@link KnnMethod}s: O(m^2 d) exact, O(m T L d) approximate. */
    default Param<String> knnMethod() {
        return declaredParams().knnMethod;
    }

    /**
     * The {@code blockSize} param. 0 chooses at most 32 MiB of dense values per block, at most 8192
     * rows for the exact join, and at least two block pairs per core when the data allows.
     */
    default IntParam blockSize() {
        return declaredParams().blockSize;
    }

    /**
     * The {@code numTrees} param, T: each tree cuts the rows into leaves of about {@link #leafSize()}
     * rows and finds every row's nearest rows within its leaf; the lists, merged over the trees, are
     * where NN-descent starts. 0 (the default) chooses T from the rows m, {@code round(sqrt(m) / 62.5)}
     * within [4, 40] ({@link lapscore.graph.search.approximate.ForestSettings#numTrees(long)}):
     * the rounds that NN-descent needs grow with m, and better trees' lists save some of them.
     */
    default IntParam numTrees() {
        return declaredParams().numTrees;
    }

    /**
     * The {@code leafSize} param, L: each leaf is searched by the same scan as the exact graph, O(m T L d)
     * in all; leaves of more than 2L rows (duplicates, dense spots) are cut into chunks. 0 chooses by
     * {@link lapscore.graph.search.approximate.ForestSettings#leafSize(int, int)}.
     */
    default IntParam leafSize() {
        return declaredParams().leafSize;
    }

    /**
     * The {@code searchNeighbors} param, K: neighbours of neighbours reach further through a longer
     * list (pynndescent, for instance, is run with 30 for a graph of 10).
     */
    default IntParam searchNeighbors() {
        return declaredParams().searchNeighbors;
    }

    /**
     * The {@code refinementRounds} param: rounds of NN-descent (Dong, Charikar and Li, WWW 2011). Every
     * row's new list entries are joined with each other and with its old ones, the pairs measured and
     * offered to both rows' lists: O(m K^2 d) flops and a shuffle of each row to the blocks that need
     * it per round. The rounds stop once at most 0.1 % of the list entries are new, as pynndescent's
     * do (its {@code delta}); the default bound, 20, is pynndescent's {@code max(5, round(log2 m))}
     * at 10^6 rows: a bound rather than a budget, so that the lists converge.
     */
    default IntParam refinementRounds() {
        return declaredParams().refinementRounds;
    }

    /**
     * The {@code maxRowsPerTask} param, N: the approximate search lays the rows out in locality
     * cells of at most N rows, and every task of it (tree leaves, local joins, merges) holds at most
     * N rows at once, so its memory is O(N (d + K)) whatever the number of rows m; a cell runs its
     * local joins in batches whose candidates name at most N rows each, as
     * distributed NN-descent bounds its exchanges (Iwabuchi, Steil, Priest, Pearce and Sanders,
     * "NEO-DNND: Communication-Optimized Distributed Nearest Neighbor Graph Construction", SC24
     * workshops, pp. 688-696, 2024). A larger N ships fewer rows to more than one batch.
     */
    default IntParam maxRowsPerTask() {
        return declaredParams().maxRowsPerTask;
    }

    /** The {@code recallSampleSize} param: the sample, drawn by {@link #seed()}, costs one O(m s d) pass for s rows. */
    default IntParam recallSampleSize() {
        return declaredParams().recallSampleSize;
    }

    /**
     * The {@code dropDuplicates} param: a row repeated more than k times has only its copies among
     * its k nearest, and edges between copies add 0 to every feature's {@code f^T L f} (He, Cai and
     * Niyogi, NIPS 2005, eq. 1); on a table of such rows every score is 0. With it, the graph and the
     * scores are those of the distinct rows (the first of each set of equal rows, in input order).
     */
    default BooleanParam dropDuplicates() {
        return declaredParams().dropDuplicates;
    }

    /** The {@code seed} param: results depend on it and on the row order only, never on the partitioning. */
    default LongParam seed() {
        return declaredParams().seed;
    }

    /** The {@code radius} param, in the space of the distance measure; the epsilon graph is always found by the exact join. */
    default DoubleParam radius() {
        return declaredParams().radius;
    }

    /**
     * The {@code maxEdges} param: an absolute number, so small data with a wide radius is never
     * refused; the default, 2 * 10^7 edges, is about 1 GiB.
     */
    default LongParam maxEdges() {
        return declaredParams().maxEdges;
    }

    /** The value of {@link #graphType()}. */
    default String getGraphType() {
        return getOrDefault(graphType());
    }

    /** The epsilon graph's radius, or NaN when unset. */
    default double getRadius() {
        return isDefined(radius()) ? (Double) getOrDefault(radius()) : Double.NaN;
    }

    /** The value of {@link #maxEdges()}. */
    default long getMaxEdges() {
        return (Long) getOrDefault(maxEdges());
    }

    /** The value of {@link #numNeighbors()}. */
    default int getNumNeighbors() {
        return (Integer) getOrDefault(numNeighbors());
    }

    /** The value of {@link #distanceMeasure()}. */
    default String getDistanceMeasure() {
        return getOrDefault(distanceMeasure());
    }

    /** The heat kernel's t, or NaN when it is chosen automatically. */
    default double getBandwidth() {
        return isDefined(bandwidth()) ? (Double) getOrDefault(bandwidth()) : Double.NaN;
    }

    /** The value of {@link #knnMethod()}. */
    default String getKnnMethod() {
        return getOrDefault(knnMethod());
    }

    /** The value of {@link #blockSize()}. */
    default int getBlockSize() {
        return (Integer) getOrDefault(blockSize());
    }

    /** The value of {@link #seed()}. */
    default long getSeed() {
        return (Long) getOrDefault(seed());
    }

    /** The value of {@link #numTrees()}. */
    default int getNumTrees() {
        return (Integer) getOrDefault(numTrees());
    }

    /** The value of {@link #leafSize()}. */
    default int getLeafSize() {
        return (Integer) getOrDefault(leafSize());
    }

    /** The value of {@link #searchNeighbors()}. */
    default int getSearchNeighbors() {
        return (Integer) getOrDefault(searchNeighbors());
    }

    /** The value of {@link #maxRowsPerTask()}. */
    default int getMaxRowsPerTask() {
        return (Integer) getOrDefault(maxRowsPerTask());
    }

    /** The value of {@link #refinementRounds()}. */
    default int getRefinementRounds() {
        return (Integer) getOrDefault(refinementRounds());
    }

    /** The value of {@link #dropDuplicates()}. */
    default boolean getDropDuplicates() {
        return (Boolean) getOrDefault(dropDuplicates());
    }

    /** The value of {@link #recallSampleSize()}. */
    default int getRecallSampleSize() {
        return (Integer) getOrDefault(recallSampleSize());
    }

    /** The kernel that weighs the edges. */
    WeightKernel weightKernelOption();

    /** Whether every row gets the self-loop {i, i} of weight 1. */
    boolean selfLoopsOption();

    /**
     * The graph these params describe: the one place that maps {@code graphType} to a
     * {@link GraphSpec} variant, each given the params it reads.
     */
    default GraphSpec graphSpec() {
        GraphSettings settings = new GraphSettings(ParamOption.parse(DistanceMeasure.class, getDistanceMeasure()),
                weightKernelOption(), getBandwidth(), selfLoopsOption(), getBlockSize());
        KnnMethod method = ParamOption.parse(KnnMethod.class, getKnnMethod());
        return switch (ParamOption.parse(GraphType.class, getGraphType())) {
            case KNN -> new KnnGraph(getNumNeighbors(), method, new ForestSettings(getNumTrees(), getLeafSize(),
                    getSearchNeighbors(), getRefinementRounds(), getMaxRowsPerTask(), getRecallSampleSize(), getSeed()), settings);
            case EPSILON -> new EpsilonGraph(getRadius(), getMaxEdges(), getSeed(), settings);
            case CLASS -> new ClassGraph(settings);
            case CLASS_KNN -> new KnnWithinClassGraph(getNumNeighbors(), method, settings);
        };
    }
}
