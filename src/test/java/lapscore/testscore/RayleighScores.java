package lapscore.testscore;

import lapscore.graph.WeightedGraph;
import lapscore.progress.StageTimer;
import lapscore.scoring.FeatureMoments;
import lapscore.scoring.GraphScore;
import lapscore.scoring.LaplacianScores;
import lapscore.scoring.ScoreOrder;

/**
 * A score that exists only in the tests, to prove the score seam: the Rayleigh quotient of the
 * graph Laplacian against the degrees, {@code R_r = f_r^T L f_r / f_r^T D f_r} of the raw feature
 * (SPEC's phi1, Zhao and Liu, ICML 2007, without its eigenvectors), smaller is better; NaN for a
 * feature constant on the rows with an edge. It reads the same single pass over the edges as the
 * Laplacian Score ({@link LaplacianScores#moments}).
 */
public final class RayleighScores implements GraphScore {

    @Override
    public ScoreOrder order() {
        return ScoreOrder.SMALLER_IS_BETTER;
    }

    @Override
    public double[] scores(WeightedGraph graph, StageTimer timer) {
        FeatureMoments moments = LaplacianScores.moments(graph, graph.featureMeans(), timer);
        double[] scores = new double[moments.numFeatures()];
        for (int r = 0; r < scores.length; r++) {
            scores[r] = moments.constantOnGraph(r) ? Double.NaN : moments.smoothness(r) / moments.degreeSquares(r);
        }
        return scores;
    }
}
