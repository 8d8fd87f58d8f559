package io.github.lapscore.graph.kernel;

import dev.ludovic.netlib.blas.BLAS;

/**
 * All squared distances between two blocks, tile by tile, with one {@code dgemm} per tile:
 * {@code d^2(a_i, b_j) = ||a_i||^2 + ||b_j||^2 - 2 a_i . b_j}. Each distance is
 * offered to the heaps of both of its rows; a candidate no better than a row's current k-th is
 * rejected with one comparison. Within one block (a == b) only pairs i < j are visited, and tiles
 * wholly below the diagonal are skipped, so every unordered pair of rows is computed once. Without
 * right heaps, only the left rows collect candidates (recall sampling).
 */
public final class BlockDistanceKernel {

    /** Rows of the left block per product. */
    public static final int TILE_ROWS = 512;
    /** Rows of the right block per product; a tile of products is TILE_ROWS x TILE_COLUMNS doubles (8 MiB). */
    public static final int TILE_COLUMNS = 2048;

    private BlockDistanceKernel() {
    }

    /** Offers every pair's squared distance to both rows' heaps; {@code rightHeaps} may be null. */
    public static void scan(WorkingBlock left, WorkingBlock right, CandidateHeaps leftHeaps, CandidateHeaps rightHeaps) {
        BLAS blas = BLAS.getInstance();
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
                    long rightId = right.ids[j];
                    int rowEnd = sameBlock ? Math.min(rows, j - i0) : rows;
                    int column = c * rows;
                    for (int r = 0; r < rowEnd; r++) {
                        int i = i0 + r;
                        double squared = Math.max(0.0, left.squaredNorms[i] + rightNorm - 2.0 * products[column + r]);
                        if (squared <= leftHeaps.worst[i]) {
                            leftHeaps.offer(i, rightId, squared);
                        }
                        if (rightHeaps != null && squared <= rightHeaps.worst[j]) {
                            rightHeaps.offer(j, left.ids[i], squared);
                        }
                    }
                }
            }
        }
    }
}
