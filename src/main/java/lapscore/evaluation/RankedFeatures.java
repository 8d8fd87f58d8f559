package lapscore.evaluation;

import java.util.Arrays;

/**
 * The features a selector offers, best first: feature indices, only those it would select when
 * asked for all of them (so no constant feature, and no feature it found redundant).
 */
public record RankedFeatures(int[] order) {

    /** The best {@code m} features, or all offered when there are fewer. */
    public int[] first(int m) {
        return Arrays.copyOf(order, Math.min(m, order.length));
    }
}
