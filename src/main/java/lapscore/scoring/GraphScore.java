package lapscore.scoring;

import java.util.function.BiFunction;

import lapscore.graph.WeightedGraph;
import lapscore.progress.StageTimer;

/**
 * A feature score read off the weighted graph of the rows: which end of it is good, and the score
 * of every feature on a built graph. This is all a graph score supplies; the selector around it
 * ({@code GraphFeatureSelector}) checks the rows, builds the graph, ranks, selects and makes the
 * model. The Laplacian Score, the Local Kernel Regression score, SPEC
 * ({@link lapscore.scoring.spectral.SpecScores}) and MCFS
 * ({@link lapscore.scoring.spectral.McfsScores}) are graph scores.
 */
public interface GraphScore {

    /** Which end of the scores is good. */
    ScoreOrder order();

    /**
     * The score of every feature (input order; NaN for a feature the score cannot rank) on
     * {@code graph}, which stays cached; the steps are timed by {@code timer}.
     */
    double[] scores(WeightedGraph graph, StageTimer timer);

    /** The graph score of direction {@code order} computed by {@code scores}. */
    static GraphScore of(ScoreOrder order, BiFunction<WeightedGraph, StageTimer, double[]> scores) {
        return new GraphScore() {
            @Override
            public ScoreOrder order() {
                return order;
            }

            @Override
            public double[] scores(WeightedGraph graph, StageTimer timer) {
                return scores.apply(graph, timer);
            }
        };
    }
}
