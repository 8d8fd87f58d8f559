package io.github.lapscore.selection;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * Ranking and selection of features by score (smaller is better). NaN scores (constant features)
 * rank last and are never selected; ties rank by feature index.
 */
final class FeatureRanking {

    private FeatureRanking() {
    }

    /** Feature indices, best first. */
    static int[] rank(double[] scores) {
        Comparator<Integer> byScore = (a, b) -> {
            boolean nanA = Double.isNaN(scores[a]);
            boolean nanB = Double.isNaN(scores[b]);
            if (nanA != nanB) {
                return nanA ? 1 : -1;
            }
            int order = nanA ? 0 : Double.compare(scores[a], scores[b]);
            return order != 0 ? order : Integer.compare(a, b);
        };
        return IntStream.range(0, scores.length).boxed().sorted(byScore).mapToInt(Integer::intValue).toArray();
    }

    /** The selected feature indices, ascending. {@code threshold} is only read in threshold mode. */
    static int[] select(double[] scores, SelectionMode mode, int numTopFeatures, double percentile, double threshold) {
        int[] ranking = rank(scores);
        int scored = (int) Arrays.stream(scores).filter(score -> !Double.isNaN(score)).count();
        int[] chosen = switch (mode) {
            case NUM_TOP_FEATURES -> Arrays.copyOf(ranking, Math.min(numTopFeatures, scored));
            case PERCENTILE -> Arrays.copyOf(ranking, Math.min((int) Math.floor(percentile * scores.length), scored));
            case THRESHOLD -> Arrays.stream(ranking).filter(f -> !Double.isNaN(scores[f]) && scores[f] <= threshold).toArray();
        };
        Arrays.sort(chosen);
        return chosen;
    }
}
