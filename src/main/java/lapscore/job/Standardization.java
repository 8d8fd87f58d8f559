package lapscore.job;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.udf;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

import lapscore.data.numerics.FeatureDeviations;
import lapscore.job.files.InputTable;
import org.apache.spark.ml.linalg.DenseVector;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.expressions.UserDefinedFunction;

/**
 * The standard deviation of every feature of the job's vector column, for {@code --standardize} and
 * for the note that suggests it.
 *
 * <p>{@code --standardize} divides every feature by its sample standard deviation before the graph
 * is built and the features scored, exactly as Spark's {@code StandardScaler} with
 * {@code withStd = true} and {@code withMean = false} (a feature of standard deviation 0 becomes 0).
 * It does not centre (withMean = false, Spark's default): Euclidean distances and all three scores
 * are unchanged by a shift of a feature, so centring would change nothing there, while it would turn
 * sparse rows dense and move the origin that the cosine distance and kernel measure angles from.
 * Each feature's Laplacian Score is unchanged by that feature's own scale (eq. 1 of He, Cai and
 * Niyogi, NIPS 2005, is a ratio of two quadratic forms in f_r); what scaling changes is the graph,
 * whose distances the features of largest spread otherwise dominate.
 *
 * <p>The deviations are those of the rows that can be scored (a vector of the common size, every value
 * finite), so that rows {@code --handle-invalid skip} drops do not make them NaN; the other rows pass
 * unchanged, for the selector to report or skip as without scaling.
 */
final class Standardization {

    /** Ratio of the largest to the smallest non-zero standard deviation above which the job suggests {@code --standardize}. */
    static final double SPREAD_NOTE_RATIO = 1e3;

    /** How many of the first rows the note's standard deviations are taken over, at most. */
    static final int SPREAD_NOTE_ROWS = 10_000;
    /** How many values the note's standard deviations are taken over, at most, unless that leaves fewer than 100 rows. */
    static final int SPREAD_NOTE_VALUES = 1_000_000;

    private final double[] deviations;

    private Standardization(double[] deviations) {
        this.deviations = deviations;
    }

    /** The sample standard deviation of every feature, in vector order (NaN where the squares leave the range of a double). */
    double[] deviations() {
        return deviations.clone();
    }

    /**
     * The deviations of the {@code numFeatures} features of {@code vectorColumn} in {@code data}, over its
     * usable rows; empty when fewer than two rows are usable (the selector then says why). One pass
     * over the rows; the sums are exact ({@link FeatureDeviations}), so the deviations are the same
     * numbers however the rows are partitioned.
     */
    static Optional<Standardization> of(Dataset<Row> data, String vectorColumn, int numFeatures) {
        return of(data.select(col(vectorColumn)).javaRDD().aggregate(new FeatureDeviations(numFeatures),
                (partial, row) -> partial.add(row.isNullAt(0) ? null : (Vector) row.get(0)), FeatureDeviations::merge));
    }

    /** The deviations of {@code sums}; empty when fewer than two rows were usable. */
    private static Optional<Standardization> of(FeatureDeviations sums) {
        return sums.rows() < 2 ? Optional.empty() : Optional.of(new Standardization(sums.deviations()));
    }

    /**
     * {@code data} (whose vector column is {@code input}'s) as the distances between rows should read
     * it: with {@code standardize}, every feature divided by its standard deviation over all usable
     * rows; without it, unchanged, and a note printed to {@code out} when the standard deviations lie
     * more than {@value #SPREAD_NOTE_RATIO} times apart. When {@code data} are the input's own rows
     * and the pass that checked their cells summed the deviations ({@link InputTable#checkedDeviations()}),
     * those serve, at no cost; otherwise the deviations of {@code --standardize} take a pass over all
     * rows, and the note's a pass over at most the first {@link #spreadNoteRows} rows (so that the
     * note never costs a pass over large data). {@code fit} and {@code evaluate} both prepare their rows here.
     */
    static Dataset<Row> scaledOrNoted(InputTable input, Dataset<Row> data, boolean standardize, PrintStream out) {
        String vectorColumn = input.vectorColumn();
        int numFeatures = input.fromColumns() ? input.featureColumns().size() : firstVectorSize(data, vectorColumn);
        String[] names = input.featureNames(numFeatures);
        Optional<FeatureDeviations> checked = data == input.data() ? input.checkedDeviations() : Optional.empty();
        if (standardize) {
            Optional<Standardization> scaling = checked.isPresent() ? of(checked.get()) : input.check("Standard deviations of the"
                    + " features, for --standardize", () -> of(data, vectorColumn, numFeatures));
            return scaling.map(deviations -> deviations.scale(data, vectorColumn, names)).orElse(data);
        }
        int rows = spreadNoteRows(numFeatures);
        Optional<Standardization> spread = checked.isPresent() ? of(checked.get())
                : input.check("Comparing the features' spreads over the first " + rows + " rows",
                () -> of(data.limit(rows), vectorColumn, numFeatures));
        spread.flatMap(deviations -> deviations.spreadNote(names)).ifPresent(note -> out.println("Note: " + note));
        return data;
    }

    /**
     * The rows, from the first, that the spread note reads for {@code numFeatures} features: at most
     * {@value #SPREAD_NOTE_ROWS} and {@value #SPREAD_NOTE_VALUES} values, or 100 rows when the values
     * allow fewer, so that a wide table's note costs no more than a narrow one's.
     */
    private static int spreadNoteRows(int numFeatures) {
        return Math.max(100, Math.min(SPREAD_NOTE_ROWS, SPREAD_NOTE_VALUES / Math.max(1, numFeatures)));
    }

    /** The size of the first non-null vector of {@code vectorColumn}: the features' count where the input does not say it. */
    private static int firstVectorSize(Dataset<Row> data, String vectorColumn) {
        Row first = data.select(col(vectorColumn)).filter(col(vectorColumn).isNotNull()).first();
        return ((Vector) first.get(0)).size();
    }

    /**
     * {@code data} with every vector of {@code vectorColumn} of the features' count multiplied, feature
     * by feature, by {@code 1 / std} (0 where std is 0), as {@code StandardScalerModel.transform} does;
     * the column keeps its name and ML attributes. Refused when a deviation is NaN (squares beyond
     * the range of a double), naming the feature ({@code names} in vector order).
     */
    Dataset<Row> scale(Dataset<Row> data, String vectorColumn, String[] names) {
        for (int r = 0; r < deviations.length; r++) {
            if (Double.isNaN(deviations[r])) {
                throw new IllegalArgumentException("--standardize: feature '" + names[r] + "' holds values beyond 1e154 in"
                        + " magnitude, whose squares no double holds; divide it by a power of ten first, or leave out --standardize");
            }
        }
        double[] factors = Arrays.stream(deviations).map(std -> std != 0.0 ? 1.0 / std : 0.0).toArray();
        UserDefinedFunction scaled = udf((UDF1<Vector, Vector>) vector -> scaled(vector, factors), SQLDataTypes.VectorType());
        return data.withColumn(vectorColumn, scaled.apply(col(vectorColumn))
                .as(vectorColumn, data.schema().apply(vectorColumn).metadata()));
    }

    private static Vector scaled(Vector vector, double[] factors) {
        if (vector == null || vector.size() != factors.length) {
            return vector;
        }
        if (vector instanceof SparseVector sparse) {
            double[] values = new double[sparse.values().length];
            for (int k = 0; k < values.length; k++) {
                values[k] = sparse.values()[k] * factors[sparse.indices()[k]];
            }
            return Vectors.sparse(sparse.size(), sparse.indices(), values);
        }
        double[] values = vector.toArray();
        for (int r = 0; r < values.length; r++) {
            values[r] *= factors[r];
        }
        return Vectors.dense(values);
    }

    /**
     * The note suggesting {@code --standardize} when the largest standard deviation exceeds the
     * smallest non-zero one more than {@value #SPREAD_NOTE_RATIO} times, naming both features
     * ({@code names} in vector order); else empty.
     */
    Optional<String> spreadNote(String[] names) {
        int largest = -1;
        int smallest = -1;
        for (int r = 0; r < deviations.length; r++) {
            if (deviations[r] > 0.0) {
                largest = largest < 0 || deviations[r] > deviations[largest] ? r : largest;
                smallest = smallest < 0 || deviations[r] < deviations[smallest] ? r : smallest;
            }
        }
        if (largest < 0 || deviations[largest] <= SPREAD_NOTE_RATIO * deviations[smallest]) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "the features' standard deviations range from %.3g (%s) to %.3g (%s), more"
                + " than %.0f times apart: the largest dominate the distances between rows; --standardize divides every feature by"
                + " its standard deviation first", deviations[smallest], names[smallest], deviations[largest], names[largest],
                SPREAD_NOTE_RATIO));
    }
}
