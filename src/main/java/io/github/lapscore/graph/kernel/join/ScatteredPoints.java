package io.github.lapscore.graph.kernel.join;

import java.util.Arrays;

import io.github.lapscore.data.blocks.RowPositions;
import io.github.lapscore.graph.kernel.WorkingBlock;

/**
 * The points of named rows, ids in ascending order, read where they lie: each in the working block
 * that holds it, at its position there. A batch of NN-descent's local joins names rows of many
 * cells, each a working block cached for the whole search; it reads their points in place rather
 * than copying each into a block of its own, which cost as much as the joins' exact distances at
 * 784 features (8 d bytes a row, for every batch that names it). The exact distances and cosines
 * are the source blocks' own ({@link WorkingBlock#squaredDistance}, {@link WorkingBlock#cosine}),
 * the same numbers to the last bit as those of a copy. O(n) memory for n rows besides the sources.
 */
public final class ScatteredPoints {

    /** The rows' ids, ascending. */
    public final long[] ids;
    /** How many rows. */
    public final int size;
    private final WorkingBlock[] sources;
    private final int[] positions;
    private final RowPositions idPositions;
    private final double largestMagnitude;

    private ScatteredPoints(long[] ids, WorkingBlock[] sources, int[] positions) {
        this.ids = ids;
        this.size = ids.length;
        this.sources = sources;
        this.positions = positions;
        this.idPositions = new RowPositions(ids);
        double largest = 0.0;
        for (int i = 0; i < size; i++) {
            if (i == 0 || sources[i] != sources[i - 1]) {
                largest = Math.max(largest, sources[i].largestMagnitude());
            }
        }
        this.largestMagnitude = largest;
    }

    /** Every row of {@code block}, where it lies. */
    public static ScatteredPoints of(WorkingBlock block) {
        WorkingBlock[] sources = new WorkingBlock[block.size];
        Arrays.fill(sources, block);
        int[] positions = new int[block.size];
        Arrays.setAll(positions, i -> i);
        return new ScatteredPoints(block.ids, sources, positions);
    }

    /**
     * Rows {@code ids}, strictly ascending, row {@code ids[i]} read from {@code sources[i]}, which
     * must hold it (working blocks of one embedding, all keeping cosines or none).
     */
    public static ScatteredPoints of(long[] ids, WorkingBlock[] sources) {
        WorkingBlock.requireAscending(ids, "scattered points");
        int[] positions = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            positions[i] = sources[i].positionOf(ids[i]);
            if (positions[i] < 0) {
                throw new IllegalStateException("row " + ids[i] + " is not in the working block given for it");
            }
        }
        return new ScatteredPoints(ids, sources, positions);
    }

    /** Position of row {@code id} among these rows, -1 when there is no such row. */
    public int positionOf(long id) {
        return idPositions.of(id);
    }

    /** Dimension of the points. */
    public int dim() {
        return size == 0 ? 0 : sources[0].dim();
    }

    /** Whether the source blocks keep what the raw rows' cosines need ({@link #cosine}). */
    public boolean keepsCosines() {
        return size > 0 && sources[0].keepsCosines();
    }

    /**
     * An upper bound on the magnitude of any coordinate of any of these points: the largest of
     * their source blocks', for the single-precision screen's scale.
     */
    double largestMagnitude() {
        return largestMagnitude;
    }

    /** Point {@code i}'s array: its source block's points, where it starts at {@link #offset}. */
    double[] array(int i) {
        return sources[i].points;
    }

    /** Where point {@code i} starts in {@link #array}. */
    int offset(int i) {
        return positions[i] * sources[i].dim();
    }

    /** Point {@code i}'s position in the working block that holds it. */
    int position(int i) {
        return positions[i];
    }

    /** {@code ||p_i - centre||^2}. */
    double squaredNorm(int i) {
        return sources[i].squaredNorm(positions[i]);
    }

    /** The exact squared distance of points {@code a} and {@code b} ({@link WorkingBlock#squaredDistance}). */
    public double squaredDistance(int a, int b) {
        return sources[a].squaredDistance(positions[a], sources[b], positions[b]);
    }

    /** {@link WorkingBlock#squaredDistanceEstimate} of points {@code a} and {@code b}. */
    double squaredDistanceEstimate(int a, int b) {
        return sources[a].squaredDistanceEstimate(positions[a], sources[b], positions[b]);
    }

    /** {@link WorkingBlock#estimateSlack} of points {@code a} and {@code b}. */
    double estimateSlack(int a, int b) {
        return sources[a].estimateSlack(positions[a], sources[b], positions[b]);
    }

    /** Cosine of the raw rows {@code a} and {@code b} from their exact squared distance ({@link WorkingBlock#cosine}). */
    public double cosine(int a, int b, double squaredDistance) {
        return sources[a].cosine(positions[a], sources[b], positions[b], squaredDistance);
    }
}
