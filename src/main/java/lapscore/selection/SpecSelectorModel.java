package lapscore.selection;

import lapscore.selection.base.FeatureSelectorModel;
import lapscore.selection.base.FitSummary;
import lapscore.selection.base.ModelPersistence;
import lapscore.selection.params.SpecParams;
import lapscore.selection.redundancy.Redundancy;
import org.apache.spark.ml.util.MLReader;

/**
 * The fitted {@link SpecSelector}: the SPEC score of every input feature (Zhao and Liu, ICML 2007;
 * phi1 and phi2 smaller is better, phi3 larger; NaN for features constant on the graph), their
 * ranking and the selected features, which {@code transform} keeps.
 */
public final class SpecSelectorModel extends FeatureSelectorModel<SpecSelectorModel>
        implements SpecParams {

    /** An empty model, for Spark Connect's {@code ServiceLoader}; fit the estimator or {@link #load} a model to use one. */
    public SpecSelectorModel() {
    }

    /** A model with the given scores (input order), selected feature indices (ascending), redundancy decisions and fit summary. */
    public SpecSelectorModel(String uid, double[] scores, int[] selectedFeatures, Redundancy redundancy, FitSummary summary) {
        super(uid, scores, selectedFeatures, redundancy, summary);
    }

    public static MLReader<SpecSelectorModel> read() {
        return new ModelPersistence.Reader<>(SpecSelectorModel.class);
    }

    public static SpecSelectorModel load(String path) {
        return read().load(path);
    }
}
