package io.github.lapscore.selection.params;

import io.github.lapscore.ParamOption;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.Params;

/**
 * Params of every selector and its model: columns and selection mode, with their getters. Spark
 * finds params through these public no-argument methods.
 */
public interface SelectorParams extends Params {

    /** The param objects of this instance. */
    SelectorParamSet declaredParams();

    /** Input column of ML feature vectors (dense or sparse). Default {@code "features"}. */
    default Param<String> featuresCol() {
        return declaredParams().featuresCol;
    }

    /** Output column of the selected features. Default {@code "selectedFeatures"}. */
    default Param<String> outputCol() {
        return declaredParams().outputCol;
    }

    /**
     * Column of class labels, numbers or strings, read by the Fisher score and the supervised graphs
     * ({@code graphType = "class"} or {@code "classKnn"}); ignored otherwise. A null or NaN label is an
     * error naming its row. No default.
     */
    default Param<String> labelCol() {
        return declaredParams().labelCol;
    }

    /** {@code "numTopFeatures"} (default), {@code "percentile"} or {@code "threshold"}; see {@link SelectionMode}. */
    default Param<String> selectionMode() {
        return declaredParams().selectionMode;
    }

    /**
     * {@code "error"} (default) or {@code "skip"}: what a fit does with rows it cannot score; see
     * {@link InvalidRows}. A model's transform is not affected.
     */
    default Param<String> handleInvalid() {
        return declaredParams().handleInvalid;
    }

    /**
     * Redundancy removal, off when unset (the default): the features chosen by the selection mode
     * are walked best first and one is kept only if its symmetric uncertainty
     * {@code SU = 2 I(X; Y) / (H(X) + H(Y))} with every feature already kept is at most this value,
     * in [0, 1] (Thangavel and Pethalakshmi's extended Laplacian Score, step 5). 1 keeps everything.
     */
    default DoubleParam redundancyThreshold() {
        return declaredParams().redundancyThreshold;
    }

    /**
     * Equal-width bins per feature, between its minimum and maximum, for the symmetric uncertainty
     * of redundancy removal. Default 10; at least 2.
     */
    default IntParam numBins() {
        return declaredParams().numBins;
    }

    /** Number of features kept in numTopFeatures mode. Default 50. */
    default IntParam numTopFeatures() {
        return declaredParams().numTopFeatures;
    }

    /** Fraction of all features kept in percentile mode, in [0, 1]. Default 0.1. */
    default DoubleParam percentile() {
        return declaredParams().percentile;
    }

    /**
     * In threshold mode, features scoring this well or better are kept: at most the threshold for a
     * smaller-is-better score (Laplacian, Local Kernel Regression), at least it for the Fisher score.
     * No default; required in that mode.
     */
    default DoubleParam scoreThreshold() {
        return declaredParams().scoreThreshold;
    }

    default String getFeaturesCol() {
        return getOrDefault(featuresCol());
    }

    default String getOutputCol() {
        return getOrDefault(outputCol());
    }

    /** The label column, or null when unset. */
    default String getLabelCol() {
        return isDefined(labelCol()) ? getOrDefault(labelCol()) : null;
    }

    default String getSelectionMode() {
        return getOrDefault(selectionMode());
    }

    default String getHandleInvalid() {
        return getOrDefault(handleInvalid());
    }

    /** What a fit does with rows it cannot score. */
    default InvalidRows invalidRowsOption() {
        return ParamOption.parse(InvalidRows.class, getHandleInvalid());
    }

    /** The redundancy threshold, or NaN when redundancy removal is off. */
    default double getRedundancyThreshold() {
        return isDefined(redundancyThreshold()) ? (Double) getOrDefault(redundancyThreshold()) : Double.NaN;
    }

    default int getNumBins() {
        return (Integer) getOrDefault(numBins());
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

    /** The selection mode these params select. */
    default SelectionMode selectionModeOption() {
        return ParamOption.parse(SelectionMode.class, getSelectionMode());
    }
}
