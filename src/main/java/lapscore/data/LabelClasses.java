package lapscore.data;

import java.util.Locale;
import java.util.Optional;

import scala.Tuple2;

/**
 * How the rows of a label column fall into classes: n rows, c classes, of which s have one row.
 * The one rule by which every supervised mode (Fisher score, Laplacian Score on the class and the
 * classKnn graph, Local Kernel Regression score within classes) refuses or warns.
 *
 * <p>The rule comes from the Fisher score (He, Cai and Niyogi, "Laplacian Score for Feature
 * Selection", NIPS 2005, section 3.2, eq. 4), {@code F_r = sum_l n_l (mu_l - mu)^2 / sum_l n_l sigma_l^2},
 * whose two sums, the between-class and the within-class scatter, rest on c - 1 and n - c degrees
 * of freedom. A class of one row adds to the between-class scatter and nothing to the within-class
 * one (its sigma_l^2 is 0), so a feature unrelated to the label scores about (c - 1) / (n - c) by
 * chance alone. When that exceeds 1 (c - 1 > n - c: fewer than about two rows per class, as a
 * continuous target gives) chance outweighs any class structure and the ranking says nothing
 * about the classes; when every class is a singleton (c = n) the within-class scatter is 0 for every
 * feature, every Fisher score +infinity and every class-graph Laplacian Score 0 (Theorem 1:
 * {@code L_r = 1 / (1 + F_r)}), and the classKnn graph has no edge. Such a label is refused. When
 * only some classes are singletons the scores are defined, but those rows tell nothing about the
 * spread within a class (and have no neighbour within their class): that is a warning.
 *
 * @param rows       rows with a label
 * @param classes    distinct labels
 * @param singletons labels held by one row only
 */
public record LabelClasses(long rows, long classes, long singletons) {

    /** The classes of the labelled rows of {@code rows}: one shuffle of (label, count) pairs, nothing per row on the driver. */
    public static LabelClasses of(IndexedRows rows) {
        long[] counts = rows.rows()
                .mapToPair(row -> new Tuple2<>(row._1().label(), 1L))
                .reduceByKey(Long::sum)
                .values()
                .aggregate(new long[3], (tally, size) -> {
                    tally[0] += size;
                    tally[1]++;
                    tally[2] += size == 1 ? 1 : 0;
                    return tally;
                }, (a, b) -> new long[]{a[0] + b[0], a[1] + b[1], a[2] + b[2]});
        return new LabelClasses(counts[0], counts[1], counts[2]);
    }

    /** Whether the within-class scatter has fewer degrees of freedom (n - c) than the between-class one (c - 1). */
    public boolean tooManyClasses() {
        return classes - 1 > rows - classes;
    }

    /**
     * Throws {@link IllegalArgumentException} naming {@code labelColumn} when the classes cannot carry
     * a supervised score ({@link #tooManyClasses()}), saying what to do instead.
     */
    public void requireComparableClasses(String labelColumn) {
        if (tooManyClasses()) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "Column '%s' looks like a continuous target: %d distinct"
                    + " values in %d rows (%s), so a supervised score compares no classes (a feature unrelated to the label"
                    + " would score as well); use an unsupervised graph (graphType = knn) or bin the label into classes",
                    labelColumn, classes, rows, classes == rows ? "no class has two rows" : "fewer than two rows per class"));
        }
    }

    /** The warning when some classes of {@code labelColumn} have a single row, else empty. */
    public Optional<String> singletonWarning(String labelColumn) {
        if (singletons == 0) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "Column '%s': %d of %d classes have a single row (%d rows in all); such a row"
                + " adds to the spread of the class means, nothing to the spread within classes, and has no neighbour in a"
                + " graph within classes; if the label is a continuous target, bin it into classes or use an unsupervised graph",
                labelColumn, singletons, classes, rows));
    }
}
