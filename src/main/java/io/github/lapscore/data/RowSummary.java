package io.github.lapscore.data;

import java.io.Serializable;
import java.util.Locale;

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
     * Throws {@link IllegalArgumentException} naming {@code column} and the first offending row when
     * the data cannot be scored: a null cell, vectors of different sizes, a NaN or infinite value,
     * an empty vector, fewer than two rows, a zero vector where cosines are needed, or
     * {@code numNeighbors} not below the number of rows.
     */
    public void validate(String column, int numNeighbors, boolean needsNonZeroRows) {
        if (nullRow != NO_ROW) {
            throw problem(column, "row %d is null", nullRow);
        }
        if (count < 2) {
            throw problem(column, "has %d row%s; at least 2 are needed to build a neighbour graph", count, count == 1 ? "" : "s");
        }
        if (smallestSize != largestSize) {
            throw problem(column, "holds vectors of different sizes: row %d has %d values but row %d has %d",
                    smallestSizeRow, smallestSize, largestSizeRow, largestSize);
        }
        if (largestSize == 0) {
            throw problem(column, "holds empty vectors; there are no features to score");
        }
        if (nonFiniteRow != NO_ROW) {
            throw problem(column, "row %d has %s at feature %d; remove or impute non-finite values first",
                    nonFiniteRow, Double.toString(nonFiniteValue), nonFiniteIndex);
        }
        if (numNeighbors >= count) {
            throw problem(column, "has %d rows, so numNeighbors must be at most %d (got %d)", count, count - 1, numNeighbors);
        }
        if (needsNonZeroRows && zeroNormRow != NO_ROW) {
            throw problem(column, "row %d is the zero vector, whose cosine with other rows is undefined "
                    + "(needed by distanceMeasure = cosine or weightKernel = cosine)", zeroNormRow);
        }
    }

    /**
     * Throws {@link IllegalArgumentException} naming {@code labelColumn} when a row has no usable
     * label (null or NaN; the first such row is named) or when all rows share one label, so that no
     * class structure is left to score.
     */
    public void validateLabels(String labelColumn) {
        if (missingLabelRow != NO_ROW) {
            throw problem(labelColumn, "has no label (null or NaN) at row %d; drop or fill unlabelled rows first", missingLabelRow);
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

    /** Size of the vectors (valid after {@link #validate}). */
    public int numFeatures() {
        return largestSize;
    }
}
