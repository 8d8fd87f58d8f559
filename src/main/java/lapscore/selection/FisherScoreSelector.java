package lapscore.selection;

import lapscore.data.IndexedRows;
import lapscore.data.RowSummary;
import lapscore.data.blocks.PreparedRows;
import lapscore.graph.kernel.SparsePoints;
import lapscore.progress.Stage;
import lapscore.progress.StageTimer;
import lapscore.progress.StepNames;
import lapscore.scoring.ClassMoments;
import lapscore.scoring.ClassScores;
import lapscore.scoring.ScoreOrder;
import lapscore.selection.base.FeatureSelector;
import lapscore.selection.base.FitSummary;
import org.apache.spark.ml.util.Identifiable$;

/**
 * Supervised feature selection by Fisher score, the reference that the Laplacian Score is compared
 * with in He, Cai and Niyogi, "Laplacian Score for Feature Selection", NIPS 2005 (section 3.2, eq. 4):
 * <pre>
 *   F_r = sum_l n_l (mu_l - mu)^2 / sum_l n_l sigma_l^2
 * </pre>
 * with n_l, mu_l and sigma_l^2 the size, mean and plain variance (divided by n_l) of class l of the
 * labels in {@code labelCol}, and mu the mean over all rows. <b>Larger is better</b>: the classes are
 * far apart relative to their spread. Theorem 1 of the paper: the Laplacian Score on the class graph
 * ({@code LaplacianScoreSelector} with {@code graphType = "class"}) is {@code 1 / (1 + F_r)}.
 *
 * <p>It needs only the labels: per-class moments in one pass over the rows, O(c d) per block on the
 * driver for c classes, and no graph (so no graph param applies). A feature constant over all rows
 * has no score (NaN, never selected); one constant within every class but not overall separates
 * the classes perfectly and scores +infinity. A class of one row adds to the spread of the class
 * means and nothing to the within-class spread: a label with fewer than about two rows per class
 * (a continuous target) is refused, and classes of one row are warned about, by the rule every
 * supervised mode shares ({@link lapscore.data.LabelClasses}).
 *
 * <pre>{@code
 * FisherScoreSelector selector = new FisherScoreSelector()
 *     .setFeaturesCol("features").setLabelCol("label").setNumTopFeatures(10);
 * FisherScoreSelectorModel model = selector.fit(data);
 * }</pre>
 */
public final class FisherScoreSelector extends FeatureSelector<FisherScoreSelector, FisherScoreSelectorModel> {

    public FisherScoreSelector() {
        this(Identifiable$.MODULE$.randomUID("FisherScoreSelector"));
    }

    /** A selector with the given uid (used by persistence). */
    public FisherScoreSelector(String uid) {
        super(uid, FisherScoreSelectorModel.class);
    }

    @Override
    public ScoreOrder scoreOrder() {
        return ScoreOrder.LARGER_IS_BETTER;
    }

    @Override
    protected boolean needsLabel() {
        return true;
    }

    @Override
    protected String explainLabel() {
        return "The Fisher score";
    }

    @Override
    protected void validateRows(RowSummary summary, String[] featureNames) {
        summary.validate(getFeaturesCol(), featureNames, 0, false);
    }

    @Override
    protected ScoredFeatures scoreRows(IndexedRows rows, RowSummary summary, StageTimer timer) {
        PreparedRows prepared = PreparedRows.of(rows, summary, 0, Integer.MAX_VALUE, SparsePoints.pays(summary.density()), timer,
                Stage.SCORES);
        ClassMoments moments = timer.run(Stage.SCORES, StepNames.FISHER_SCORES + ": per-class moments of "
                + summary.numFeatures() + " features", () -> ClassMoments.of(prepared.blocks(), summary.numFeatures()));
        return new ScoredFeatures(ClassScores.fisher(moments), FitSummary.ofClassGraph(prepared, moments, Double.NaN, 0, 0, timer));
    }
}
