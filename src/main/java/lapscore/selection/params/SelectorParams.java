package lapscore.selection.params;

import lapscore.ParamOption;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.Params;

/**
 * Params of every selector and its model: columns and selection mode, with their getters. Spark
 * finds params through these public no-argument methods.
 *
 * Each param is documented once, by its doc string ({@code param.doc()}, declared in
 * {@link SelectorParamSet}), its default and its validator; docs/params.md lists them, checked against
 * the code. The Javadoc of an accessor links the param and adds only the paper, formula or cost
 * behind it.
 */
public interface SelectorParams extends Params {

    /** The param objects of this instance. */
    SelectorParamSet declaredParams();

    /** The {@code featuresCol} param; dense and sparse vectors are read alike. */
    default Param<String> featuresCol() {
        return declaredParams().featuresCol;
    }

    /** The {@code outputCol} param. */
    default Param<String> outputCol() {
        return declaredParams().outputCol;
    }

    /** The {@code labelCol} param; the Fisher score reads it too, and the other scores ignore it on an unsupervised graph. */
    default Param<String> labelCol() {
        return declaredParams().labelCol;
    }

    /** The {@code selectionMode} param, one of the {@link SelectionMode}s. */
    default Param<String> selectionMode() {
        return declaredParams().selectionMode;
    }

    /** The {@code handleInvalid} param, one of the {@link InvalidRows} options; a model's transform does not read it. */
    default Param<String> handleInvalid() {
        return declaredParams().handleInvalid;
    }

    /**
     * The {@code attachResults} param: a fitted model's {@code transform} reads it; Spark Connect
     * gives a client a stage's results only as DataFrames or params.
     */
    default BooleanParam attachResults() {
        return declaredParams().attachResults;
    }

    /**
     * The {@code redundancyThreshold} param: the bound on the symmetric uncertainty
     * {@code SU = 2 I(X; Y) / (H(X) + H(Y))} of Thangavel and Pethalakshmi's extended Laplacian Score
     * (step 5).
     */
    default DoubleParam redundancyThreshold() {
        return declaredParams().redundancyThreshold;
    }

    /** The {@code numBins} param; the bins span each feature's minimum to maximum. */
    default IntParam numBins() {
        return declaredParams().numBins;
    }

    /** The {@code numTopFeatures} param. */
    default IntParam numTopFeatures() {
        return declaredParams().numTopFeatures;
    }

    /** The {@code percentile} param. */
    default DoubleParam percentile() {
        return declaredParams().percentile;
    }

    /** The {@code scoreThreshold} param, required in threshold mode. */
    default DoubleParam scoreThreshold() {
        return declaredParams().scoreThreshold;
    }

    /** The value of {@link #featuresCol()}. */
    default String getFeaturesCol() {
        return getOrDefault(featuresCol());
    }

    /** The value of {@link #outputCol()}. */
    default String getOutputCol() {
        return getOrDefault(outputCol());
    }

    /** The label column, or null when unset. */
    default String getLabelCol() {
        return isDefined(labelCol()) ? getOrDefault(labelCol()) : null;
    }

    /** The value of {@link #selectionMode()}. */
    default String getSelectionMode() {
        return getOrDefault(selectionMode());
    }

    /** The value of {@link #handleInvalid()}. */
    default String getHandleInvalid() {
        return getOrDefault(handleInvalid());
    }

    /** The value of {@link #attachResults()}. */
    default boolean getAttachResults() {
        return (Boolean) getOrDefault(attachResults());
    }

    /** What a fit does with rows it cannot score. */
    default InvalidRows invalidRowsOption() {
        return ParamOption.parse(InvalidRows.class, getHandleInvalid());
    }

    /** The redundancy threshold, or NaN when redundancy removal is off. */
    default double getRedundancyThreshold() {
        return isDefined(redundancyThreshold()) ? (Double) getOrDefault(redundancyThreshold()) : Double.NaN;
    }

    /** The value of {@link #numBins()}. */
    default int getNumBins() {
        return (Integer) getOrDefault(numBins());
    }

    /** The value of {@link #numTopFeatures()}. */
    default int getNumTopFeatures() {
        return (Integer) getOrDefault(numTopFeatures());
    }

    /** The value of {@link #percentile()}. */
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
