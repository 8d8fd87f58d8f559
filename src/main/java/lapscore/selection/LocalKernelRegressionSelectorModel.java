package lapscore.selection;

import lapscore.selection.base.FeatureSelectorModel;
import lapscore.selection.base.FitSummary;
import lapscore.selection.base.ModelPersistence;
import lapscore.selection.params.LocalKernelRegressionParams;
import lapscore.selection.redundancy.Redundancy;
import org.apache.spark.ml.util.MLReader;

/**
 * The fitted {@link LocalKernelRegressionSelector}: the Local Kernel Regression score of every input
 * feature (smaller is better, NaN for features constant on the graph), their ranking and the
 * selected features, which {@code transform} keeps.
 */
public final class LocalKernelRegressionSelectorModel extends FeatureSelectorModel<LocalKernelRegressionSelectorModel>
        implements LocalKernelRegressionParams {

    /** An empty model, for Spark Connect's {@code ServiceLoader}; fit the estimator or {@link #load} a model to use one. */
    public LocalKernelRegressionSelectorModel() {
    }

    /** A model with the given scores (input order), selected feature indices (ascending), redundancy decisions and fit summary. */
    public LocalKernelRegressionSelectorModel(String uid, double[] scores, int[] selectedFeatures, Redundancy redundancy, FitSummary summary) {
        super(uid, scores, selectedFeatures, redundancy, summary);
    }

    public static MLReader<LocalKernelRegressionSelectorModel> read() {
        return new ModelPersistence.Reader<>(LocalKernelRegressionSelectorModel.class);
    }

    public static LocalKernelRegressionSelectorModel load(String path) {
        return read().load(path);
    }
}
