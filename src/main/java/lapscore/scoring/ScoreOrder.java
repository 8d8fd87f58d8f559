package lapscore.scoring;

/**
 * Which end of a score is good. Rankings are always best first; NaN (a feature with no score)
 * ranks last in both orders.
 */
public enum ScoreOrder {
    /** Laplacian Score, Local Kernel Regression score: small means the feature respects the graph. */
    SMALLER_IS_BETTER,
    /** Fisher score: large means the classes are far apart relative to their spread. */
    LARGER_IS_BETTER;

    /** Negative when score {@code a} is better than {@code b}, positive when worse, 0 when equal; both finite or infinite, not NaN. */
    public int compare(double a, double b) {
        return this == SMALLER_IS_BETTER ? Double.compare(a, b) : Double.compare(b, a);
    }

    /** Whether {@code score} is at least as good as {@code threshold} (threshold selection mode). */
    public boolean passes(double score, double threshold) {
        return !Double.isNaN(score) && compare(score, threshold) <= 0;
    }
}
