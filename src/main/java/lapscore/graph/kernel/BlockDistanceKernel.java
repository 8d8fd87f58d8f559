package lapscore.graph.kernel;

import dev.ludovic.netlib.blas.BLAS;
import lapscore.LinearAlgebra;
import lapscore.graph.distance.SquaredDistance;

/**
 * All pairs of rows of two blocks. The epsilon graph's radius filter takes every pair's squared
 * distance, tile by tile with one {@code dgemm} per tile:
 * {@code d^2(a_i, b_j) = ||a_i||^2 + ||b_j||^2 - 2 a_i . b_j}, each column of a tile (one right row
 * against a run of left rows) going to a {@link PairSink}. The kNN searches' scan
 * ({@link #scan(WorkingBlock, WorkingBlock, CandidateHeaps, CandidateHeaps)}) screens the pairs and
 * measures exactly only those that may enter a row's k best. Within one block (a == b) only pairs
 * i &lt; j are visited, and tiles wholly below the diagonal are skipped, so every unordered pair of
 * rows is met once.
 */
public final class BlockDistanceKernel {

    /** Rows of the left block per product. */
    public static final int TILE_ROWS = 512;
    /** Rows of the right block per product; a tile of products is TILE_ROWS x TILE_COLUMNS doubles (8 MiB). */
    public static final int TILE_COLUMNS = 2048;
    /** Whether the nearest-neighbour scans screen pairs in single precision: the JVM has Java's Vector API. */
    public static final boolean SINGLE_PRECISION_SCREEN = SquaredDistance.VECTOR_API;

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
     * Offers pairs of rows to both rows' heaps ({@code rightHeaps} may be null: only the left rows
     * collect candidates, as for the recall sample), keyed by their exact squared distance
     * ({@link PairOffers}), so that each heap ends with its row's k nearest rows by that distance,
     * ties by row id. A pair is measured exactly only when a screen says it may enter a heap: in
     * single precision when the JVM has Java's Vector API ({@link SinglePrecisionScreen}), else by
     * the {@code dgemm} estimate less its rounding bound ({@link WorkingBlock#estimateSlack}). Both
     * screens keep every pair that could enter, so the heaps are the same with either. When both
     * blocks carry labels, only pairs of the same label are offered (the kNN graph within classes).
     */
    public static void scan(WorkingBlock left, WorkingBlock right, CandidateHeaps leftHeaps, CandidateHeaps rightHeaps) {
        scan(left, right, leftHeaps, rightHeaps, SINGLE_PRECISION_SCREEN);
    }

    /** {@link #scan(WorkingBlock, WorkingBlock, CandidateHeaps, CandidateHeaps)} with the screen chosen: for tests and the benchmark. */
    public static void scan(WorkingBlock left, WorkingBlock right, CandidateHeaps leftHeaps, CandidateHeaps rightHeaps,
                            boolean singlePrecision) {
        PairOffers<WorkingBlock> offers = new PairOffers<>(left, right, leftHeaps, rightHeaps);
        if (singlePrecision && SINGLE_PRECISION_SCREEN) {
            SinglePrecisionScreen.scan(offers);
            return;
        }
        scan(left, right, PairOffers.screenedBySlack(offers));
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
