package lapscore.evaluation.kmeans;

/**
 * The clustering accuracy (He, Cai and Niyogi, NIPS 2005, eq. 6) and NMI (eq. 8) of every k-means
 * restart of one evaluation row, in run order, and which run had the lowest k-means cost: the
 * protocol of that paper reports the {@code best} run's metrics; the {@link Spread}s over all runs
 * say how much a single run varies.
 */
public record RestartScores(double[] accuracies, double[] nmis, int best) {

    /** The accuracy of the lowest-cost run. */
    public double bestAccuracy() {
        return accuracies[best];
    }

    /** The NMI of the lowest-cost run. */
    public double bestNmi() {
        return nmis[best];
    }

    /** Mean and standard deviation of the accuracy over the runs. */
    public Spread accuracySpread() {
        return Spread.of(accuracies);
    }

    /** Mean and standard deviation of the NMI over the runs. */
    public Spread nmiSpread() {
        return Spread.of(nmis);
    }
}
