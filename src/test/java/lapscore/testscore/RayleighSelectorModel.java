package lapscore.testscore;

import lapscore.selection.base.FeatureSelectorModel;
import lapscore.selection.base.FitSummary;
import lapscore.selection.base.ModelPersistence;
import lapscore.selection.params.EdgeWeightParams;
import lapscore.selection.redundancy.Redundancy;
import org.apache.spark.ml.util.MLReader;

/** The fitted {@link RayleighSelector}. */
public final class RayleighSelectorModel extends FeatureSelectorModel<RayleighSelectorModel> implements EdgeWeightParams {

    /** An empty model, for Spark Connect's {@code ServiceLoader}. */
    public RayleighSelectorModel() {
    }

    /** A model with the given scores, selected features, redundancy decisions and fit summary. */
    public RayleighSelectorModel(String uid, double[] scores, int[] selectedFeatures, Redundancy redundancy, FitSummary summary) {
        super(uid, scores, selectedFeatures, redundancy, summary);
    }

    public static MLReader<RayleighSelectorModel> read() {
        return new ModelPersistence.Reader<>(RayleighSelectorModel.class);
    }

    public static RayleighSelectorModel load(String path) {
        return read().load(path);
    }
}
