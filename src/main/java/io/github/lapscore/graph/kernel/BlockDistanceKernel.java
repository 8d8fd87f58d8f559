package io.github.lapscore.graph.kernel;

import dev.ludovic.netlib.blas.BLAS;
import io.github.lapscore.LinearAlgebra;

/**
 * All squared distances between two blocks, tile by tile, with one {@code dgemm} per tile:
 * {@code d^2(a_i, b_j) = ||a_i||^2 + ||b_j||^2 - 2 a_i . b_j}. Each column of a tile (one right row
 * against a run of left rows) goes to a {@link PairSink}: the k-best heaps of the kNN searches
 * ({@link #scan(WorkingBlock, WorkingBlock, CandidateHeaps, CandidateHeaps)}) or the radius filter of
 * the epsilon graph. Within one block (a == b) only pairs i &lt; j are visited, and tiles wholly below
 * the diagonal are skipped, so every unordered pair of rows is computed once.
 */
public final class BlockDistanceKernel {

    /** Rows of the left block per product. */
    public static final int TILE_ROWS = 512;
    /** Rows of the right block per product; a tile of products is TILE_ROWS x TILE_COLUMNS doubles (8 MiB). */
    public static final int TILE_COLUMNS = 2048;

    private BlockDistanceKernel() {
    }

    /** What is done with the squared distances of one right row to a run of left rows. */
    public interface PairSink {
        /**
         * {@code squared[offset + r]} is the squared distance of right row {@code j} to left row
         * {@code from + r}, for {@code from + r < to}; the array is reused for the next column.
         */
        void column(int j, int from, int to, double[] squared, int offset);
    }

    /**
     * Offers every pair's squared distance to both rows' heaps ({@code rightHeaps} may be null: only
     * the left rows collect candidates, as for the recall sample). A candidate no better than a row's
     * current k-th is rejected with one comparison. When both blocks carry labels, only pairs of the
     * same label are offered (the kNN graph within classes).
     */
    public static void scan(WorkingBlock left, WorkingBlock right, CandidateHeaps leftHeaps, CandidateHeaps rightHeaps) {
        double[] leftLabels = left.labels;
        double[] rightLabels = right.labels;
        boolean sameLabelOnly = leftLabels != null && rightLabels != null;
        scan(left, right, (j, from, to, squared, offset) -> {
            long rightId = right.ids[j];
            for (int i = from; i < to; i++) {
                if (sameLabelOnly && leftLabels[i] != rightLabels[j]) {
                    continue;
                }
                double distance = squared[offset + i - from];
                if (distance <= leftHeaps.worst[i]) {
                    leftHeaps.offer(i, rightId, distance);
                }
                if (rightHeaps != null && distance <= rightHeaps.worst[j]) {
                    rightHeaps.offer(j, left.ids[i], distance);
                }
            }
        });
    }

    /** Hands the squared distance of every pair (i in left, j in right; i &lt; j within one block) to {@code sink}. */
    public static void scan(WorkingBlock left, WorkingBlock right, PairSink sink) {
        BLAS blas = LinearAlgebra.blas();
        boolean sameBlock = left == right;
        int dim = left.dim;
        double[] products = new double[Math.min(TILE_ROWS, left.size) * Math.min(TILE_COLUMNS, right.size)];
        for (int j0 = 0; j0 < right.size; j0 += TILE_COLUMNS) {
            int columns = Math.min(TILE_COLUMNS, right.size - j0);
            for (int i0 = 0; i0 < left.size; i0 += TILE_ROWS) {
                if (sameBlock && i0 >= j0 + columns) {
                    break;
                }
                int rows = Math.min(TILE_ROWS, left.size - i0);
                blas.dgemm("T", "N", rows, columns, dim, 1.0, left.points, i0 * dim, dim,
                        right.points, j0 * dim, dim, 0.0, products, 0, rows);
                for (int c = 0; c < columns; c++) {
                    int j = j0 + c;
                    double rightNorm = right.squaredNorms[j];
                    int rowEnd = sameBlock ? Math.min(rows, j - i0) : rows;
                    int column = c * rows;
                    for (int r = 0; r < rowEnd; r++) {
                        products[column + r] = Math.max(0.0, left.squaredNorms[i0 + r] + rightNorm - 2.0 * products[column + r]);
                    }
                    if (rowEnd > 0) {
                        sink.column(j, i0, i0 + rowEnd, products, column);
                    }
                }
            }
        }
    }
}
