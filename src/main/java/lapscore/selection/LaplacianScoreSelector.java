package lapscore.selection;

import lapscore.data.blocks.PreparedRows;
import lapscore.progress.Stage;
import lapscore.progress.StageTimer;
import lapscore.progress.StepNames;
import lapscore.scoring.ClassMoments;
import lapscore.scoring.ClassScores;
import lapscore.scoring.GraphScore;
import lapscore.scoring.LaplacianScores;
import lapscore.scoring.ScoreOrder;
import lapscore.scoring.VarianceWeighting;
import lapscore.selection.base.FitSummary;
import lapscore.selection.base.EdgeWeightedSelector;
import lapscore.selection.params.LaplacianScoreParams;
import org.apache.spark.ml.util.Identifiable$;

/**
 * Feature selection by Laplacian Score (He, Cai and Niyogi, "Laplacian Score for Feature
 * Selection", NIPS 2005), unsupervised on the kNN or epsilon graph, supervised on the class or
 * classKnn graph ({@link lapscore.graph.spec.GraphSpec}).
 *
 * <p>{@code fit} numbers and checks the rows, builds the graph with a block-partitioned distance
 * join, weighs its edges into the sparse weight matrix S, and computes for every feature f_r, in one
 * pass over the edges,
 * <pre>
 *   L_r = f~_r^T L f~_r / f~_r^T D f~_r,   D = diag(S 1),   L = D - S,   f~_r = f_r - (f_r^T D 1 / 1^T D 1) 1
 * </pre>
 * (eq. 1). Features that vary little between neighbouring rows relative to their variance score
 * low; <b>smaller is better</b>. On the class graph ({@code S_ij = 1/n_l} within class l, section 3.2)
 * no edge is formed: {@code L_r = 1 / (1 + F_r)} follows from per-class moments, F_r the Fisher
 * score ({@link FisherScoreSelector}). Nothing proportional to the number of rows is held on the
 * driver.
 *
 * <pre>{@code
 * LaplacianScoreSelector selector = new LaplacianScoreSelector()
 *     .setFeaturesCol("features").setNumNeighbors(5).setNumTopFeatures(10);
 * LaplacianScoreSelectorModel model = selector.fit(data);
 * model.transform(data).select("selectedFeatures");
 * }</pre>
 */
public final class LaplacianScoreSelector extends EdgeWeightedSelector<LaplacianScoreSelector, LaplacianScoreSelectorModel>
        implements LaplacianScoreParams {

    public LaplacianScoreSelector() {
        this(Identifiable$.MODULE$.randomUID("LaplacianScoreSelector"));
    }

    /** A selector with the given uid (used by persistence). */
    public LaplacianScoreSelector(String uid) {
        super(uid, LaplacianScoreSelectorModel.class);
    }

    public LaplacianScoreSelector setVarianceWeighting(String value) {
        set(varianceWeighting(), value);
        return this;
    }

    @Override
    protected GraphScore graphScore() {
        VarianceWeighting weighting = varianceWeightingOption();
        return GraphScore.of(ScoreOrder.SMALLER_IS_BETTER,
                (graph, timer) -> LaplacianScores.compute(graph, graph.featureMeans(), weighting, timer));
    }

    @Override
    protected boolean scoresClassGraph() {
        return true;
    }

    @Override
    protected ScoredFeatures scoreClassGraph(PreparedRows rows, StageTimer timer) {
        ClassMoments moments = timer.run(Stage.SCORES, StepNames.LAPLACIAN_SCORES + " on the class graph: per-class moments",
                () -> ClassMoments.of(rows.blocks(), rows.summary().numFeatures()));
        return new ScoredFeatures(ClassScores.laplacianOnClassGraph(moments), FitSummary.ofClassGraph(rows, moments, Double.NaN, 0, 0, timer));
    }
}
