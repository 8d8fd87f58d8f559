package lapscore.testscore;

import java.util.List;

import lapscore.selection.registry.Score;
import lapscore.selection.registry.ScoreCatalogue;

/**
 * The test class path's scores, listed in {@code src/test/resources/META-INF/services}: they join
 * the registry's ({@code Scores.all()}) as a plug-in jar's would, and go through the whole envelope
 * (contract, bad input, Spark Connect, Python generation, params tables, {@code lapscore fit --score})
 * without a line of {@code src/main} naming them.
 */
public final class TestScores implements ScoreCatalogue {

    @Override
    public List<Score> scores() {
        return List.of(Score.of("rayleigh", "Rayleigh quotient", RayleighSelector.class,
                "the Rayleigh quotient f'Lf / f'Df of the raw feature (a test-only score): smaller is better"));
    }
}
