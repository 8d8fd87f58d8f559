package lapscore.scoring;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

import lapscore.data.VectorEntries;
import lapscore.data.blocks.OrderedReduce;
import lapscore.data.blocks.RowBlock;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.linalg.Vector;

/**
 * Per-class moments of every feature: for each class l its size n_l, and per feature the count,
 * mean and sum of squared deviations of the stored values (Welford's update, merged with Chan,
 * Golub and LeVeque's pairwise formula), with the value range. From them, with mu_l the class mean
 * and mu the mean over all rows:
 * <pre>
 *   between_r = sum_l n_l (mu_l - mu)^2          within_r = sum_l sum_{i in l} (f_i - mu_l)^2
 * </pre>
 * the two halves of the Fisher score; their sum is the total sum of squares. Deviations are taken
 * from each class's own running mean, so the within-class spread keeps its precision however far
 * apart the classes lie. Sparse rows cost O(nnz): a class's implicit zeros join its stored values
 * in closed form at the end.
 */
public final class ClassMoments implements Serializable {

    private final int numFeatures;
    private final TreeMap<Double, Moments> classes = new TreeMap<>();

    /** Empty moments of {@code numFeatures} features. */
    public ClassMoments(int numFeatures) {
        this.numFeatures = numFeatures;
    }

    /** The moments of the labelled rows of {@code block}. */
    public static ClassMoments of(RowBlock block, int numFeatures) {
        ClassMoments moments = new ClassMoments(numFeatures);
        for (int i = 0; i < block.size(); i++) {
            moments.add(block.row(i), block.label(i));
        }
        return moments;
    }

    /**
     * The moments of all labelled rows of {@code blocks}, per block on the executors and merged in
     * block order ({@link OrderedReduce}), so they are the same to the last bit however the input
     * was partitioned. O(c d) values per merge for c classes; nothing proportional to the rows.
     */
    public static ClassMoments of(JavaRDD<RowBlock> blocks, int numFeatures) {
        return OrderedReduce.reduce(blocks.map(block -> of(block, numFeatures)), ClassMoments::merge);
    }

    /** Adds row {@code v} of class {@code label}. */
    public void add(Vector v, double label) {
        Moments moments = classes.computeIfAbsent(label, key -> new Moments(numFeatures));
        moments.rows++;
        VectorEntries.forEach(v, moments::addStored);
    }

    /** Adds {@code other}'s moments to these (classes merged by label, in label order). */
    public ClassMoments merge(ClassMoments other) {
        for (Map.Entry<Double, Moments> entry : other.classes.entrySet()) {
            classes.computeIfAbsent(entry.getKey(), key -> new Moments(numFeatures)).merge(entry.getValue());
        }
        return this;
    }

    /** Number of classes seen. */
    public int numClasses() {
        return classes.size();
    }

    /** Number of rows seen. */
    public long numRows() {
        return classes.values().stream().mapToLong(moments -> moments.rows).sum();
    }

    /** Number of pairs {i, j}, i != j, of rows of the same class: the edges of the class graph. */
    public long sameClassPairs() {
        return classes.values().stream().mapToLong(moments -> moments.rows * (moments.rows - 1) / 2).sum();
    }

    /** Labels of the classes with more than {@code size} rows, ascending. */
    public double[] labelsLargerThan(int size) {
        return classes.entrySet().stream().filter(entry -> entry.getValue().rows > size)
                .mapToDouble(Map.Entry::getKey).toArray();
    }

    /** The mean of every feature over all rows. */
    public double[] means() {
        double[] means = new double[numFeatures];
        long rows = numRows();
        for (Moments moments : classes.values()) {
            for (int r = 0; r < numFeatures; r++) {
                means[r] += moments.classMean(r) * ((double) moments.rows / rows);
            }
        }
        return means;
    }

    /** {@code sum_l n_l (mu_l - mu)^2} of every feature: the spread of the class means. */
    public double[] betweenClass() {
        double[] means = means();
        double[] between = new double[numFeatures];
        for (Moments moments : classes.values()) {
            for (int r = 0; r < numFeatures; r++) {
                double offset = moments.classMean(r) - means[r];
                between[r] += moments.rows * offset * offset;
            }
        }
        return between;
    }

    /** {@code sum_l sum_{i in l} (f_i - mu_l)^2} of every feature: the spread within the classes. */
    public double[] withinClass() {
        double[] within = new double[numFeatures];
        for (Moments moments : classes.values()) {
            for (int r = 0; r < numFeatures; r++) {
                within[r] += moments.min(r) == moments.max(r) ? 0.0 : moments.classSquaredDeviations(r);
            }
        }
        return within;
    }

    /** Whether feature r takes one value on all rows: it has no score. */
    public boolean constant(int r) {
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        for (Moments moments : classes.values()) {
            low = Math.min(low, moments.min(r));
            high = Math.max(high, moments.max(r));
        }
        return low == high;
    }

    /** Whether feature r takes one value within every class, so that its within-class spread is exactly 0. */
    public boolean constantWithinClasses(int r) {
        return classes.values().stream().allMatch(moments -> moments.min(r) == moments.max(r));
    }

    /** Moments of one class: its rows, and per feature those of its stored (explicit) values. */
    private static final class Moments implements Serializable {
        long rows;
        final long[] stored;
        final double[] mean;
        final double[] squaredDeviations;
        final double[] min;
        final double[] max;

        Moments(int d) {
            stored = new long[d];
            mean = new double[d];
            squaredDeviations = new double[d];
            min = new double[d];
            max = new double[d];
            Arrays.fill(min, Double.POSITIVE_INFINITY);
            Arrays.fill(max, Double.NEGATIVE_INFINITY);
        }

        /** Welford's update with a stored value of feature r. */
        void addStored(int r, double value) {
            stored[r]++;
            double delta = value - mean[r];
            mean[r] += delta / stored[r];
            squaredDeviations[r] += delta * (value - mean[r]);
            min[r] = Math.min(min[r], value);
            max[r] = Math.max(max[r], value);
        }

        /** Chan, Golub and LeVeque's pairwise combination of two sets of moments. */
        void merge(Moments other) {
            rows += other.rows;
            for (int r = 0; r < stored.length; r++) {
                long count = stored[r] + other.stored[r];
                if (other.stored[r] > 0) {
                    double delta = other.mean[r] - mean[r];
                    mean[r] += delta * other.stored[r] / count;
                    squaredDeviations[r] += other.squaredDeviations[r] + delta * delta * stored[r] * other.stored[r] / count;
                }
                stored[r] = count;
                min[r] = Math.min(min[r], other.min[r]);
                max[r] = Math.max(max[r], other.max[r]);
            }
        }

        /** Mean of feature r over all rows of the class, implicit zeros included. */
        double classMean(int r) {
            return mean[r] * ((double) stored[r] / rows);
        }

        /** {@code sum (f_i - mu_l)^2} of feature r over the class: the stored values' and the zeros' combined. */
        double classSquaredDeviations(int r) {
            long zeros = rows - stored[r];
            return squaredDeviations[r] + mean[r] * mean[r] * stored[r] * zeros / rows;
        }

        /** Smallest value of feature r in the class, implicit zeros included. */
        double min(int r) {
            return stored[r] < rows ? Math.min(min[r], 0.0) : min[r];
        }

        /** Largest value of feature r in the class, implicit zeros included. */
        double max(int r) {
            return stored[r] < rows ? Math.max(max[r], 0.0) : max[r];
        }
    }
}
