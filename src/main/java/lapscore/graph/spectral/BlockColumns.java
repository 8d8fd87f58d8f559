package lapscore.graph.spectral;

import java.io.Serializable;
import java.util.Arrays;

/**
 * One block's share of a few columns of an m-row matrix: the rows of block {@link #block()} (ids
 * {@code firstRow} to {@code firstRow + rows - 1}), each column held as its own array. A
 * distributed m x c matrix is an RDD of these whose partition i holds block i, lined up with the
 * graph's blocks of rows.
 */
public final class BlockColumns implements Serializable {

    private final int block;
    private final long firstRow;
    private final double[][] columns;

    /** Block {@code block}, its first row id {@code firstRow}, its {@code columns} (each of the block's length). */
    public BlockColumns(int block, long firstRow, double[][] columns) {
        this.block = block;
        this.firstRow = firstRow;
        this.columns = columns;
    }

    /** {@code count} zero columns of {@code rows} entries. */
    static BlockColumns zeros(int block, long firstRow, int rows, int count) {
        return new BlockColumns(block, firstRow, new double[count][rows]);
    }

    public int block() {
        return block;
    }

    public long firstRow() {
        return firstRow;
    }

    /** The number of rows of the block. */
    public int rows() {
        return columns.length == 0 ? 0 : columns[0].length;
    }

    public int numColumns() {
        return columns.length;
    }

    /** Column c (the array itself, not a copy). */
    public double[] column(int c) {
        return columns[c];
    }

    /** Entry (row, c), {@code row} counted from the block's first row. */
    public double get(int row, int c) {
        return columns[c][row];
    }

    /** Column c alone. */
    BlockColumns selected(int c) {
        return new BlockColumns(block, firstRow, new double[][]{columns[c]});
    }

    /** These columns followed by {@code other}'s (the same block). */
    BlockColumns append(BlockColumns other) {
        double[][] joined = new double[columns.length + other.columns.length][];
        System.arraycopy(columns, 0, joined, 0, columns.length);
        System.arraycopy(other.columns, 0, joined, columns.length, other.columns.length);
        return new BlockColumns(block, firstRow, joined);
    }

    /**
     * Column 0 split by the rows' component {@code labels} (column 0 of a block of
     * {@link ComponentLabels}): column g keeps the entries of the rows labelled {@code first[g]},
     * the last column those of every other row, each column 0 elsewhere.
     */
    BlockColumns grouped(BlockColumns labels, long[] first) {
        double[] values = columns[0];
        double[][] groups = new double[first.length + 1][values.length];
        for (int i = 0; i < values.length; i++) {
            int found = Arrays.binarySearch(first, (long) labels.columns[0][i]);
            groups[found >= 0 ? found : first.length][i] = values[i];
        }
        return new BlockColumns(block, firstRow, groups);
    }

    /** Every column multiplied entry by entry with {@code scale}'s column 0. */
    BlockColumns timesRows(BlockColumns scale) {
        double[] factors = scale.columns[0];
        double[][] scaled = new double[columns.length][];
        for (int c = 0; c < columns.length; c++) {
            scaled[c] = new double[factors.length];
            for (int i = 0; i < factors.length; i++) {
                scaled[c][i] = columns[c][i] * factors[i];
            }
        }
        return new BlockColumns(block, firstRow, scaled);
    }

    /**
     * The sums {@code sum_i this[i][a] * other[i][b]} for every column a of these and b of
     * {@code other}, row-major (a * other's count + b): this block's share of {@code X^T Y}.
     */
    double[] crossProducts(BlockColumns other) {
        double[] products = new double[columns.length * other.columns.length];
        for (int a = 0; a < columns.length; a++) {
            for (int b = 0; b < other.columns.length; b++) {
                double sum = 0;
                double[] x = columns[a];
                double[] y = other.columns[b];
                for (int i = 0; i < x.length; i++) {
                    sum += x[i] * y[i];
                }
                products[a * other.columns.length + b] = sum;
            }
        }
        return products;
    }

    /**
     * {@code this * coefficients}: column b of the result is {@code sum_a this[.][a] *
     * coefficients[a][b]}, {@code coefficients} holding one row per column of these.
     */
    BlockColumns times(double[][] coefficients) {
        int count = coefficients.length == 0 ? 0 : coefficients[0].length;
        double[][] result = new double[count][rows()];
        for (int a = 0; a < columns.length; a++) {
            for (int b = 0; b < count; b++) {
                double factor = coefficients[a][b];
                if (factor != 0.0) {
                    double[] target = result[b];
                    double[] source = columns[a];
                    for (int i = 0; i < source.length; i++) {
                        target[i] += factor * source[i];
                    }
                }
            }
        }
        return new BlockColumns(block, firstRow, result);
    }

    /** {@code this - other * coefficients} ({@link #times}), column by column. */
    BlockColumns minus(BlockColumns other, double[][] coefficients) {
        BlockColumns subtracted = other.times(coefficients);
        double[][] result = new double[columns.length][];
        for (int c = 0; c < columns.length; c++) {
            result[c] = columns[c].clone();
            for (int i = 0; i < result[c].length; i++) {
                result[c][i] -= subtracted.columns[c][i];
            }
        }
        return new BlockColumns(block, firstRow, result);
    }

    /** {@code second} added into {@code first}, entry by entry; {@code first}, the sum. */
    static double[] added(double[] first, double[] second) {
        for (int i = 0; i < first.length; i++) {
            first[i] += second[i];
        }
        return first;
    }

    /** Every entry multiplied by {@code factor}. */
    BlockColumns scaled(double factor) {
        double[][] result = new double[columns.length][];
        for (int c = 0; c < columns.length; c++) {
            result[c] = columns[c].clone();
            for (int i = 0; i < result[c].length; i++) {
                result[c][i] *= factor;
            }
        }
        return new BlockColumns(block, firstRow, result);
    }
}
