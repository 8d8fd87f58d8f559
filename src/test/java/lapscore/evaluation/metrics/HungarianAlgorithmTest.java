package lapscore.evaluation.metrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** The Hungarian algorithm against brute force over every assignment of small random matrices. */
class HungarianAlgorithmTest {

    @Test
    void aSmallCaseByHand() {
        double[][] cost = {{4, 1, 3}, {2, 0, 5}, {3, 2, 2}};
        // 1 + 2 + 2 = 5 (rows 0-1, 1-0, 2-2) is the cheapest of the 6 permutations.
        assertArrayEquals(new int[]{1, 0, 2}, HungarianAlgorithm.minimumCostAssignment(cost));
    }

    @Test
    void matchesBruteForceOnRandomSquareAndRectangularMatrices() {
        Random random = new Random(7);
        for (int trial = 0; trial < 300; trial++) {
            int rows = 1 + random.nextInt(6);
            int columns = 1 + random.nextInt(6);
            double[][] cost = new double[rows][columns];
            for (double[] row : cost) {
                for (int j = 0; j < columns; j++) {
                    // Small integers make ties common, which the algorithm must survive too.
                    row[j] = trial % 2 == 0 ? random.nextInt(5) : random.nextDouble() * 100;
                }
            }
            int[] assignment = HungarianAlgorithm.minimumCostAssignment(cost);
            assertValid(assignment, rows, columns);
            assertEquals(bruteForce(cost, 0, new boolean[columns]), total(cost, assignment), 1e-9,
                    "trial " + trial + ", " + rows + " x " + columns);
        }
    }

    /** Every row gets a different column, and as many rows as there are columns (or all rows) get one. */
    private static void assertValid(int[] assignment, int rows, int columns) {
        assertEquals(rows, assignment.length);
        Set<Integer> used = new HashSet<>();
        for (int column : assignment) {
            if (column >= 0) {
                assertTrue(column < columns && used.add(column));
            }
        }
        assertEquals(Math.min(rows, columns), used.size());
    }

    private static double total(double[][] cost, int[] assignment) {
        double total = 0;
        for (int row = 0; row < assignment.length; row++) {
            total += assignment[row] >= 0 ? cost[row][assignment[row]] : 0;
        }
        return total;
    }

    /**
     * The least total cost of assigning min(rows, columns) rows to different columns, trying every
     * way: row {@code row} takes a free column, or (when rows outnumber the columns still to fill) none.
     */
    private static double bruteForce(double[][] cost, int row, boolean[] usedColumns) {
        if (row == cost.length) {
            return 0;
        }
        int freeColumns = 0;
        for (boolean used : usedColumns) {
            freeColumns += used ? 0 : 1;
        }
        double best = cost.length - row > freeColumns ? bruteForce(cost, row + 1, usedColumns) : Double.POSITIVE_INFINITY;
        for (int column = 0; column < usedColumns.length; column++) {
            if (!usedColumns[column]) {
                usedColumns[column] = true;
                best = Math.min(best, cost[row][column] + bruteForce(cost, row + 1, usedColumns));
                usedColumns[column] = false;
            }
        }
        return best;
    }
}
