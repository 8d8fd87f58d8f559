package lapscore.data.blocks;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;

import lapscore.data.numerics.DataScale;
import lapscore.data.IndexedRows;
import lapscore.data.LabeledRow;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.linalg.Vector;

import scala.Tuple2;

/**
 * The rows of one block: ids {@code firstRow .. firstRow + size - 1}, as the user's vectors
 * (dense or sparse, unchanged unless their magnitude needs a {@link DataScale}), with their class labels when the fit has a label column. The blocks RDD has one partition per block, partition i holding
 * block i, so block pairs can be formed without moving data twice.
 */
public final class RowBlock implements Serializable {

    private final int index;
    private final long firstRow;
    private final Vector[] rows;
    private final double[] labels;

    RowBlock(int index, long firstRow, Vector[] rows, double[] labels) {
        this.index = index;
        this.firstRow = firstRow;
        this.rows = rows;
        this.labels = labels;
    }

    /** Block {@code index} of unlabelled rows: ids {@code firstRow .. firstRow + rows.length - 1}. */
    public static RowBlock of(int index, long firstRow, Vector[] rows) {
        return new RowBlock(index, firstRow, rows, null);
    }

    /** Ids of the rows, ascending: {@code firstRow .. firstRow + size - 1}, in a new array. */
    public long[] ids() {
        long[] ids = new long[rows.length];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = firstRow + i;
        }
        return ids;
    }

    /** The class labels of the rows in id order, as a new array; null when the block is not {@link #labelled()}. */
    public double[] labels() {
        return labels == null ? null : labels.clone();
    }

    /** Block {@code index} of rows with class labels {@code labels}, one per row. */
    public static RowBlock labelled(int index, long firstRow, Vector[] rows, double[] labels) {
        if (labels.length != rows.length) {
            throw new IllegalArgumentException("a labelled block needs one label per row: " + rows.length + " rows, " + labels.length + " labels");
        }
        return new RowBlock(index, firstRow, rows, labels);
    }

    /**
     * Cuts the rows into the blocks of {@code layout} with one shuffle and multiplies them by
     * {@code scale} (see {@link DataScale}), partition i holding block i; not cached (the caller caches
     * the blocks in its scope).
     */
    static JavaRDD<RowBlock> cut(IndexedRows rows, BlockLayout layout, DataScale scale) {
        boolean labelled = rows.labelColumn() != null;
        return rows.rows()
                .mapToPair(row -> new Tuple2<>(row._2(), row._1()))
                .partitionBy(new BlockPartitioner(layout))
                .mapPartitionsWithIndex((block, entries) -> assemble(layout, block, entries, labelled, scale), false);
    }

    private static Iterator<RowBlock> assemble(BlockLayout layout, int block, Iterator<Tuple2<Long, LabeledRow>> entries,
                                               boolean labelled, DataScale scale) {
        long first = layout.firstRow(block);
        Vector[] vectors = new Vector[layout.rowsIn(block)];
        double[] labels = labelled ? new double[vectors.length] : null;
        while (entries.hasNext()) {
            Tuple2<Long, LabeledRow> entry = entries.next();
            int local = (int) (entry._1() - first);
            vectors[local] = scale.apply(entry._2().vector());
            if (labelled) {
                labels[local] = entry._2().label();
            }
        }
        List<RowBlock> result = new ArrayList<>(1);
        result.add(new RowBlock(block, first, vectors, labels));
        return result.iterator();
    }

    /** The rows of {@code blocks} as (row, id) pairs, each with its label. */
    public static JavaPairRDD<LabeledRow, Long> labeledRows(JavaRDD<RowBlock> blocks) {
        return blocks.flatMapToPair(block -> {
            List<Tuple2<LabeledRow, Long>> rows = new ArrayList<>(block.size());
            for (int i = 0; i < block.size(); i++) {
                rows.add(new Tuple2<>(new LabeledRow(block.row(i), block.label(i)), block.firstRow() + i));
            }
            return rows.iterator();
        });
    }

    /** Block number. */
    public int index() {
        return index;
    }

    /** Id of the first row. */
    public long firstRow() {
        return firstRow;
    }

    /** Number of rows. */
    public int size() {
        return rows.length;
    }

    /** The block's vectors in id order. */
    public List<Vector> vectors() {
        return Arrays.asList(rows);
    }

    /** The vector of the row with local position {@code local} (id {@code firstRow + local}). */
    public Vector row(int local) {
        return rows[local];
    }

    /** Whether the rows carry class labels. */
    public boolean labelled() {
        return labels != null;
    }

    /** The class label of the row with local position {@code local}; the block must be {@link #labelled()}. */
    public double label(int local) {
        return labels[local];
    }

    /**
     * Whether a row of this block and a row of {@code other} may have the same label: always when
     * the blocks carry no labels, else when their label ranges overlap (rows ordered by label, as for
     * the large classes of the Local Kernel Regression score, give blocks of few classes each).
     */
    public boolean sharesALabelWith(RowBlock other) {
        if (labels == null || other.labels == null || labels.length == 0 || other.labels.length == 0) {
            return true;
        }
        return Arrays.stream(labels).min().getAsDouble() <= Arrays.stream(other.labels).max().getAsDouble()
                && Arrays.stream(other.labels).min().getAsDouble() <= Arrays.stream(labels).max().getAsDouble();
    }

    /** The vector of the row with id {@code id}, which must lie in this block. */
    public Vector rowById(long id) {
        return rows[(int) (id - firstRow)];
    }
}
