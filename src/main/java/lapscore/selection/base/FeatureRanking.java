package lapscore.selection.base;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

import lapscore.scoring.ScoreOrder;
import lapscore.selection.params.SelectionMode;

/**
 * Ranking and selection of features by score, best first in the score's own {@link ScoreOrder}.
 * NaN scores (features with no score) rank last and are never selected; ties rank by feature index.
 */
final class FeatureRanking {

    private FeatureRanking() {
    }

    /** Feature indices, best first. */
    static int[] rank(double[] scores, ScoreOrder order) {
        Comparator<Integer> byScore = (a, b) -> {
            boolean nanA = Double.isNaN(scores[a]);
            boolean nanB = Double.isNaN(scores[b]);
            if (nanA != nanB) {
                return nanA ? 1 : -1;
            }
            int comparison = nanA ? 0 : order.compare(scores[a], scores[b]);
            return comparison != 0 ? comparison : Integer.compare(a, b);
        };
        return IntStream.range(0, scores.length).boxed().sorted(byScore).mapToInt(Integer::intValue).toArray();
    }

    /**
     * How many of {@code numFeatures} features percentile mode keeps: {@code floor(percentile * numFeatures)},
     * rounded down as Spark's {@code SelectorModel} does ({@code (numFeatures * percentile).toInt}),
     * so 0 for any percentile below {@code 1 / numFeatures}.
     */
    static int percentileCount(double percentile, int numFeatures) {
        return (int) Math.floor(percentile * numFeatures);
    }

    /** The smallest percentile that keeps at least one of {@code numFeatures} features. */
    static double percentileKeepingOne(int numFeatures) {
        double percentile = 1.0 / numFeatures;
        return percentileCount(percentile, numFeatures) >= 1 ? percentile : Math.nextUp(percentile);
    }

    /** The selected feature indices, ascending. {@code threshold} is only read in threshold mode. */
    static int[] select(double[] scores, ScoreOrder order, SelectionMode mode, int numTopFeatures, double percentile,
                        double threshold) {
        int[] ranking = rank(scores, order);
        int scored = (int) Arrays.stream(scores).filter(score -> !Double.isNaN(score)).count();
        int[] chosen = switch (mode) {
            case NUM_TOP_FEATURES -> Arrays.copyOf(ranking, Math.min(numTopFeatures, scored));
            case PERCENTILE -> Arrays.copyOf(ranking, Math.min(percentileCount(percentile, scores.length), scored));
            case THRESHOLD -> Arrays.stream(ranking).filter(f -> order.passes(scores[f], threshold)).toArray();
        };
        Arrays.sort(chosen);
        return chosen;
    }
}
