package lapscore.evaluation;

import java.util.Arrays;

import lapscore.selection.base.FeatureSelector;
import lapscore.selection.base.FeatureSelectorModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * A {@link FeatureSelector} of this library as a {@link FeatureRanker}: it is fitted in
 * {@code numTopFeatures} mode with no bound below d, so that every feature with a score is a
 * candidate, and offers the features it selects in the order of {@code featureRanking()}. For a
 * plain score that is every non-constant feature, best first; with redundancy removal the features
 * found redundant are skipped, so the best m offered are the first m kept ones.
 */
public final class SelectorRanker implements FeatureRanker {

    private final String name;
    private final FeatureSelector<?, ?> selector;
    private final boolean supervised;
    private final boolean ranksPerCount;

    /**
     * {@code selector} whose scores do not depend on how many features are asked for (every score
     * but MCFS): fitted once, its ranking gives the best m for every m.
     */
    public SelectorRanker(String name, FeatureSelector<?, ?> selector, boolean supervised) {
        this(name, selector, supervised, false);
    }

    /**
     * {@code selector}, already configured (features column, params, and the label column when it
     * is {@code supervised}); its selection params are replaced by "all features", or by the count
     * wanted when its scores depend on it ({@code ranksPerCount}).
     */
    public SelectorRanker(String name, FeatureSelector<?, ?> selector, boolean supervised, boolean ranksPerCount) {
        this.name = name;
        this.selector = selector;
        this.supervised = supervised;
        this.ranksPerCount = ranksPerCount;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean supervised() {
        return supervised;
    }

    @Override
    public boolean ranksPerCount() {
        return ranksPerCount;
    }

    @Override
    public RankedFeatures rank(Dataset<Row> rows) {
        return rank(rows, Integer.MAX_VALUE);
    }

    /** Makes the checks of the selector's fit ({@link FeatureSelector#check}) as {@link #rank(Dataset)} would fit it. */
    @Override
    public void check(Dataset<Row> rows) {
        selecting(Integer.MAX_VALUE).check(rows);
    }

    @Override
    public RankedFeatures rank(Dataset<Row> rows, int count) {
        FeatureSelectorModel<?> model = selecting(count).fit(rows);
        int[] selected = model.selectedFeatures();
        int[] order = Arrays.stream(model.featureRanking()).filter(feature -> Arrays.binarySearch(selected, feature) >= 0).toArray();
        return new RankedFeatures(order);
    }

    /** The selector set to select the best {@code count} features. */
    private FeatureSelector<?, ?> selecting(int count) {
        return selector.setSelectionMode("numTopFeatures").setNumTopFeatures(count);
    }
}
