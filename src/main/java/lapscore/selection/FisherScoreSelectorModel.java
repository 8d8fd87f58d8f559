package lapscore.selection;

import lapscore.scoring.ScoreOrder;
import lapscore.selection.base.FeatureSelectorModel;
import lapscore.selection.base.FitSummary;
import lapscore.selection.base.ModelPersistence;
import lapscore.selection.redundancy.Redundancy;
import org.apache.spark.ml.util.Identifiable$;
import org.apache.spark.ml.util.MLReader;

/**
 * The fitted {@link FisherScoreSelector}: the Fisher score of every input feature (larger is better,
 * NaN for constant features, +infinity for features constant within every class), their ranking and
 * the selected features, which {@code transform} keeps.
 */
public final class FisherScoreSelectorModel extends FeatureSelectorModel<FisherScoreSelectorModel> {

    /**
     * A model of no features, there because Java's {@code ServiceLoader}, through which Spark
     * Connect's server lists the ML classes, requires a public no-argument constructor of every
     * listed class; fit a FisherScoreSelector or {@link #load} a model to use one.
     */
    public FisherScoreSelectorModel() {
        this(Identifiable$.MODULE$.randomUID("FisherScoreSelectorModel"), new double[0], new int[0], Redundancy.none(0),
                FitSummary.empty());
    }

    /** A model with the given scores (input order), selected feature indices (ascending), redundancy decisions and fit summary. */
    public FisherScoreSelectorModel(String uid, double[] scores, int[] selectedFeatures, Redundancy redundancy,
                                     FitSummary summary) {
        super(uid, scores, selectedFeatures, redundancy, summary);
    }

    @Override
    protected FisherScoreSelectorModel create(String uid, double[] scores, int[] selectedFeatures, Redundancy redundancy,
                                     FitSummary summary) {
        return new FisherScoreSelectorModel(uid, scores, selectedFeatures, redundancy, summary);
    }

    @Override
    public ScoreOrder scoreOrder() {
        return ScoreOrder.LARGER_IS_BETTER;
    }

    public static MLReader<FisherScoreSelectorModel> read() {
        return new ModelPersistence.Reader<>(FisherScoreSelectorModel.class, FisherScoreSelectorModel::new);
    }

    public static FisherScoreSelectorModel load(String path) {
        return read().load(path);
    }
}
