package lapscore.selection.redundancy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.linalg.Vector;

/**
 * Redundancy removal by symmetric uncertainty (Thangavel and Pethalakshmi, "An Extended Laplacian
 * Score Algorithm for Unsupervised Feature Selection"; steps 4 and 5): the candidates, best first,
 * are walked in order and a candidate is kept only if its SU with every feature already kept is at
 * most the threshold; otherwise it is dropped as redundant with the first kept feature that exceeds
 * it. Two passes over the rows: one for each candidate's minimum and maximum (the bins), one for
 * the joint histograms of all candidate pairs ({@link PairHistograms}).
 */
public final class RedundancyRemoval {

    /**
     * Most joint counts the step holds (32 MiB of longs, on the driver and in each task):
     * {@code c (c - 1) / 2 * numBins^2}, e.g. up to 290 candidates with 10 bins.
     */
    public static final long MAX_CELLS = 1L << 22;

    private RedundancyRemoval() {
    }

    /** Refuses {@code numCandidates} candidates whose histograms would hold more than {@link #MAX_CELLS} counts. */
    public static void requireFeasible(int numCandidates, int numBins) {
        long cells = PairHistograms.cells(numCandidates, numBins);
        if (cells > MAX_CELLS) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "redundancyThreshold: the joint histograms of %d"
                    + " candidates with numBins = %d hold %,d counts, more than %,d (32 MiB); select fewer candidates"
                    + " (numTopFeatures, percentile or scoreThreshold) or fewer bins", numCandidates, numBins, cells, MAX_CELLS));
        }
    }

    /**
     * Walks {@code candidates} (feature indices, best first) over {@code rows} (vectors of
     * {@code numFeatures} finite values) and returns what was dropped; the kept candidates are those
     * not marked redundant.
     */
    public static Redundancy apply(JavaRDD<Vector> rows, int numFeatures, int[] candidates, double threshold, int numBins) {
        Redundancy redundancy = Redundancy.none(numFeatures);
        if (candidates.length < 2) {
            return redundancy;
        }
        requireFeasible(candidates.length, numBins);
        PairHistograms histograms = rows.treeAggregate(new PairHistograms(candidates, bins(rows, candidates, numBins)),
                PairHistograms::add, PairHistograms::merge);
        List<Integer> kept = new ArrayList<>();
        for (int position = 0; position < candidates.length; position++) {
            for (int keptPosition : kept) {
                double uncertainty = histograms.symmetricUncertainty(keptPosition, position);
                if (uncertainty > threshold) {
                    redundancy.redundantWith()[candidates[position]] = candidates[keptPosition];
                    redundancy.uncertainty()[candidates[position]] = uncertainty;
                    break;
                }
            }
            if (!redundancy.isRedundant(candidates[position])) {
                kept.add(position);
            }
        }
        return redundancy;
    }

    /** The equal-width bins of the candidates, from their minimum and maximum over all rows. */
    private static EqualWidthBins bins(JavaRDD<Vector> rows, int[] candidates, int numBins) {
        int c = candidates.length;
        double[] start = new double[2 * c];
        Arrays.fill(start, 0, c, Double.POSITIVE_INFINITY);
        Arrays.fill(start, c, 2 * c, Double.NEGATIVE_INFINITY);
        double[] range = rows.treeAggregate(start, (extremes, row) -> {
            for (int i = 0; i < c; i++) {
                double value = row.apply(candidates[i]);
                extremes[i] = Math.min(extremes[i], value);
                extremes[c + i] = Math.max(extremes[c + i], value);
            }
            return extremes;
        }, (left, right) -> {
            for (int i = 0; i < c; i++) {
                left[i] = Math.min(left[i], right[i]);
                left[c + i] = Math.max(left[c + i], right[c + i]);
            }
            return left;
        });
        return new EqualWidthBins(Arrays.copyOfRange(range, 0, c), Arrays.copyOfRange(range, c, 2 * c), numBins);
    }
}
