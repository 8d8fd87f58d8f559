package lapscore.selection.redundancy;

import java.io.Serializable;

/**
 * Discretisation of each candidate feature into {@code numBins} equal-width bins between its
 * minimum and maximum over all rows: bin {@code floor(numBins (x - min) / (max - min))}, the maximum
 * in the last bin, every value of a constant feature in bin 0. Equal-width bins depend on the
 * values only (not on their order or partitioning), so the histograms and the symmetric
 * uncertainties built on them are exact and reproducible. A class, not a record: Spark's Kryo
 * serializer cannot ship records.
 */
public final class EqualWidthBins implements Serializable {

    private final double[] minimum;
    private final double[] maximum;
    private final int numBins;

    /**
     * @param minimum per candidate, its smallest value
     * @param maximum per candidate, its largest value
     * @param numBins bins per feature
     */
    public EqualWidthBins(double[] minimum, double[] maximum, int numBins) {
        this.minimum = minimum;
        this.maximum = maximum;
        this.numBins = numBins;
    }

    /** Bins per feature. */
    public int numBins() {
        return numBins;
    }

    /** The bin of {@code value} of candidate {@code candidate}, in {@code [0, numBins)}. */
    public int bin(int candidate, double value) {
        double low = minimum[candidate];
        double width = maximum[candidate] - low;
        if (!(width > 0.0)) {
            return 0;
        }
        int bin = (int) Math.floor(numBins * ((value - low) / width));
        return Math.max(0, Math.min(numBins - 1, bin));
    }
}
