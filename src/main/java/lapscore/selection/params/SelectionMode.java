package lapscore.selection.params;

import lapscore.ParamOption;

/**
 * How the ranked features are turned into a selection, in Spark's selector vocabulary.
 * Features with a NaN score (constant ones) are never selected.
 *
 * <ul>
 *   <li>{@code numTopFeatures}: the {@code numTopFeatures} smallest scores.</li>
 *   <li>{@code percentile}: the {@code floor(percentile * d)} smallest scores, d = all features.</li>
 *   <li>{@code threshold}: every feature whose score is at most {@code scoreThreshold}.</li>
 * </ul>
 */
public enum SelectionMode implements ParamOption {
    NUM_TOP_FEATURES,
    PERCENTILE,
    THRESHOLD;

}
