package lapscore.graph.search.approximate;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import lapscore.graph.distance.DistanceMeasure;
import lapscore.graph.kernel.CandidateHeaps;
import lapscore.graph.kernel.PackedRows;
import lapscore.graph.kernel.RowEmbedding;
import lapscore.graph.kernel.WorkingBlock;
import lapscore.graph.kernel.join.CandidateJoin;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.util.SizeEstimator;
import org.junit.jupiter.api.Test;

/**
 * The bytes per row that the default {@link ForestSettings#maxRowsPerTask} budgets, against what the
 * largest task of the search, a refinement round's batch, really holds for each of its rows,
 * measured by Spark's own {@link SizeEstimator} (what its memory store charges a cached object): the
 * delivered rows, packed ({@link PackedRows}), their working copy ({@link WorkingBlock}), the single-precision copy and
 * buffers of the joins ({@link CandidateJoin}), one offer heap per row, the rows' current K-th
 * distances, and the batch's candidates (up to K new and K old ids a row, as {@link Candidates}
 * keeps them). The budget may not be below the measure, nor far above it.
 */
class TaskRowBytesTest {

    @Test
    void theBudgetPerRowCoversWhatABatchHoldsPerRow() {
        for (int dims : new int[]{1, 10, 50, 784, 5000}) {
            for (int listSize : new int[]{15, 30, 60}) {
                int rows = 2000;
                double measured = (double) SizeEstimator.estimate(batch(rows, dims, listSize)) / rows;
                long budget = ForestSettings.bytesPerTaskRow(dims, listSize);
                assertTrue(budget >= measured && budget <= 1.5 * measured,
                        "d = " + dims + ", K = " + listSize + ": budget " + budget + " bytes a row, measured " + measured);
            }
        }
    }

    /** What a batch of {@code rows} rows of {@code dims} features holds while it joins, with lists of {@code listSize}. */
    private static Object[] batch(int rows, int dims, int listSize) {
        Random random = new Random(dims + listSize);
        long[] ids = new long[rows];
        Vector[] vectors = new Vector[rows];
        double[] kthSquared = new double[rows];
        for (int i = 0; i < rows; i++) {
            ids[i] = 7L * i;
            vectors[i] = Vectors.dense(random.doubles(dims).toArray());
            kthSquared[i] = random.nextDouble();
        }
        PackedRows delivered = PackedRows.of(ids, vectors);
        WorkingBlock points = delivered.working(new RowEmbedding(dims, DistanceMeasure.EUCLIDEAN, new double[dims], false));
        CandidateHeaps offers = new CandidateHeaps(rows, listSize);
        CandidateJoin join = new CandidateJoin(points, kthSquared, offers, 2 * listSize);
        long[] candidates = new long[rows * 2 * listSize];
        int[] candidateOffsets = new int[2 * (rows + 1)];
        return new Object[]{delivered, points, offers, join, kthSquared, candidates, candidateOffsets};
    }
}
