package lapscore.selection;

import lapscore.selection.base.FeatureSelectorModel;
import lapscore.selection.base.FitSummary;
import lapscore.selection.base.ModelPersistence;
import lapscore.selection.redundancy.Redundancy;
import org.apache.spark.ml.util.MLReader;

/**
 * The fitted {@link FisherScoreSelector}: the Fisher score of every input feature (larger is better,
 * NaN for constant features, +infinity for features constant within every class), their ranking and
 * the selected features, which {@code transform} keeps.
 */
public final class FisherScoreSelectorModel extends FeatureSelectorModel<FisherScoreSelectorModel> {

    /** An empty model, for Spark Connect's {@code ServiceLoader}; fit the estimator or {@link #load} a model to use one. */
    public FisherScoreSelectorModel() {
    }

    /** A model with the given scores (input order), selected feature indices (ascending), redundancy decisions and fit summary. */
    public FisherScoreSelectorModel(String uid, double[] scores, int[] selectedFeatures, Redundancy redundancy, FitSummary summary) {
        super(uid, scores, selectedFeatures, redundancy, summary);
    }

    public static MLReader<FisherScoreSelectorModel> read() {
        return new ModelPersistence.Reader<>(FisherScoreSelectorModel.class);
    }

    public static FisherScoreSelectorModel load(String path) {
        return read().load(path);
    }
}
