package lapscore.job.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import lapscore.selection.registry.Score;
import lapscore.selection.registry.Score.Trait;
import lapscore.selection.registry.Scores;
import org.junit.jupiter.api.Test;

/** evaluate's selectors are derived from the scores' registry: a score added to the registry ({@link Scores}) is evaluable with no other line. */
class EvaluatedSelectorTest {

    @Test
    void everyScoreIsASelectorUnderItsScoreNameAfterTheVariance() {
        List<EvaluatedSelector> selectors = EvaluatedSelector.all();
        assertEquals(EvaluatedSelector.VARIANCE, selectors.get(0));
        List<EvaluatedSelector> plain = new ArrayList<>(selectors.subList(1, selectors.size()));
        plain.removeIf(EvaluatedSelector::removesRedundancy);
        assertEquals(Scores.all().size(), plain.size());
        for (int s = 0; s < plain.size(); s++) {
            Score score = Scores.all().get(s);
            assertEquals(score, plain.get(s).score());
            assertEquals(score.name(), plain.get(s).label());
            assertEquals(score.has(Trait.SUPERVISED), plain.get(s).supervised());
            assertEquals(score.has(Trait.SELECTION_DEPENDS_ON_COUNT), plain.get(s).scoresDependOnCount());
        }
        int laplacian = selectors.indexOf(EvaluatedSelector.of("laplacian"));
        EvaluatedSelector withRedundancyRemoval = selectors.get(laplacian + 1);
        assertEquals("laplacian+su", withRedundancyRemoval.label());
        assertEquals(Scores.named("laplacian"), withRedundancyRemoval.score());
        assertTrue(withRedundancyRemoval.removesRedundancy());
        assertEquals(1, selectors.stream().filter(EvaluatedSelector::removesRedundancy).count());
    }

    @Test
    void theDefaultLeavesOutExactlyTheSpectralScoresAndThoseOfOtherCatalogues() {
        List<String> defaults = List.of(EvaluatedSelector.defaultLabels().split(","));
        for (EvaluatedSelector selector : EvaluatedSelector.all()) {
            Score score = selector.score();
            boolean whenNamed = score != null && (score.has(Trait.READS_EIGENVECTORS) || !Scores.builtIn().contains(score));
            assertEquals(!whenNamed, defaults.contains(selector.label()), selector.label());
        }
        assertFalse(defaults.contains("spec"));
        assertFalse(defaults.contains("mcfs"));
        assertFalse(defaults.contains("rayleigh"));
        assertTrue(defaults.contains("variance"));
    }

    @Test
    void aNameIsReadIgnoringCaseAndAnUnknownOneIsRefusedWithTheList() {
        EvaluatedSelector mcfs = EvaluatedSelector.of(" MCFS ");
        assertEquals(Scores.named("mcfs"), mcfs.score());
        assertTrue(mcfs.scoresDependOnCount());
        assertTrue(EvaluatedSelector.of("Fisher").supervised());
        assertEquals("--selectors: unknown selector 'pca'; expected some of " + EvaluatedSelector.labels(),
                assertThrows(IllegalArgumentException.class, () -> EvaluatedSelector.of("pca")).getMessage());
    }
}
