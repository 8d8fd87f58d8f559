package lapscore.selection;

import lapscore.scoring.ScoreOrder;
import lapscore.scoring.spectral.SpecScores;
import lapscore.selection.base.FeatureSelectorModel;
import lapscore.selection.base.FitSummary;
import lapscore.selection.base.ModelPersistence;
import lapscore.selection.redundancy.Redundancy;
import lapscore.selection.params.SpecParams;
import org.apache.spark.ml.util.Identifiable$;
import org.apache.spark.ml.util.MLReader;

/**
 * The fitted {@link SpecSelector}: the SPEC score of every input feature (Zhao and Liu, ICML 2007;
 * phi1 and phi2 smaller is better, phi3 larger; NaN for features constant on the graph), their
 * ranking and the selected features, which {@code transform} keeps.
 */
public final class SpecSelectorModel extends FeatureSelectorModel<SpecSelectorModel>
        implements SpecParams {

    /**
     * A model of no features, there because Java's {@code ServiceLoader}, through which Spark
     * Connect's server lists the ML classes, requires a public no-argument constructor of every
     * listed class; fit a SpecSelector or {@link #load} a model to use one.
     */
    public SpecSelectorModel() {
        this(Identifiable$.MODULE$.randomUID("SpecSelectorModel"), new double[0], new int[0], Redundancy.none(0),
                FitSummary.empty());
    }

    /** A model with the given scores (input order), selected feature indices (ascending), redundancy decisions and fit summary. */
    public SpecSelectorModel(String uid, double[] scores, int[] selectedFeatures, Redundancy redundancy,
                                     FitSummary summary) {
        super(uid, scores, selectedFeatures, redundancy, summary);
        declaredParams().setGraphDefaults(this);
        declaredParams().setSpecDefaults(this);
    }

    @Override
    protected SpecSelectorModel create(String uid, double[] scores, int[] selectedFeatures, Redundancy redundancy,
                                     FitSummary summary) {
        return new SpecSelectorModel(uid, scores, selectedFeatures, redundancy, summary);
    }

    @Override
    public ScoreOrder scoreOrder() {
        return new SpecScores(getSpecVariant(), getNumEigenvectors(), lanczosSettings()).order();
    }

    public static MLReader<SpecSelectorModel> read() {
        return new ModelPersistence.Reader<>(SpecSelectorModel.class, SpecSelectorModel::new);
    }

    public static SpecSelectorModel load(String path) {
        return read().load(path);
    }
}
