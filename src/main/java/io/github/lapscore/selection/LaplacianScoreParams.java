package io.github.lapscore.selection;

import io.github.lapscore.ParamOption;
import io.github.lapscore.graph.GraphSettings;
import io.github.lapscore.graph.WeightKernel;
import io.github.lapscore.graph.kernel.DistanceMeasure;
import io.github.lapscore.graph.search.ForestSettings;
import io.github.lapscore.graph.search.KnnMethod;
import io.github.lapscore.scoring.VarianceWeighting;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.Params;

/**
 * Params shared by {@link LaplacianScoreSelector} and {@link LaplacianScoreSelectorModel}, with their
 * getters. Spark finds params through these public no-argument methods.
 */
public interface LaplacianScoreParams extends Params {

    /** The param objects of this instance. */
    LaplacianScoreParamSet declaredParams();

    /** Input column of ML feature vectors (dense or sparse). Default {@code "features"}. */
    default Param<String> featuresCol() {
        return declaredParams().featuresCol;
    }

    /** Output column of the selected features. Default {@code "selectedFeatures"}. */
    default Param<String> outputCol() {
        return declaredParams().outputCol;
    }

    /**
     * k of the kNN graph (He, Cai and Niyogi, "Laplacian Score for Feature Selection", NIPS 2005,
     * section 2.1, step 1): {i, j} is an edge when x_j is among the k nearest neighbours of x_i or
     * x_i among those of x_j. Default 5; must be below the number of rows.
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
     * Edge weights S_ij (He, Cai and Niyogi 2005, section 2.1, step 2): {@code "heat"} (default)
     * {@code exp(-d^2 / t)}, {@code "binary"} 1, or {@code "cosine"} {@code max(0, cos(x_i, x_j))};
     * a non-positive cosine gives the edge weight 0.
     */
    default Param<String> weightKernel() {
        return declaredParams().weightKernel;
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
     * Whether every row also gets a self-loop {i, i} of weight 1, adding 1 to D_ii (it never
     * changes f^T L f). Default false, as He, Cai and Niyogi 2005 and the authors' MATLAB code;
     * true reproduces scikit-feature.
     */
    default BooleanParam includeSelfLoops() {
        return declaredParams().includeSelfLoops;
    }

    /**
     * The score's denominator: {@code "degree"} (default) f~^T D f~ (He, Cai and Niyogi 2005,
     * eq. 1), or {@code "uniform"}, D replaced by I (eq. 3).
     */
    default Param<String> varianceWeighting() {
        return declaredParams().varianceWeighting;
    }

    /**
     * How neighbours are found: {@code "exact"}, the block-partitioned all-pairs
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
     * merged over the trees. Time grows linearly with T, recall towards 1. Default 8.
     */
    default IntParam numTrees() {
        return declaredParams().numTrees;
    }

    /**
     * Approximate graph: target rows per leaf L, searched exactly at BLAS level-3 speed; work is
     * O(m T L d). Leaves of more than 2L rows (duplicates, dense spots) are cut into chunks. Must
     * exceed numNeighbors. Default 1024.
     */
    default IntParam leafSize() {
        return declaredParams().leafSize;
    }

    /**
     * Approximate graph: rounds of neighbour-of-neighbour refinement after the trees (the local join
     * of NN-descent): every pair among a row's neighbours and up to k reverse neighbours is measured
     * and offered to both rows' lists, so recall rises each round at O(m k^2 d) flops and a shuffle
     * of each row to the blocks that need it. Default 2.
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

    /** {@code "numTopFeatures"} (default), {@code "percentile"} or {@code "threshold"}; see {@link SelectionMode}. */
    default Param<String> selectionMode() {
        return declaredParams().selectionMode;
    }

    /** Number of features kept in numTopFeatures mode. Default 50. */
    default IntParam numTopFeatures() {
        return declaredParams().numTopFeatures;
    }

    /** Fraction of all features kept in percentile mode, in [0, 1]. Default 0.1. */
    default DoubleParam percentile() {
        return declaredParams().percentile;
    }

    /** In threshold mode, features scoring at most this are kept (smaller is better). No default. */
    default DoubleParam scoreThreshold() {
        return declaredParams().scoreThreshold;
    }

    /**
     * Random seed of the approximate graph (trees, chunking, recall sample). Results depend on it and
     * on the row order only; the exact graph is deterministic and does not use it.
     */
    default LongParam seed() {
        return declaredParams().seed;
    }

    default String getFeaturesCol() {
        return getOrDefault(featuresCol());
    }

    default String getOutputCol() {
        return getOrDefault(outputCol());
    }

    default int getNumNeighbors() {
        return (Integer) getOrDefault(numNeighbors());
    }

    default String getDistanceMeasure() {
        return getOrDefault(distanceMeasure());
    }

    default String getWeightKernel() {
        return getOrDefault(weightKernel());
    }

    /** The heat kernel's t, or NaN when it is chosen automatically. */
    default double getBandwidth() {
        return isDefined(bandwidth()) ? (Double) getOrDefault(bandwidth()) : Double.NaN;
    }

    default boolean getIncludeSelfLoops() {
        return (Boolean) getOrDefault(includeSelfLoops());
    }

    default String getVarianceWeighting() {
        return getOrDefault(varianceWeighting());
    }

    default String getKnnMethod() {
        return getOrDefault(knnMethod());
    }

    default int getBlockSize() {
        return (Integer) getOrDefault(blockSize());
    }

    default String getSelectionMode() {
        return getOrDefault(selectionMode());
    }

    default int getNumTopFeatures() {
        return (Integer) getOrDefault(numTopFeatures());
    }

    default double getPercentile() {
        return (Double) getOrDefault(percentile());
    }

    /** The score threshold, or NaN when unset. */
    default double getScoreThreshold() {
        return isDefined(scoreThreshold()) ? (Double) getOrDefault(scoreThreshold()) : Double.NaN;
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

    default int getRefinementRounds() {
        return (Integer) getOrDefault(refinementRounds());
    }

    default int getRecallSampleSize() {
        return (Integer) getOrDefault(recallSampleSize());
    }

    /** The graph these params describe. */
    default GraphSettings graphSettings() {
        return new GraphSettings(getNumNeighbors(),
                ParamOption.parse(DistanceMeasure.class, getDistanceMeasure()),
                ParamOption.parse(WeightKernel.class, getWeightKernel()),
                getBandwidth(), getIncludeSelfLoops(), getBlockSize(),
                ParamOption.parse(KnnMethod.class, getKnnMethod()),
                new ForestSettings(getNumTrees(), getLeafSize(), getRefinementRounds(), getRecallSampleSize(), getSeed()));
    }

    /** The score denominator these params select. */
    default VarianceWeighting varianceWeightingOption() {
        return ParamOption.parse(VarianceWeighting.class, getVarianceWeighting());
    }

    /** The selection mode these params select. */
    default SelectionMode selectionModeOption() {
        return ParamOption.parse(SelectionMode.class, getSelectionMode());
    }
}
