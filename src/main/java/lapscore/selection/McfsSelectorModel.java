package lapscore.selection;

import lapscore.scoring.ScoreOrder;
import lapscore.selection.base.FeatureSelectorModel;
import lapscore.selection.base.FitSummary;
import lapscore.selection.base.ModelPersistence;
import lapscore.selection.redundancy.Redundancy;
import lapscore.selection.params.SpectralScoreParams;
import org.apache.spark.ml.util.Identifiable$;
import org.apache.spark.ml.util.MLReader;

/**
 * The fitted {@link McfsSelector}: the MCFS score of every input feature (Cai, Zhang and He, KDD
 * 2010; larger is better, NaN for features constant on the rows), their ranking and the selected
 * features, which {@code transform} keeps.
 */
public final class McfsSelectorModel extends FeatureSelectorModel<McfsSelectorModel>
        implements SpectralScoreParams {

    /**
     * A model of no features, there because Java's {@code ServiceLoader}, through which Spark
     * Connect's server lists the ML classes, requires a public no-argument constructor of every
     * listed class; fit a McfsSelector or {@link #load} a model to use one.
     */
    public McfsSelectorModel() {
        this(Identifiable$.MODULE$.randomUID("McfsSelectorModel"), new double[0], new int[0], Redundancy.none(0),
                FitSummary.empty());
    }

    /** A model with the given scores (input order), selected feature indices (ascending), redundancy decisions and fit summary. */
    public McfsSelectorModel(String uid, double[] scores, int[] selectedFeatures, Redundancy redundancy,
                                     FitSummary summary) {
        super(uid, scores, selectedFeatures, redundancy, summary);
        declaredParams().setGraphDefaults(this);
        declaredParams().setSpectralDefaults(this);
    }

    @Override
    protected McfsSelectorModel create(String uid, double[] scores, int[] selectedFeatures, Redundancy redundancy,
                                     FitSummary summary) {
        return new McfsSelectorModel(uid, scores, selectedFeatures, redundancy, summary);
    }

    @Override
    public ScoreOrder scoreOrder() {
        return ScoreOrder.LARGER_IS_BETTER;
    }

    public static MLReader<McfsSelectorModel> read() {
        return new ModelPersistence.Reader<>(McfsSelectorModel.class, McfsSelectorModel::new);
    }

    public static McfsSelectorModel load(String path) {
        return read().load(path);
    }
}
