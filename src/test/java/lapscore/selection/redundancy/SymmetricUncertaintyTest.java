package lapscore.selection.redundancy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;

import org.apache.spark.ml.linalg.Vectors;
import org.junit.jupiter.api.Test;

/**
 * Symmetric uncertainty and the one-pass pair histograms against a plain computation written here:
 * entropies from maps of the discretised values, bins by the formula of the issue.
 */
class SymmetricUncertaintyTest {

    private static final int BINS = 10;

    /** Equal-width bin of {@code value} between {@code min} and {@code max}, the maximum in the last bin. */
    private static int plainBin(double value, double min, double max) {
        if (max == min) {
            return 0;
        }
        return Math.min(BINS - 1, (int) ((value - min) / (max - min) * BINS));
    }

    private static int[] plainBins(double[] column) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double value : column) {
            min = Math.min(min, value);
            max = Math.max(max, value);
        }
        int[] bins = new int[column.length];
        for (int i = 0; i < column.length; i++) {
            bins[i] = plainBin(column[i], min, max);
        }
        return bins;
    }

    private static double entropy(Map<Object, Integer> counts, int n) {
        double h = 0;
        for (int count : counts.values()) {
            double p = (double) count / n;
            h -= p * Math.log(p) / Math.log(2);
        }
        return h;
    }

    /** SU of two discretised columns, the plain way. */
    static double plainSu(int[] x, int[] y) {
        Map<Object, Integer> cx = new HashMap<>();
        Map<Object, Integer> cy = new HashMap<>();
        Map<Object, Integer> cxy = new HashMap<>();
        for (int i = 0; i < x.length; i++) {
            cx.merge(x[i], 1, Integer::sum);
            cy.merge(y[i], 1, Integer::sum);
            cxy.merge(x[i] + "," + y[i], 1, Integer::sum);
        }
        double hx = entropy(cx, x.length);
        double hy = entropy(cy, x.length);
        double hxy = entropy(cxy, x.length);
        return hx + hy == 0 ? 0 : 2 * (hx + hy - hxy) / (hx + hy);
    }

    private static double[][] columns(int rows, long seed) {
        Random random = new Random(seed);
        double[][] columns = new double[5][rows];
        for (int i = 0; i < rows; i++) {
            columns[0][i] = random.nextGaussian();
            columns[1][i] = columns[0][i];
            columns[2][i] = random.nextGaussian();
            columns[3][i] = columns[0][i] + 0.5 * random.nextGaussian();
            columns[4][i] = 7.0;
        }
        return columns;
    }

    private static PairHistograms histograms(double[][] columns) {
        int c = columns.length;
        int[] candidates = {0, 1, 2, 3, 4};
        double[] min = new double[c];
        double[] max = new double[c];
        for (int j = 0; j < c; j++) {
            min[j] = Double.POSITIVE_INFINITY;
            max[j] = Double.NEGATIVE_INFINITY;
            for (double value : columns[j]) {
                min[j] = Math.min(min[j], value);
                max[j] = Math.max(max[j], value);
            }
        }
        EqualWidthBins bins = new EqualWidthBins(min, max, BINS);
        PairHistograms first = new PairHistograms(candidates, bins);
        PairHistograms second = new PairHistograms(candidates, bins);
        for (int i = 0; i < columns[0].length; i++) {
            double[] row = new double[c];
            for (int j = 0; j < c; j++) {
                row[j] = columns[j][i];
            }
            (i % 3 == 0 ? first : second).add(Vectors.dense(row));
        }
        return first.merge(second);
    }

    @Test
    void identicalFeaturesHaveSuOneAndIndependentOnesNearZero() {
        double[][] columns = columns(20_000, 1L);
        PairHistograms histograms = histograms(columns);
        assertEquals(1.0, histograms.symmetricUncertainty(0, 1), 1e-12);
        assertTrue(histograms.symmetricUncertainty(0, 2) < 0.01, "independent: " + histograms.symmetricUncertainty(0, 2));
        double correlated = histograms.symmetricUncertainty(0, 3);
        assertTrue(correlated > 0.1 && correlated < 0.9, "correlated: " + correlated);
        assertEquals(0.0, histograms.symmetricUncertainty(3, 4), 1e-12,
                "a constant feature shares no information");
    }

    @Test
    void onePassHistogramsEqualThePerPairComputation() {
        double[][] columns = columns(3_000, 2L);
        PairHistograms histograms = histograms(columns);
        for (int a = 0; a < columns.length; a++) {
            for (int b = 0; b < columns.length; b++) {
                if (a != b) {
                    double expected = plainSu(plainBins(columns[a]), plainBins(columns[b]));
                    assertEquals(expected, histograms.symmetricUncertainty(a, b), 1e-12, "SU of " + a + " and " + b);
                }
            }
        }
    }
}
