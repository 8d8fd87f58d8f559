package lapscore.selection;

import lapscore.scoring.ScoreOrder;
import lapscore.selection.base.FeatureSelectorModel;
import lapscore.selection.base.FitSummary;
import lapscore.selection.base.ModelPersistence;
import lapscore.selection.redundancy.Redundancy;
import lapscore.selection.params.LocalKernelRegressionParams;
import org.apache.spark.ml.util.Identifiable$;
import org.apache.spark.ml.util.MLReader;

/**
 * The fitted {@link LocalKernelRegressionSelector}: the Local Kernel Regression score of every input
 * feature (smaller is better, NaN for features constant on the graph), their ranking and the
 * selected features, which {@code transform} keeps.
 */
public final class LocalKernelRegressionSelectorModel extends FeatureSelectorModel<LocalKernelRegressionSelectorModel>
        implements LocalKernelRegressionParams {

    /**
     * A model of no features, there because Java's {@code ServiceLoader}, through which Spark
     * Connect's server lists the ML classes, requires a public no-argument constructor of every
     * listed class; fit a LocalKernelRegressionSelector or {@link #load} a model to use one.
     */
    public LocalKernelRegressionSelectorModel() {
        this(Identifiable$.MODULE$.randomUID("LocalKernelRegressionSelectorModel"), new double[0], new int[0], Redundancy.none(0),
                FitSummary.empty());
    }

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
