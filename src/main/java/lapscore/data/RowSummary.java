package lapscore.data;

import java.io.Serializable;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import lapscore.data.numerics.DataScale;
import org.apache.spark.ml.linalg.DenseVector;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;

/**
 * What one pass over the input says about it: the number of rows, the vector size, and the first
 * problem found.
 *
 * <p>Problems are recorded as data with the id of the row they occur in, and the one with the
 * smallest id wins when partial summaries merge, so the error a user sees is deterministic and
 * is raised on the driver with a plain message instead of a failed Spark task.
 */
public final class RowSummary implements Serializable {

    private static final long NO_ROW = Long.MAX_VALUE;

    private long count;
    private long skippedRows;
    private long nonZeros;
    private final TreeMap<Integer, Long> rowsBySize = new TreeMap<>();
    private int smallestSize = Integer.MAX_VALUE;
    private long smallestSizeRow = NO_ROW;
    private int largestSize = -1;
    private long largestSizeRow = NO_ROW;
    private long nullRow = NO_ROW;
    private long nonFiniteRow = NO_ROW;
    private int nonFiniteIndex = -1;
    private double nonFiniteValue;
    private long zeroNormRow = NO_ROW;
    private double largestMagnitude;
    private long missingLabelRow = NO_ROW;
    private double someLabel = Double.NaN;
    private boolean severalLabels;

    /** Computes the summary of {@code rows} with one {@code treeAggregate}. */
    public static RowSummary of(IndexedRows rows) {
        return rows.rows().treeAggregate(new RowSummary(),
                (summary, row) -> summary.add(row._1(), row._2()),
                RowSummary::merge);
    }

    RowSummary add(LabeledRow labeled, long row) {
        addLabel(labeled.label(), row);
        return add(labeled.vector(), row);
    }

    private void addLabel(double label, long row) {
        if (Double.isNaN(label)) {
            missingLabelRow = Math.min(missingLabelRow, row);
        } else if (Double.isNaN(someLabel)) {
            someLabel = label;
        } else if (label != someLabel) {
            severalLabels = true;
        }
    }

    RowSummary add(Vector vector, long row) {
        count++;
        if (vector == null) {
            nullRow = Math.min(nullRow, row);
            return this;
        }
        int size = vector.size();
        rowsBySize.merge(size, 1L, Long::sum);
        if (size < smallestSize || (size == smallestSize && row < smallestSizeRow)) {
            smallestSize = size;
            smallestSizeRow = row;
        }
        if (size > largestSize || (size == largestSize && row < largestSizeRow)) {
            largestSize = size;
            largestSizeRow = row;
        }
        double[] values = vector instanceof SparseVector sparse ? sparse.values() : ((DenseVector) vector).values();
        int[] indices = vector instanceof SparseVector sparse ? sparse.indices() : null;
        boolean zero = true;
        for (int p = 0; p < values.length; p++) {
            double value = values[p];
            if (!Double.isFinite(value)) {
                recordNonFinite(row, indices == null ? p : indices[p], value);
            } else {
                largestMagnitude = Math.max(largestMagnitude, Math.abs(value));
            }
            zero &= value == 0.0;
            nonZeros += value != 0.0 ? 1 : 0;
        }
        if (zero) {
            zeroNormRow = Math.min(zeroNormRow, row);
        }
        return this;
    }

    private void recordNonFinite(long row, int feature, double value) {
        if (row < nonFiniteRow || (row == nonFiniteRow && feature < nonFiniteIndex)) {
            nonFiniteRow = row;
            nonFiniteIndex = feature;
            nonFiniteValue = value;
        }
    }

    RowSummary merge(RowSummary other) {
        count += other.count;
        nonZeros += other.nonZeros;
        other.rowsBySize.forEach((size, rows) -> rowsBySize.merge(size, rows, Long::sum));
        if (other.smallestSize < smallestSize || (other.smallestSize == smallestSize && other.smallestSizeRow < smallestSizeRow)) {
            smallestSize = other.smallestSize;
            smallestSizeRow = other.smallestSizeRow;
        }
        if (other.largestSize > largestSize || (other.largestSize == largestSize && other.largestSizeRow < largestSizeRow)) {
            largestSize = other.largestSize;
            largestSizeRow = other.largestSizeRow;
        }
        nullRow = Math.min(nullRow, other.nullRow);
        if (other.nonFiniteRow != NO_ROW) {
            recordNonFinite(other.nonFiniteRow, other.nonFiniteIndex, other.nonFiniteValue);
        }
        zeroNormRow = Math.min(zeroNormRow, other.zeroNormRow);
        largestMagnitude = Math.max(largestMagnitude, other.largestMagnitude);
        missingLabelRow = Math.min(missingLabelRow, other.missingLabelRow);
        severalLabels |= other.severalLabels;
        if (!Double.isNaN(other.someLabel)) {
            addLabel(other.someLabel, NO_ROW);
        }
        return this;
    }

    /**
     * Whether some row cannot be scored: a null or wrong-size vector, a NaN or infinite value, a zero
     * vector when {@code needsNonZeroRows}, or a missing label when {@code labelled}.
     */
    public boolean hasUnusableRows(boolean needsNonZeroRows, boolean labelled) {
        return nullRow != NO_ROW || smallestSize != largestSize || nonFiniteRow != NO_ROW
                || (needsNonZeroRows && zeroNormRow != NO_ROW) || (labelled && missingLabelRow != NO_ROW);
    }

    /**
     * The test a row must pass to be scored, the vectors' size being the most common one (the smaller
     * of two equally common sizes).
     */
    public UsableRow usableRow(boolean needsNonZeroRows, boolean labelled) {
        int commonSize = -1;
        long mostRows = 0;
        for (Map.Entry<Integer, Long> entry : rowsBySize.entrySet()) {
            if (entry.getValue() > mostRows) {
                commonSize = entry.getKey();
                mostRows = entry.getValue();
            }
        }
        return new UsableRow(commonSize, needsNonZeroRows, labelled);
    }

    /** A row that can be scored: a vector of {@code size} finite values (not all zero if asked), and a label if asked. */
    public record UsableRow(int size, boolean needsNonZero, boolean labelled) implements Serializable {

        /** Whether {@code row} passes. */
        public boolean test(LabeledRow row) {
            Vector vector = row.vector();
            if (vector == null || vector.size() != size || (labelled && Double.isNaN(row.label()))) {
                return false;
            }
            double[] values = vector instanceof SparseVector sparse ? sparse.values() : ((DenseVector) vector).values();
            boolean zero = true;
            for (double value : values) {
                if (!Double.isFinite(value)) {
                    return false;
                }
                zero &= value == 0.0;
            }
            return !(needsNonZero && zero);
        }
    }

    /** This summary (of the rows kept) with {@code rows} more that were left out as unusable. */
    public RowSummary withSkippedRows(long rows) {
        skippedRows += rows;
        return this;
    }

    /** Rows of the input left out as unusable ({@code handleInvalid = skip}); 0 otherwise. */
    public long skippedRows() {
        return skippedRows;
    }

    /**
     * Throws {@link IllegalArgumentException} naming {@code column} and the first offending row (rows
     * are counted from 0 in input order, as in the edge list) when the data cannot be scored: a null
     * cell, vectors of different sizes, a NaN or infinite value, an empty vector, fewer than two rows,
     * a zero vector where cosines are needed, or {@code numNeighbors} not below the number of rows.
     * Each message says what to do. {@code featureNames} (the column's ML attribute names, or null)
     * name the feature of a bad value.
     */
    public void validate(String column, String[] featureNames, int numNeighbors, boolean needsNonZeroRows) {
        if (nullRow != NO_ROW) {
            throw problem(column, "row %d (counting from 0) is null; drop or fill null rows, or set handleInvalid = skip",
                    nullRow);
        }
        if (count < 2) {
            throw problem(column, "has %d row%s%s; at least 2 are needed to score features", count, count == 1 ? "" : "s",
                    skippedRows == 0 ? "" : " left after skipping " + skippedRows + " that cannot be scored");
        }
        if (smallestSize != largestSize) {
            throw problem(column, "holds vectors of different sizes: row %d (counting from 0) has %d values but row %d has %d;"
                    + " make them one size, or set handleInvalid = skip to drop all but the most common size",
                    smallestSizeRow, smallestSize, largestSizeRow, largestSize);
        }
        if (largestSize == 0) {
            throw problem(column, "holds empty vectors; there are no features to score");
        }
        if (nonFiniteRow != NO_ROW) {
            throw problem(column, "row %d (counting from 0) has %s at feature %s; remove or impute non-finite values,"
                    + " or set handleInvalid = skip", nonFiniteRow, Double.toString(nonFiniteValue),
                    featureName(featureNames, nonFiniteIndex));
        }
        if (numNeighbors >= count) {
            throw problem(column, "has %d rows, so numNeighbors must be at most %d (got %d)", count, count - 1, numNeighbors);
        }
        if (needsNonZeroRows && zeroNormRow != NO_ROW) {
            throw problem(column, "row %d (counting from 0) is the zero vector, whose cosine with other rows is undefined"
                    + " (needed by distanceMeasure = cosine or weightKernel = cosine); drop it, use the euclidean distance"
                    + " with a heat or binary kernel, or set handleInvalid = skip", zeroNormRow);
        }
    }

    /** Feature {@code index} as a user knows it: its position, and its name when the column has one. */
    private static String featureName(String[] featureNames, int index) {
        return featureNames != null && index < featureNames.length && featureNames[index] != null
                ? index + " ('" + featureNames[index] + "')" : Integer.toString(index);
    }

    /**
     * Throws {@link IllegalArgumentException} naming {@code labelColumn} when a row has no usable
     * label (null or NaN; the first such row is named) or when all rows share one label, so that no
     * class structure is left to score.
     */
    public void validateLabels(String labelColumn) {
        if (missingLabelRow != NO_ROW) {
            throw problem(labelColumn, "has no label (null or NaN) at row %d (counting from 0); drop or fill unlabelled rows,"
                    + " or set handleInvalid = skip", missingLabelRow);
        }
        if (!severalLabels) {
            throw problem(labelColumn, "holds a single class; a supervised score needs at least two");
        }
    }

    private static IllegalArgumentException problem(String column, String format, Object... args) {
        return new IllegalArgumentException("Column '" + column + "' " + String.format(Locale.ROOT, format, args));
    }

    /** Number of rows. */
    public long count() {
        return count;
    }

    /** The power of two that brings the rows' largest magnitude into the range where squares are safe. */
    public DataScale scale() {
        return DataScale.forLargestMagnitude(largestMagnitude);
    }

    /** Share of the rows' values that are not zero, whether the vectors store them densely or sparsely (valid after {@link #validate}). */
    public double density() {
        return count == 0 || largestSize <= 0 ? 1.0 : nonZeros / ((double) count * largestSize);
    }

    /** Non-zero values per row, rounded up; at least 1. */
    public int nonZerosPerRow() {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, (nonZeros + Math.max(1, count) - 1) / Math.max(1, count)));
    }

    /** Size of the vectors (valid after {@link #validate}). */
    public int numFeatures() {
        return largestSize;
    }
}
