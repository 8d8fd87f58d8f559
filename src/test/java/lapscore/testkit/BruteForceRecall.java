package lapscore.testkit;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.apache.spark.sql.Row;

/**
 * Recall@k of an approximate kNN graph computed by brute force, independently of the library: each
 * row's exact k nearest other rows by a plain double loop over all rows (Euclidean distance, ties
 * broken by the smaller row id, as the library breaks them), and recall is the share of those true
 * neighbours that the graph joins to the row by an edge. {@code rowSpread} is the standard deviation
 * of the rows' own recalls, from which the error of an estimate on a sample of rows follows.
 *
 * @param recall    the share of all rows' true k nearest neighbours present in the graph's edges
 * @param rowSpread the standard deviation over rows of each row's share
 */
public record BruteForceRecall(double recall, double rowSpread) {

    /**
     * The recall of {@code edges} (rows {@code src, dst, ...} with row ids from 0 as in {@code rows}, each
     * unordered edge once) for {@code k} neighbours of every row of {@code rows}.
     */
    public static BruteForceRecall of(double[][] rows, List<Row> edges, int k) {
        Set<Long> joined = new HashSet<>();
        for (Row edge : edges) {
            joined.add(pair(rows.length, edge.getLong(0), edge.getLong(1)));
        }
        double sum = 0.0;
        double sumOfSquares = 0.0;
        for (int row = 0; row < rows.length; row++) {
            int found = 0;
            for (int neighbour : nearest(rows, row, k)) {
                found += joined.contains(pair(rows.length, row, neighbour)) ? 1 : 0;
            }
            double share = (double) found / k;
            sum += share;
            sumOfSquares += share * share;
        }
        double mean = sum / rows.length;
        return new BruteForceRecall(mean, Math.sqrt(Math.max(0.0, sumOfSquares / rows.length - mean * mean)));
    }

    /**
     * How far an estimate from {@code sampleSize} rows drawn at random may lie from {@link #recall} by chance
     * alone: four standard errors of a sample mean.
     */
    public double samplingTolerance(int sampleSize) {
        return 4.0 * rowSpread / Math.sqrt(sampleSize);
    }

    /** The {@code k} rows nearest to {@code row} (itself excluded), nearest first, ties by the smaller row id. */
    private static int[] nearest(double[][] rows, int row, int k) {
        int[] best = new int[k];
        double[] bestDistances = new double[k];
        int kept = 0;
        for (int other = 0; other < rows.length; other++) {
            if (other == row) {
                continue;
            }
            double distance = DenseDistances.squared(rows[row], rows[other]);
            if (kept == k && distance >= bestDistances[k - 1]) {
                continue;
            }
            int at = kept < k ? kept++ : k - 1;
            while (at > 0 && bestDistances[at - 1] > distance) {
                best[at] = best[at - 1];
                bestDistances[at] = bestDistances[at - 1];
                at--;
            }
            best[at] = other;
            bestDistances[at] = distance;
        }
        return best;
    }

    private static long pair(int numRows, long a, long b) {
        return Math.min(a, b) * numRows + Math.max(a, b);
    }
}
