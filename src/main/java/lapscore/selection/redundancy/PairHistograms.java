package lapscore.selection.redundancy;

import java.io.Serializable;

import org.apache.spark.ml.linalg.Vector;

/**
 * The joint histograms of every pair of candidates, gathered in one pass over the rows: for
 * candidates {@code a < b} a {@code numBins x numBins} table of counts, all tables in one flat
 * array of {@code c (c - 1) / 2 * numBins^2} longs (the driver memory of the step). Counts are
 * integers, so partial histograms merge exactly in any order: the result does not depend on the
 * partitioning.
 */
public final class PairHistograms implements Serializable {

    private final int[] candidates;
    private final EqualWidthBins bins;
    private final long[] counts;
    private long rows;

    /** Empty histograms of {@code candidates} (feature indices) under {@code bins}. */
    public PairHistograms(int[] candidates, EqualWidthBins bins) {
        this.candidates = candidates.clone();
        this.bins = bins;
        this.counts = new long[Math.toIntExact(cells(candidates.length, bins.numBins()))];
    }

    /** Longs needed for the joint histograms of {@code numCandidates} candidates of {@code numBins} bins. */
    public static long cells(int numCandidates, int numBins) {
        return (long) numCandidates * (numCandidates - 1) / 2 * numBins * numBins;
    }

    /** Adds one row. */
    public PairHistograms add(Vector row) {
        int c = candidates.length;
        int numBins = bins.numBins();
        int[] binOf = new int[c];
        for (int i = 0; i < c; i++) {
            binOf[i] = bins.bin(i, row.apply(candidates[i]));
        }
        for (int a = 0; a < c; a++) {
            int base = offset(a, a + 1) + binOf[a] * numBins;
            for (int b = a + 1; b < c; b++) {
                counts[base + (b - a - 1) * numBins * numBins + binOf[b]]++;
            }
        }
        rows++;
        return this;
    }

    /** Adds {@code other}'s counts to these. */
    public PairHistograms merge(PairHistograms other) {
        for (int i = 0; i < counts.length; i++) {
            counts[i] += other.counts[i];
        }
        rows += other.rows;
        return this;
    }

    /** Symmetric uncertainty of candidates at positions {@code a} and {@code b} (any order). */
    public double symmetricUncertainty(int a, int b) {
        return SymmetricUncertainty.of(counts, offset(Math.min(a, b), Math.max(a, b)), bins.numBins(), rows);
    }

    /** Where the table of the pair {@code (a, b)}, {@code a < b}, starts. */
    private int offset(int a, int b) {
        int c = candidates.length;
        long pairsBefore = (long) a * c - (long) a * (a + 1) / 2 + (b - a - 1);
        return Math.toIntExact(pairsBefore * bins.numBins() * bins.numBins());
    }
}
