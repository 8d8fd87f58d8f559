package lapscore.selection.redundancy;

import java.io.Serializable;
import java.util.Arrays;

/**
 * What redundancy removal decided for every input feature: for a candidate dropped as redundant,
 * the kept feature it was redundant with (the first, best ranked, whose symmetric uncertainty with
 * it exceeded the threshold) and that SU; -1 and NaN for every other feature.
 *
 * @param redundantWith per feature, the index of the kept feature it was redundant with, or -1
 * @param uncertainty   per feature, its symmetric uncertainty with that feature, or NaN
 */
public record Redundancy(int[] redundantWith, double[] uncertainty) implements Serializable {

    /** No feature dropped, for {@code numFeatures} features (removal off). */
    public static Redundancy none(int numFeatures) {
        int[] with = new int[numFeatures];
        Arrays.fill(with, -1);
        double[] uncertainty = new double[numFeatures];
        Arrays.fill(uncertainty, Double.NaN);
        return new Redundancy(with, uncertainty);
    }

    /** Whether {@code feature} was dropped as redundant. */
    public boolean isRedundant(int feature) {
        return redundantWith[feature] >= 0;
    }
}
