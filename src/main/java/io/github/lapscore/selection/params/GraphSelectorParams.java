package io.github.lapscore.selection.params;

import io.github.lapscore.ParamOption;
import io.github.lapscore.graph.ClassGraph;
import io.github.lapscore.graph.EpsilonGraph;
import io.github.lapscore.graph.GraphSettings;
import io.github.lapscore.graph.GraphSpec;
import io.github.lapscore.graph.GraphType;
import io.github.lapscore.graph.KnnGraph;
import io.github.lapscore.graph.KnnWithinClassGraph;
import io.github.lapscore.graph.WeightKernel;
import io.github.lapscore.graph.distance.DistanceMeasure;
import io.github.lapscore.graph.search.ForestSettings;
import io.github.lapscore.graph.search.KnnMethod;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.Param;

/**
 * Params of the graph-based selectors ({@code LaplacianScoreSelector},
 * {@code LocalKernelRegressionSelector}) and their models: which rows are neighbours and how they are
 * found, with their getters.
 */
public interface GraphSelectorParams extends SelectorParams {

    /**
     * Which rows are neighbours ({@link GraphSpec}): {@code "knn"} (default), {@code "epsilon"}
     * (distance at most {@link #radius()}), {@code "class"} (same label; needs {@code labelCol}) or
     * {@code "classKnn"} (k nearest of the same label; needs {@code labelCol}).
     */
    default Param<String> graphType() {
        return declaredParams().graphType;
    }

    /**
     * k of the kNN graph (He, Cai and Niyogi 2005, section 2.1 step 1): {i, j} is an edge when x_j is
     * among the k nearest neighbours of x_i or x_i among those of x_j; for {@code classKnn}, among the
     * rows of the same label; for the Local Kernel Regression score, also the size of each row's
     * regression neighbourhood. Default 5 (10 for the Local Kernel Regression score, the paper's);
     * must be below the number of rows. Not read by the epsilon and class graphs.
     */
    default IntParam numNeighbors() {
        return declaredParams().numNeighbors;
    }

    /**
     * The distance that defines "nearest": {@code "euclidean"} (default) or {@code "cosine"}, the
     * Euclidean distance between the rows scaled to unit length ({@code d^2 = 2 - 2 cos}).
     */
    default Param<String> distanceMeasure() {
        return declaredParams().distanceMeasure;
    }

    /**
     * t of the heat kernel {@code exp(-d^2 / t)}. Unset (default): the mean squared distance over all
     * pairs of distinct rows in the space of the distance measure, {@code (2 / (m - 1)) sum_i ||p_i - mean p||^2}
     * (1 if all rows coincide), the scale of the whole data. The value used is in the model summary.
     */
    default DoubleParam bandwidth() {
        return declaredParams().bandwidth;
    }

    /**
     * How the k nearest neighbours are found: {@code "exact"}, the block-partitioned all-pairs
     * distance join; {@code "approximate"}, the same kernel within the leaves of {@link #numTrees()}
     * random-projection trees, with recall@k estimated on {@link #recallSampleSize()} rows; or
     * {@code "auto"} (default): exact up to {@value KnnMethod#AUTO_EXACT_MAX_ROWS} rows, approximate above.
     */
    default Param<String> knnMethod() {
        return declaredParams().knnMethod;
    }

    /**
     * Rows per block of the exact distance join and of the scoring pass. 0 (default) chooses: at most
     * 32 MiB of dense values per block, at most 8192 rows for the exact join, and at least two block
     * pairs per core when the data allows.
     */
    default IntParam blockSize() {
        return declaredParams().blockSize;
    }

    /**
     * Approximate graph: number T of random-projection trees. Each tree cuts the rows into leaves of
     * about {@link #leafSize()} rows and finds every row's nearest rows within its leaf; lists are
     * merged over the trees and are where NN-descent starts. Time grows linearly with T, recall
     * towards 1. Default 4.
     */
    default IntParam numTrees() {
        return declaredParams().numTrees;
    }

    /**
     * Approximate graph: target rows per leaf L, searched exactly by the same scan as the exact
     * graph; work is O(m T L d). Leaves of more than 2L rows (duplicates, dense spots) are cut into
     * chunks. Must exceed numNeighbors. 0 (default) chooses 4096 below 128 features and 1024 from
     * there on ({@link io.github.lapscore.graph.search.ForestSettings#leafSize(int, int)}): at 50
     * features, 4096 against 1024 gave recall 0.950 instead of 0.936 at 10^5 rows and 0.804 instead
     * of 0.782 at 10^6, in the same graph time; at 784, the same recall (0.994) in 73.7 s with 1024
     * against 81.2 s with 4096 ({@code bin/bench --leaf-size}).
     */
    default IntParam leafSize() {
        return declaredParams().leafSize;
    }

    /**
     * Approximate graph: K, the neighbours every row keeps while the search runs; the k =
     * numNeighbors nearest of them are the graph's. Neighbours of neighbours reach further through a
     * longer list (pynndescent, for instance, is run with 30 for a graph of 10). 0 (default) chooses
     * {@code max(k, min(3k, k + 20))}: 15 for k = 5, 30 for k = 10, 40 for k = 20.
     */
    default IntParam searchNeighbors() {
        return declaredParams().searchNeighbors;
    }

    /**
     * Approximate graph: most rounds of NN-descent after the trees (Dong, Charikar and Li, WWW
     * 2011): every row's new list entries are joined with each other and with its old ones, the
     * pairs measured and offered to both rows' lists, so recall rises each round at O(m K^2 d) flops
     * and a shuffle of each row to the blocks that need it. Rounds stop earlier once at most 0.1 % of
     * the list entries are new. Default 5.
     */
    default IntParam refinementRounds() {
        return declaredParams().refinementRounds;
    }

    /**
     * Approximate graph: rows (drawn by seed) whose exact k nearest neighbours are found in one pass
     * over the data to estimate recall@k, reported in the summary. 0 skips the estimate. Default 300.
     */
    default IntParam recallSampleSize() {
        return declaredParams().recallSampleSize;
    }

    /**
     * Random seed of the approximate graph (trees, chunking, recall sample) and of the epsilon graph's
     * edge estimate. Results depend on it and on the row order only; the exact kNN graph does not use it.
     */
    default LongParam seed() {
        return declaredParams().seed;
    }

    /**
     * Epsilon graph: {i, j} is an edge when the distance (in the space of the distance measure) is at
     * most this. Required when {@code graphType = "epsilon"}; no default. The graph is always found by
     * the exact join.
     */
    default DoubleParam radius() {
        return declaredParams().radius;
    }

    /**
     * Epsilon graph: the largest number of edges it may have. Before anything is built, the edge count
     * of {@link #radius()} is estimated from a sample of rows; a larger estimate is refused with a
     * message suggesting a smaller radius. An absolute number, so small data with a wide radius is
     * never refused. Default 20 000 000 (about 1 GiB of edges).
     */
    default LongParam maxEdges() {
        return declaredParams().maxEdges;
    }

    default String getGraphType() {
        return getOrDefault(graphType());
    }

    /** The epsilon graph's radius, or NaN when unset. */
    default double getRadius() {
        return isDefined(radius()) ? (Double) getOrDefault(radius()) : Double.NaN;
    }

    default long getMaxEdges() {
        return (Long) getOrDefault(maxEdges());
    }

    default int getNumNeighbors() {
        return (Integer) getOrDefault(numNeighbors());
    }

    default String getDistanceMeasure() {
        return getOrDefault(distanceMeasure());
    }

    /** The heat kernel's t, or NaN when it is chosen automatically. */
    default double getBandwidth() {
        return isDefined(bandwidth()) ? (Double) getOrDefault(bandwidth()) : Double.NaN;
    }

    default String getKnnMethod() {
        return getOrDefault(knnMethod());
    }

    default int getBlockSize() {
        return (Integer) getOrDefault(blockSize());
    }

    default long getSeed() {
        return (Long) getOrDefault(seed());
    }

    default int getNumTrees() {
        return (Integer) getOrDefault(numTrees());
    }

    default int getLeafSize() {
        return (Integer) getOrDefault(leafSize());
    }

    default int getSearchNeighbors() {
        return (Integer) getOrDefault(searchNeighbors());
    }

    default int getRefinementRounds() {
        return (Integer) getOrDefault(refinementRounds());
    }

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
                    getSearchNeighbors(), getRefinementRounds(), getRecallSampleSize(), getSeed()), settings);
            case EPSILON -> new EpsilonGraph(getRadius(), getMaxEdges(), getSeed(), settings);
            case CLASS -> new ClassGraph(settings);
            case CLASS_KNN -> new KnnWithinClassGraph(getNumNeighbors(), method, settings);
        };
    }
}
