package lapscore.scoring;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;

import org.junit.jupiter.api.Test;

/** The rule of the LKR mean warning on scores written out here: a mean that makes up most of a score and moves a rank. */
class LkrScoresTest {

    @Test
    void warnsOfTheFeatureMovedFurthestByItsMean() {
        // raw ranks: f3 1, f1 2, f2 3, f0 4; centred: f0 1, f2 2, f3 3, f1 4.
        // f0: 10 times its centred score, moves 3; f2: 3 times, moves 1; f1 and f3 move but by at most 1.2 times
        LkrScores scores = new LkrScores(new double[]{0.5, 0.3, 0.45, 0.2, Double.NaN},
                new double[]{0.05, 0.25, 0.15, 0.2, Double.NaN});
        assertEquals(Optional.of("Without centerFeatures the LKR score is that of the paper, of each feature as it is (eq. 13),"
                + " and the means of 2 of 5 features make up most of their scores and move them in the ranking, most of all at"
                + " feature 0 (score 0.5000, rank 4; centred 0.05000, rank 1). Set centerFeatures = true to score the variation"
                + " of each feature only"), scores.meanWarning(false));
        assertEquals(Optional.empty(), scores.meanWarning(true));
        assertArrayEquals(scores.centred(), scores.chosen(true));
        assertArrayEquals(scores.raw(), scores.chosen(false));
    }

    @Test
    void aMeanThatMovesNoRankOrMakesUpLessThanHalfIsNotWarnedOf() {
        // feature 0 is 3 times its centred score but first both ways; feature 1 moves but only by 1.5 times
        assertEquals(Optional.empty(), new LkrScores(new double[]{0.3, 0.6, 0.5}, new double[]{0.1, 0.4, 0.5}).meanWarning(false));
        // a constant feature (NaN both ways) is never named
        assertEquals(Optional.empty(), new LkrScores(new double[]{Double.NaN, 0.2}, new double[]{Double.NaN, 0.2}).meanWarning(false));
    }
}
