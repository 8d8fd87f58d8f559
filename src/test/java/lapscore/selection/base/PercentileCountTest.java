package lapscore.selection.base;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Percentile mode keeps floor(percentile * d) features, and the percentile suggested to keep one is the smallest that does. */
class PercentileCountTest {

    @Test
    void theSuggestedPercentileIsTheSmallestDoubleThatKeepsOne() {
        for (int d = 1; d <= 2000; d++) {
            double suggested = FeatureRanking.percentileKeepingOne(d);
            assertEquals(1, FeatureRanking.percentileCount(suggested, d), "d = " + d);
            assertEquals(0, FeatureRanking.percentileCount(Math.nextDown(suggested), d), "d = " + d);
            assertEquals(1, (int) Math.floor(suggested * d), "floor(percentile * d), as Spark's (d * percentile).toInt; d = " + d);
        }
    }
}
