package lapscore.graph.kernel;

import java.util.Arrays;

import dev.ludovic.netlib.blas.BLAS;
import lapscore.LinearAlgebra;
import lapscore.data.blocks.PackedVectors;
import lapscore.data.blocks.RowBlock;
import lapscore.data.blocks.RowPositions;
import lapscore.graph.distance.SquaredDistance;
import org.apache.spark.ml.linalg.Vector;

/**
 * A group of rows as the distance kernel needs it, with their ids in ascending order: the rows of a
 * {@link RowBlock}, a leaf of a random-projection tree, or the rows sampled for recall. It holds the
 * points of its rows, minus a common centre, as one dense row-major
 * {@code size x dim} array (read by BLAS as a column-major {@code dim x size} matrix), their squared
 * norms, and, when its embedding keeps cosines ({@link RowEmbedding#withCosines}), what the raw
 * rows' cosines need: every point's dot product with the centre and the length of the uncentred
 * point, so that the rows' vectors themselves need not be kept (a search that gathers most of the
 * data into one task holds one copy of it, not two). Built inside a task and thrown away after it.
 */
public final class WorkingBlock implements BlockPoints<WorkingBlock> {

    private static final BLAS BLAS = LinearAlgebra.blas();

    public final long[] ids;
    public final int size;
    final int dim;
    public final double[] points;
    final double[] squaredNorms;
    /** {@code c . p_i}: the centre's dot product with every point; null when the block keeps no cosines. */
    final double[] centreDots;
    /** {@code ||c||^2}. */
    final double centreSquared;
    /**
     * {@code ||p_i + c||}: the length of the uncentred point, the raw row's for Euclidean distance, 1
     * for cosine; null when the block keeps no cosines.
     */
    final double[] uncentredNorms;
    /** The largest magnitude of any coordinate of any point, for the single-precision screens' scale. */
    final double largestMagnitude;
    /** Class labels of the rows when the search stays within classes, else null. */
    final double[] labels;
    /** Where each row lies in this block. */
    private final RowPositions positions;

    private WorkingBlock(long[] ids, RowReader rows, double[] labels, RowEmbedding embedding) {
        double[] centre = embedding.centre();
        this.ids = ids;
        this.labels = labels;
        this.size = ids.length;
        this.dim = embedding.numFeatures();
        this.points = new double[size * dim];
        this.squaredNorms = new double[size];
        this.centreDots = embedding.withCosines() ? new double[size] : null;
        this.uncentredNorms = embedding.withCosines() ? new double[size] : null;
        double centreNorm = 0.0;
        for (double value : centre) {
            centreNorm += value * value;
        }
        this.centreSquared = centreNorm;
        double largest = 0.0;
        for (int i = 0; i < size; i++) {
            int row = i;
            rows.read(i, (indices, values, from, to) -> {
                double rawNorm = embedding.embed(indices, values, from, to, points, row * dim);
                if (uncentredNorms != null) {
                    uncentredNorms[row] = rawNorm;
                }
            });
            double squared = 0.0;
            double centreDot = 0.0;
            for (int t = 0; t < dim; t++) {
                double value = points[i * dim + t];
                squared += value * value;
                centreDot += centre[t] * value;
                largest = Math.max(largest, Math.abs(value));
            }
            squaredNorms[i] = squared;
            if (centreDots != null) {
                centreDots[i] = centreDot;
            }
        }
        this.largestMagnitude = largest;
        this.positions = new RowPositions(ids);
    }

    /** Where a working block reads its rows from: row i's stored values, handed to a reader. */
    @FunctionalInterface
    private interface RowReader {
        void read(int i, PackedVectors.StoredValues reader);
    }

    /**
     * The rows of {@code block}; with their labels when the block carries them, so that the kNN
     * search keeps to rows of the same label.
     */
    public static WorkingBlock of(RowBlock block, RowEmbedding embedding) {
        return new WorkingBlock(block.ids(), (i, reader) -> PackedVectors.read(block.row(i), reader), block.labels(), embedding);
    }

    /** The rows {@code ids}, which must be strictly ascending, with their vectors. */
    public static WorkingBlock of(long[] ids, Vector[] vectors, RowEmbedding embedding) {
        requireAscending(ids, "a working block");
        return new WorkingBlock(ids, (i, reader) -> PackedVectors.read(vectors[i], reader), null, embedding);
    }

    /** Packed rows, embedded straight from their arrays. */
    public static WorkingBlock of(PackedRows rows, RowEmbedding embedding) {
        return new WorkingBlock(rows.ids(), rows.vectors()::read, null, embedding);
    }

    /**
     * Throws an {@link IllegalStateException} naming {@code what} unless {@code ids} are strictly
     * ascending, as every group of rows the kernel reads must be.
     */
    public static void requireAscending(long[] ids, String what) {
        for (int i = 1; i < ids.length; i++) {
            if (ids[i] <= ids[i - 1]) {
                throw new IllegalStateException("row ids of " + what + " must ascend, got " + ids[i - 1] + " before " + ids[i]);
            }
        }
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public long[] ids() {
        return ids;
    }

    @Override
    public double[] labels() {
        return labels;
    }

    /** Every pair's squared distance by one {@code dgemm} per tile ({@link BlockDistanceKernel#scan(WorkingBlock, WorkingBlock, BlockDistanceKernel.PairSink)}). */
    @Override
    public void distances(WorkingBlock right, BlockDistanceKernel.PairSink sink) {
        BlockDistanceKernel.scan(this, right, sink);
    }

    /** The screened scan of {@link BlockDistanceKernel#scan(WorkingBlock, WorkingBlock, CandidateHeaps, CandidateHeaps)}. */
    @Override
    public void nearest(WorkingBlock right, CandidateHeaps leftHeaps, CandidateHeaps rightHeaps) {
        BlockDistanceKernel.scan(this, right, leftHeaps, rightHeaps);
    }

    /** Whether this block keeps what the raw rows' cosines need ({@link #cosine}). */
    @Override
    public boolean keepsCosines() {
        return centreDots != null;
    }

    /** Dimension of the points. */
    public int dim() {
        return dim;
    }

    /** The largest magnitude of any coordinate of any point of this block. */
    public double largestMagnitude() {
        return largestMagnitude;
    }

    /** {@code ||p_i - centre||^2} of row {@code i}. */
    public double squaredNorm(int i) {
        return squaredNorms[i];
    }

    /** {@code sum_i ||p_i - centre||^2} over the rows of this block. */
    @Override
    public double squaredDeviation() {
        double sum = 0.0;
        for (double squared : squaredNorms) {
            sum += squared;
        }
        return sum;
    }

    /** Point {@code i} (the row minus the centre), copied. */
    @Override
    public double[] point(int i) {
        return Arrays.copyOfRange(points, i * dim, (i + 1) * dim);
    }

    /** Whether every point of this block equals {@code point} in every coordinate: an exact test, no rounding. */
    @Override
    public boolean allPointsEqual(double[] point) {
        for (int i = 0; i < size; i++) {
            for (int t = 0; t < dim; t++) {
                if (points[i * dim + t] != point[t]) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Position of row {@code id} in this block, -1 when it holds no such row ({@link RowPositions}). */
    @Override
    public int positionOf(long id) {
        return positions.of(id);
    }

    /**
     * Exact squared Euclidean distance between point {@code i} of this block and point {@code j} of
     * {@code other} ({@link SquaredDistance}): the same number on every processor and in either
     * order, to the last bit.
     */
    @Override
    public double squaredDistance(int i, WorkingBlock other, int j) {
        return SquaredDistance.of(points, i * dim, other.points, j * other.dim, dim);
    }

    /**
     * {@code ||p_i||^2 + ||p_j||^2 - 2 p_i.p_j} for point {@code i} of this block and point {@code j} of
     * {@code other}: the squared distance as the distance kernel computes it, the dot product by
     * the BLAS's {@code ddot} (with Java's vector instructions, when the JVM has them, about twice
     * as fast as a plain loop on rows of 50 or 784 values read at random). It screens candidates
     * (rounding can differ from {@link #squaredDistance}'s in the last bits); the distances kept are
     * recomputed by {@link #squaredDistance}.
     */
    public double squaredDistanceEstimate(int i, WorkingBlock other, int j) {
        double dot = BLAS.ddot(dim, points, i * dim, 1, other.points, j * other.dim, 1);
        return Math.max(0.0, squaredNorms[i] + other.squaredNorms[j] - 2.0 * dot);
    }

    /**
     * A bound on how far {@link #squaredDistanceEstimate} of points {@code i} and {@code j} can be
     * from {@link #squaredDistance}: {@code 8 u d (||p_i||^2 + ||p_j||^2)} for unit roundoff
     * {@code u} and dimension d, well above the rounding of either sum, so that a screen by the
     * estimate minus this never rejects a pair whose exact distance passes.
     */
    @Override
    public double estimateSlack(int i, WorkingBlock other, int j) {
        return 8.0 * Math.ulp(1.0) * dim * (squaredNorms[i] + other.squaredNorms[j]);
    }

    /**
     * Cosine of the raw rows {@code i} of this block and {@code j} of {@code other}, from their
     * exact {@link #squaredDistance} {@code d^2} and numbers kept per point, without reading the
     * points again: with {@code u = p + c} the uncentred points (the raw rows for Euclidean
     * distance, the rows over their lengths for cosine),
     * {@code u_i . u_j = (||p_i||^2 + ||p_j||^2 - d^2) / 2 + (c . p_i + c . p_j) + ||c||^2} over
     * {@code ||u_i|| ||u_j||}. Each sum pairs the two points' numbers alike, so the cosine of (j, i)
     * is the cosine of (i, j) to the last bit. Not a number when either row is zero, or when this
     * block or {@code other} keeps no cosines ({@link #keepsCosines}).
     */
    @Override
    public double cosine(int i, WorkingBlock other, int j, double squaredDistance) {
        if (!keepsCosines() || !other.keepsCosines()) {
            return Double.NaN;
        }
        if (uncentredNorms[i] == 0.0 || other.uncentredNorms[j] == 0.0) {
            return Double.NaN;
        }
        double dot = 0.5 * ((squaredNorms[i] + other.squaredNorms[j]) - squaredDistance);
        return (dot + (centreDots[i] + other.centreDots[j]) + centreSquared) / (uncentredNorms[i] * other.uncentredNorms[j]);
    }
}
