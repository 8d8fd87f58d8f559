package io.github.lapscore.graph.kernel.join;

import java.io.Serializable;

import io.github.lapscore.graph.kernel.SinglePrecisionBound;
import io.github.lapscore.graph.kernel.WorkingBlock;

/**
 * A working block's points rounded once to single precision, for the screens of NN-descent's local
 * joins ({@link CandidateJoin}), at a scale that every block of one search shares: a batch of joins
 * that names rows of many blocks then screens them where they lie, as {@link ScatteredPoints} reads
 * their exact points, instead of rounding its own copy of every row it names, O(n d) per batch of
 * n named rows, where a round's batches name every row many times over. Rounding at a power-of-two
 * scale taken from an upper bound of every block's magnitudes gives the values and bound of
 * {@link SinglePrecisionBound}, whichever blocks a batch names, so the screen, like a copy's, drops
 * only pairs that the exact distances would, and the offers are the same. Point i of the block lies
 * at {@code i * stride}, padded with zeros to a whole number of the processor's widest vectors,
 * beside its reduced squared norm: {@code 4 (d + padding + 1)} bytes a row. Made and read in one JVM
 * (the padding is this processor's), by the search in local mode, where the blocks are cached.
 */
public final class SinglePrecisionBlock implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The upper bound of every point's magnitude that the scale comes from. */
    final double largest;
    final int dim;
    /** Floats per point. */
    final int stride;
    final float[] values;
    final float[] norms;

    private SinglePrecisionBlock(double largest, int dim, int stride, float[] values, float[] norms) {
        this.largest = largest;
        this.dim = dim;
        this.stride = stride;
        this.values = values;
        this.norms = norms;
    }

    /**
     * {@code block}'s points rounded at the scale of {@code largest}, an upper bound of the
     * magnitudes of every point of every block that one batch of joins may name (the largest
     * {@link WorkingBlock#largestMagnitude} of a search's blocks).
     */
    public static SinglePrecisionBlock of(WorkingBlock block, double largest) {
        if (!(block.largestMagnitude() <= largest)) {
            throw new IllegalArgumentException("a block whose largest magnitude is " + block.largestMagnitude()
                    + " cannot be rounded at the scale of " + largest);
        }
        int dim = block.dim();
        SinglePrecisionBound bound = new SinglePrecisionBound(dim, largest);
        int stride = SinglePrecisionPoints.stride(dim);
        float[] values = new float[Math.multiplyExact(block.size, stride)];
        float[] norms = new float[block.size];
        for (int i = 0; i < block.size; i++) {
            SinglePrecisionPoints.round(bound, block.points, i * dim, dim, values, i * stride);
            norms[i] = bound.reducedNorm(block.squaredNorm(i));
        }
        return new SinglePrecisionBlock(largest, dim, stride, values, norms);
    }
}
