package lapscore.selection.redundancy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Supplier;

import lapscore.progress.Stage;
import lapscore.progress.StageListener;
import lapscore.progress.StageTimer;
import lapscore.selection.FisherScoreSelector;
import lapscore.selection.LaplacianScoreSelector;
import lapscore.selection.LaplacianScoreSelectorModel;
import lapscore.selection.base.FeatureSelector;
import lapscore.selection.base.FeatureSelectorModel;
import lapscore.testkit.LabeledFrames;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Redundancy removal on a selector: injected copies and near-copies of features are dropped as
 * redundant with their originals, the originals keep their ranking, and the kept set is the one a
 * plain greedy walk over the plain symmetric uncertainty ({@link SymmetricUncertaintyTest#plainSu})
 * keeps.
 */
class RedundancyRemovalTest {

    private static final int ROWS = 300;
    private static final int ORIGINALS = 5;
    private static final double[][] ORIGINAL = SparkTestSession.clusteredData(ROWS, ORIGINALS, 17L);
    /** Originals, then an exact copy of feature 0 and a near copy (noise 1e-9) of feature 2. */
    private static final double[][] WITH_COPIES = withCopies();
    private static final Object[] LABELS = labels();

    private static double[][] withCopies() {
        Random random = new Random(3);
        double[][] rows = new double[ROWS][];
        for (int i = 0; i < ROWS; i++) {
            rows[i] = Arrays.copyOf(ORIGINAL[i], ORIGINALS + 2);
            rows[i][ORIGINALS] = ORIGINAL[i][0];
            rows[i][ORIGINALS + 1] = ORIGINAL[i][2] + 1e-9 * random.nextGaussian();
        }
        return rows;
    }

    private static Object[] labels() {
        Object[] labels = new Object[ROWS];
        for (int i = 0; i < ROWS; i++) {
            labels[i] = ORIGINAL[i][0] > ORIGINAL[i][2] ? 1.0 : 0.0;
        }
        return labels;
    }

    private static Dataset<Row> frame(double[][] rows) {
        return LabeledFrames.frame(rows, LABELS, DataTypes.DoubleType, 3);
    }

    @Test
    void copiesAreDroppedAndOriginalsKeepTheirRanking() {
        LaplacianScoreSelectorModel plain = new LaplacianScoreSelector().setNumTopFeatures(ORIGINALS).fit(frame(ORIGINAL));
        LaplacianScoreSelectorModel model = new LaplacianScoreSelector().setNumTopFeatures(ORIGINALS + 2)
                .setRedundancyThreshold(0.95).fit(frame(WITH_COPIES));
        assertEquals(0, model.redundantWith()[ORIGINALS]);
        assertEquals(2, model.redundantWith()[ORIGINALS + 1]);
        assertTrue(model.redundancy()[ORIGINALS] > 0.95 && model.redundancy()[ORIGINALS + 1] > 0.95,
                Arrays.toString(model.redundancy()));
        int[] keptBestFirst = Arrays.stream(model.featureRanking()).filter(f -> model.redundantWith()[f] < 0).toArray();
        assertArrayEquals(plain.featureRanking(), keptBestFirst, "the originals keep their ranking");
        assertArrayEquals(plain.selectedFeatures(), model.selectedFeatures());
        assertTrue(model.summary().redundancySeconds() > 0.0);
    }

    /**
     * The kept set equals a plain greedy walk over the plain SU, for an unsupervised and a supervised
     * score, at a threshold (the median SU of the original features' pairs) that drops originals too.
     */
    @Test
    void keptFeaturesAreThoseOfAPlainGreedyWalk() {
        for (FeatureSelector<?, ?> selector : List.<FeatureSelector<?, ?>>of(new LaplacianScoreSelector(),
                new FisherScoreSelector().setLabelCol(LabeledFrames.LABEL))) {
            double threshold = medianSuOfTheOriginals();
            FeatureSelectorModel<?> all = selector.setNumTopFeatures(ORIGINALS + 2).fit(frame(WITH_COPIES));
            FeatureSelectorModel<?> model = selector.setRedundancyThreshold(threshold).fit(frame(WITH_COPIES));
            List<Integer> kept = new ArrayList<>();
            int[] expectedWith = new int[ORIGINALS + 2];
            Arrays.fill(expectedWith, -1);
            for (int feature : all.featureRanking()) {
                for (int other : kept) {
                    if (SymmetricUncertaintyTest.plainSu(bins(feature), bins(other)) > threshold) {
                        expectedWith[feature] = other;
                        break;
                    }
                }
                if (expectedWith[feature] < 0) {
                    kept.add(feature);
                }
            }
            assertArrayEquals(expectedWith, model.redundantWith(), selector.getClass().getSimpleName());
            assertArrayEquals(kept.stream().mapToInt(Integer::intValue).sorted().toArray(), model.selectedFeatures());
            assertTrue(kept.size() < ORIGINALS, "a low threshold drops more than the copies: " + kept);
        }
    }

    private static double medianSuOfTheOriginals() {
        List<Double> uncertainties = new ArrayList<>();
        for (int a = 0; a < ORIGINALS; a++) {
            for (int b = a + 1; b < ORIGINALS; b++) {
                uncertainties.add(SymmetricUncertaintyTest.plainSu(bins(a), bins(b)));
            }
        }
        uncertainties.sort(null);
        return uncertainties.get(uncertainties.size() / 2);
    }

    private static int[] bins(int feature) {
        double[] column = new double[ROWS];
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < ROWS; i++) {
            column[i] = WITH_COPIES[i][feature];
            min = Math.min(min, column[i]);
            max = Math.max(max, column[i]);
        }
        int[] bins = new int[ROWS];
        for (int i = 0; i < ROWS; i++) {
            bins[i] = Math.min(9, (int) ((column[i] - min) / (max - min) * 10));
        }
        return bins;
    }

    @Test
    void decisionsAreSavedAndLoaded(@TempDir Path directory) throws IOException {
        LaplacianScoreSelectorModel model = new LaplacianScoreSelector().setNumTopFeatures(ORIGINALS + 2)
                .setRedundancyThreshold(0.95).fit(frame(WITH_COPIES));
        String path = directory.resolve("model").toString();
        model.write().save(path);
        LaplacianScoreSelectorModel loaded = LaplacianScoreSelectorModel.load(path);
        assertArrayEquals(model.redundantWith(), loaded.redundantWith());
        assertArrayEquals(model.redundancy(), loaded.redundancy(), 0.0);
        assertArrayEquals(model.selectedFeatures(), loaded.selectedFeatures());
        assertEquals(model.getRedundancyThreshold(), loaded.getRedundancyThreshold());
    }

    /**
     * The refusal comes right after the rows are checked: the stage timer hears the validating pass and no step
     * of the graph, the scores or the redundancy removal. The same fit with fewer bins, which is allowed, shows
     * that the timer hears those steps when they run.
     */
    @Test
    void tooManyCandidatesAreRefusedBeforeAnyWork() {
        Set<String> refusedStages = new LinkedHashSet<>();
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> withStagesHeard(refusedStages,
                () -> new LaplacianScoreSelector().setNumTopFeatures(ORIGINALS + 2).setRedundancyThreshold(0.5).setNumBins(1000)
                        .fit(frame(WITH_COPIES))));
        assertTrue(error.getMessage().startsWith("redundancyThreshold: the joint histograms of 7 candidates with numBins = 1000"),
                error.getMessage());
        assertEquals(Set.of(Stage.VALIDATION), refusedStages, "stages that ran before the refusal");

        Set<String> allowedStages = new LinkedHashSet<>();
        withStagesHeard(allowedStages, () -> new LaplacianScoreSelector().setNumTopFeatures(ORIGINALS + 2)
                .setRedundancyThreshold(0.5).setNumBins(10).fit(frame(WITH_COPIES)));
        assertTrue(allowedStages.containsAll(List.of(Stage.VALIDATION, Stage.GRAPH, Stage.SCORES, Stage.REDUNDANCY)),
                "stages of an allowed fit: " + allowedStages);
    }

    /** Runs {@code fit}, adding to {@code stages} the stage of every step the stage timer finishes meanwhile. */
    private static void withStagesHeard(Set<String> stages, Supplier<FeatureSelectorModel<?>> fit) {
        StageListener listener = (stage, description, seconds) -> stages.add(stage);
        StageTimer.addListener(listener);
        try {
            fit.get();
        } finally {
            StageTimer.removeListener(listener);
        }
    }
}
