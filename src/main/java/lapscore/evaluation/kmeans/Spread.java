package lapscore.evaluation.kmeans;

/**
 * The mean and the standard deviation of a metric over the k-means restarts of one evaluation row:
 * {@code mean = sum_r x_r / R} and {@code sd = sqrt(sum_r (x_r - mean)^2 / R)}, the population form
 * (the R restarts are all the runs there are, not a sample of a larger set; with one restart sd is 0).
 * It says how much the score of one k-means run depends on its random start, which the best-of-R
 * value of the protocol hides.
 */
public record Spread(double mean, double sd) {

    /** The spread of {@code values} (at least one). */
    public static Spread of(double[] values) {
        double mean = 0;
        for (double value : values) {
            mean += value / values.length;
        }
        double squares = 0;
        for (double value : values) {
            squares += (value - mean) * (value - mean) / values.length;
        }
        return new Spread(mean, Math.sqrt(squares));
    }
}
