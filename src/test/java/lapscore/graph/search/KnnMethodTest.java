package lapscore.graph.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * The cost warning of {@code knnMethod = exact} on more rows than {@code auto} would search exactly:
 * none up to {@link KnnMethod#AUTO_EXACT_MAX_ROWS}, above it the join's m^2 / 2 distances and their
 * multiply-adds (the graph build logs it: {@code graph.ExactCostWarningTest}).
 */
class KnnMethodTest {

    @Test
    void noWarningWhereAutoIsExactToo() {
        assertTrue(KnnMethod.exactCostWarning(KnnMethod.AUTO_EXACT_MAX_ROWS, 50, 2).isEmpty());
    }

    /**
     * The warning's numbers, in order, are the join's distances m (m - 1) / 2, their multiply-adds
     * m (m - 1) d / 2 and those per core, as counted here from m, d and the cores (to the two
     * significant digits printed); they grow with m^2.
     */
    @Test
    void warningCountsTheDistancesAndMultiplyAddsOfTheJoin() {
        int features = 50;
        int cores = 2;
        for (long rows : new long[]{KnnMethod.AUTO_EXACT_MAX_ROWS + 1, 2_000_000}) {
            String warning = KnnMethod.exactCostWarning(rows, features, cores).orElseThrow();
            double distances = 0;
            for (long i = 0; i < rows; i++) {
                distances += i;
            }
            double[] expected = {distances, distances * features, distances * features / cores};
            List<Double> printed = new ArrayList<>();
            Matcher number = Pattern.compile("\\d\\.\\de[+-]\\d+").matcher(warning);
            while (number.find()) {
                printed.add(Double.parseDouble(number.group()));
            }
            assertEquals(expected.length, printed.size(), warning);
            for (int n = 0; n < expected.length; n++) {
                assertEquals(expected[n], printed.get(n), 0.05 * expected[n], warning);
            }
            assertTrue(warning.contains("knnMethod = auto or approximate"), warning);
        }
    }
}
