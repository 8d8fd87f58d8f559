package io.github.lapscore.selection;

import io.github.lapscore.scoring.ScoreOrder;
import io.github.lapscore.selection.base.FeatureSelectorModel;
import io.github.lapscore.selection.base.FitSummary;
import io.github.lapscore.selection.base.ModelPersistence;
import io.github.lapscore.selection.redundancy.Redundancy;
import io.github.lapscore.selection.params.LocalKernelRegressionParams;
import org.apache.spark.ml.util.MLReader;

/**
 * The fitted {@link LocalKernelRegressionSelector}: the Local Kernel Regression score of every input
 * feature (smaller is better, NaN for features constant on the graph), their ranking and the
 * selected features, which {@code transform} keeps.
 */
public final class LocalKernelRegressionSelectorModel extends FeatureSelectorModel<LocalKernelRegressionSelectorModel>
        implements LocalKernelRegressionParams {

    /** A model with the given scores (input order), selected feature indices (ascending), redundancy decisions and fit summary. */
    public LocalKernelRegressionSelectorModel(String uid, double[] scores, int[] selectedFeatures, Redundancy redundancy,
                                     FitSummary summary) {
        super(uid, scores, selectedFeatures, redundancy, summary);
        declaredParams().setGraphDefaults(this);
        declaredParams().setLkrDefaults(this);
    }

    @Override
    protected LocalKernelRegressionSelectorModel create(String uid, double[] scores, int[] selectedFeatures, Redundancy redundancy,
                                     FitSummary summary) {
        return new LocalKernelRegressionSelectorModel(uid, scores, selectedFeatures, redundancy, summary);
    }

    @Override
    public ScoreOrder scoreOrder() {
        return ScoreOrder.SMALLER_IS_BETTER;
    }

    public static MLReader<LocalKernelRegressionSelectorModel> read() {
        return new ModelPersistence.Reader<>(LocalKernelRegressionSelectorModel.class, LocalKernelRegressionSelectorModel::new);
    }

    public static LocalKernelRegressionSelectorModel load(String path) {
        return read().load(path);
    }
}
