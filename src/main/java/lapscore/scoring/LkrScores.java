package lapscore.scoring;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * The Local Kernel Regression score of every feature (Cheung and Zeng, IEEE TKDE 21(12), 2009,
 * eq. 16) in its two forms, both from one pass ({@link RegressionErrors}): {@code raw}, the paper's,
 * whose numerator (eq. 13) regresses the feature as it is, and {@code centred}, whose numerator
 * regresses the feature minus its degree-weighted mean mu_r (eq. 15). The denominators are equal.
 *
 * <p>Because a row's coefficients need not sum to 1, the raw residual of row i is the centred one
 * plus {@code mu_r (1 - sum_j beta_ij)}: a feature far from 0 against its spread (wine's alcohol,
 * 13.0 +- 0.8) gets a raw score made mostly of its mean. {@link #meanWarning} says so when it
 * happens, so that the paper's default never reorders the features silently.
 *
 * @param raw     the paper's score of each feature (NaN for a constant one)
 * @param centred the score of each feature minus mu_r (NaN for a constant one)
 */
public record LkrScores(double[] raw, double[] centred) {

    /** A feature's mean makes up most of its raw score when the raw score exceeds the centred one this many times. */
    public static final double MEAN_DOMINATES = 2.0;

    /** The scores the selector reports: {@code centred} with {@code centerFeatures}, else {@code raw}. */
    public double[] chosen(boolean centerFeatures) {
        return centerFeatures ? centred : raw;
    }

    /**
     * When the raw scores are chosen and they rank some feature elsewhere than the centred scores do
     * because its mean makes up most of its raw score (the raw score exceeds the centred one more than
     * {@value #MEAN_DOMINATES} times), a warning that counts those features and names the one that
     * moves furthest by index ({@code at feature r}), with its scores and ranks both ways; else empty.
     */
    public Optional<String> meanWarning(boolean centerFeatures) {
        if (centerFeatures) {
            return Optional.empty();
        }
        int[] moved = IntStream.range(0, raw.length).filter(r -> ratio(r) > MEAN_DOMINATES && rankMove(r) > 0).toArray();
        if (moved.length == 0) {
            return Optional.empty();
        }
        int most = Arrays.stream(moved).boxed().max(Comparator.comparingInt(this::rankMove).thenComparingDouble(this::ratio))
                .orElseThrow();
        return Optional.of(String.format(Locale.ROOT, "Without centerFeatures the LKR score is that of the paper, of each feature as it"
                + " is (eq. 13), and the means of %d of %d features make up most of their scores and move them in the ranking,"
                + " most of all at feature %d (score %.4g, rank %d; centred %.4g, rank %d). Set centerFeatures = true to score"
                + " the variation of each feature only", moved.length, raw.length, most, raw[most], rank(raw, most), centred[most],
                rank(centred, most)));
    }

    /** How many places feature r moves between the raw and the centred ranking. */
    private int rankMove(int r) {
        return Math.abs(rank(raw, r) - rank(centred, r));
    }

    /** How many times the raw score exceeds the centred one; 0 for a constant feature. */
    private double ratio(int r) {
        if (Double.isNaN(raw[r]) || Double.isNaN(centred[r])) {
            return 0.0;
        }
        return centred[r] > 0.0 ? raw[r] / centred[r] : raw[r] > 0.0 ? Double.POSITIVE_INFINITY : 1.0;
    }

    /** The rank of feature r by {@code scores}, 1 = smallest, among the features with a score (ties share the better rank). */
    private static int rank(double[] scores, int r) {
        return 1 + (int) Arrays.stream(scores).filter(score -> score < scores[r]).count();
    }
}
