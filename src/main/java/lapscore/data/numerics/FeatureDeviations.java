package lapscore.data.numerics;

import java.io.Serializable;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Arrays;

import org.apache.spark.ml.linalg.DenseVector;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;

/**
 * The sample standard deviation of every feature of a vector column (what {@code --standardize}
 * divides by, as Spark's {@code StandardScaler}), from per feature the exact sums ({@link ExactSum})
 * of the values and of their squares over the usable rows (a vector of {@code numFeatures} finite
 * values), each square added as its rounded value plus its rounding error ({@link Math#fma}), so
 * that both sums are exact. The sample variance
 * {@code (n S2 - S1^2) / (n (n - 1))} is then formed in decimal arithmetic from the exact sums: no
 * cancellation for features like {@code 1e9 + x}, and the same number for any order of the rows.
 * Sparse vectors cost O(nnz) (their zeros add nothing to either sum).
 */
public final class FeatureDeviations implements Serializable {

    private static final MathContext PRECISION = MathContext.DECIMAL128;

    private final int numFeatures;
    private final ExactSum[] values;
    private final ExactSum[] squares;
    private long rows;

    /** Empty sums of {@code numFeatures} features. */
    public FeatureDeviations(int numFeatures) {
        this.numFeatures = numFeatures;
        this.values = new ExactSum[numFeatures];
        this.squares = new ExactSum[numFeatures];
        for (int r = 0; r < numFeatures; r++) {
            values[r] = new ExactSum();
            squares[r] = new ExactSum();
        }
    }

    /** Adds {@code vector}'s values when it is usable (non-null, of the features' size, every value finite); returns this. */
    public FeatureDeviations add(Vector vector) {
        if (!usable(vector)) {
            return this;
        }
        rows++;
        if (vector instanceof SparseVector sparse) {
            for (int k = 0; k < sparse.indices().length; k++) {
                add(sparse.indices()[k], sparse.values()[k]);
            }
        } else {
            double[] dense = ((DenseVector) vector).values();
            for (int r = 0; r < dense.length; r++) {
                add(r, dense[r]);
            }
        }
        return this;
    }

    private void add(int feature, double value) {
        values[feature].add(value);
        double square = value * value;
        squares[feature].add(square);
        squares[feature].add(Math.fma(value, value, -square));
    }

    /** Adds {@code other}'s sums to these; returns this. */
    public FeatureDeviations merge(FeatureDeviations other) {
        rows += other.rows;
        for (int r = 0; r < numFeatures; r++) {
            values[r].addAll(other.values[r]);
            squares[r].addAll(other.squares[r]);
        }
        return this;
    }

    /** Sample standard deviations (at least two usable rows needed); NaN for a feature whose squares leave the range of a double (beyond about 1e154). */
    public double[] deviations() {
        BigDecimal n = BigDecimal.valueOf(rows);
        BigDecimal pairs = n.multiply(BigDecimal.valueOf(rows - 1));
        double[] deviations = new double[numFeatures];
        for (int r = 0; r < numFeatures; r++) {
            if (values[r].overflowed() || squares[r].overflowed()) {
                deviations[r] = Double.NaN;
                continue;
            }
            BigDecimal sum = values[r].exact();
            BigDecimal spread = n.multiply(squares[r].exact()).subtract(sum.multiply(sum));
            deviations[r] = Math.sqrt(spread.divide(pairs, PRECISION).doubleValue());
        }
        return deviations;
    }

    private boolean usable(Vector vector) {
        if (vector == null || vector.size() != numFeatures) {
            return false;
        }
        double[] stored = vector instanceof SparseVector sparse ? sparse.values() : ((DenseVector) vector).values();
        return Arrays.stream(stored).allMatch(Double::isFinite);
    }

    /** How many usable rows were added. */
    public long rows() {
        return rows;
    }
}
