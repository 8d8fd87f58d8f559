package lapscore.selection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import lapscore.progress.FitWarnings;
import lapscore.selection.base.FeatureSelectorModel;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/** The API's warnings about a selection that keeps nothing and a graph that leaves rows out. */
class SelectionWarningsTest {

    private static final Dataset<Row> DATA = SparkTestSession.denseFrame(SparkTestSession.clusteredData(40, 4, 3L), 2);

    /** The warnings of one fit, and its model. */
    private static List<String> warningsOf(Supplier<FeatureSelectorModel<?>> fit, List<FeatureSelectorModel<?>> model) {
        List<String> warnings = new ArrayList<>();
        FitWarnings.setListener(warnings::add);
        try {
            model.add(fit.get());
        } finally {
            FitWarnings.removeListener();
        }
        return warnings;
    }

    @Test
    void aPercentileBelowOneOverTheFeatureCountKeepsNothingAndSaysHowToKeepOne() {
        List<FeatureSelectorModel<?>> models = new ArrayList<>();
        List<String> warnings = warningsOf(() -> new LaplacianScoreSelector().setSelectionMode("percentile").setPercentile(0.2)
                .fit(DATA), models);
        assertEquals(0, models.get(0).selectedFeatures().length);
        assertEquals(List.of("percentile = 0.2 keeps floor(0.2 * 4) = 0 of the 4 features (rounded down, as the selectors of Spark"
                + " do), so none is selected; set percentile to at least 0.25 to keep one"), warnings);
        List<String> atTheSuggestion = warningsOf(() -> new LaplacianScoreSelector().setSelectionMode("percentile")
                .setPercentile(0.25).fit(DATA), models);
        assertTrue(atTheSuggestion.isEmpty(), atTheSuggestion::toString);
        assertEquals(1, models.get(1).selectedFeatures().length);
    }

    @Test
    void anEpsilonGraphThatIsolatesMostRowsSaysSoInsteadOfCallingFeaturesConstant() {
        List<FeatureSelectorModel<?>> models = new ArrayList<>();
        List<String> warnings = warningsOf(() -> new LaplacianScoreSelector().setGraphType("epsilon").setRadius(1e-9).fit(
                SparkTestSession.denseFrame(new double[][]{{0, 0}, {0, 0}, {1, 2}, {3, 1}, {2, 5}}, 2)), models);
        assertEquals(3, models.get(0).summary().isolatedRows());
        assertEquals(List.of("3 of 5 rows are isolated at radius 1.0E-9 (no edge of positive weight) and add nothing to the scores;"
                        + " choose a larger radius to join more of them",
                "2 of 2 rows with edges have only exact copies of themselves as neighbours (duplicated rows: every row within"
                        + " radius 1.0E-9 of such a row is a copy of it); no feature differs along their edges, and as every row is"
                        + " such, the graph joins no two different rows and the ranking says nothing about the features (the"
                        + " Laplacian Score of every feature is 0); set dropDuplicates = true to build the graph on the distinct rows",
                "Column 'features' has no feature with a score, so none is selected: 3 of 5 rows are isolated (no edge of positive"
                        + " weight) and every feature is constant over the 2 others; choose a larger radius"), warnings);
        assertFalse(warnings.stream().anyMatch(warning -> warning.contains("constant over the 5 rows")), warnings::toString);
    }
}
