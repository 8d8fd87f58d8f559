package lapscore.selection;

import lapscore.selection.base.FeatureSelectorModel;
import lapscore.selection.base.FitSummary;
import lapscore.selection.base.ModelPersistence;
import lapscore.selection.params.SpectralScoreParams;
import lapscore.selection.redundancy.Redundancy;
import org.apache.spark.ml.util.MLReader;

/**
 * The fitted {@link McfsSelector}: the MCFS score of every input feature (Cai, Zhang and He, KDD
 * 2010; larger is better, NaN for features constant on the rows), their ranking and the selected
 * features, which {@code transform} keeps.
 */
public final class McfsSelectorModel extends FeatureSelectorModel<McfsSelectorModel>
        implements SpectralScoreParams {

    /** An empty model, for Spark Connect's {@code ServiceLoader}; fit the estimator or {@link #load} a model to use one. */
    public McfsSelectorModel() {
    }

    /** A model with the given scores (input order), selected feature indices (ascending), redundancy decisions and fit summary. */
    public McfsSelectorModel(String uid, double[] scores, int[] selectedFeatures, Redundancy redundancy, FitSummary summary) {
        super(uid, scores, selectedFeatures, redundancy, summary);
    }

    public static MLReader<McfsSelectorModel> read() {
        return new ModelPersistence.Reader<>(McfsSelectorModel.class);
    }

    public static McfsSelectorModel load(String path) {
        return read().load(path);
    }
}
