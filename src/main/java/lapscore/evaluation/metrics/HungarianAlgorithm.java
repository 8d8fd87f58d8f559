package lapscore.evaluation.metrics;

import java.util.Arrays;

/**
 * The Kuhn-Munkres (Hungarian) algorithm: the assignment of rows to columns of a cost matrix
 * with the smallest total cost, each row to a different column (H. W. Kuhn, "The Hungarian method
 * for the assignment problem", Naval Research Logistics Quarterly 2, 1955; J. Munkres,
 * "Algorithms for the assignment and transportation problems", J. SIAM 5, 1957).
 *
 * <p>This is the shortest-augmenting-path form with row and column potentials {@code u}, {@code v}
 * (reduced cost {@code c_ij - u_i - v_j >= 0}): each row in turn is added by growing a tree of
 * tight edges from it, raising the potentials by the smallest reduced cost that reaches a new
 * column, until a free column is reached, then flipping the path. O(n^2 m) for n rows and m >= n
 * columns, so O(n^3) for square matrices. A matrix with more rows than columns is solved on its
 * transpose: then some rows stay unassigned. He, Cai and Niyogi ("Laplacian Score for Feature
 * Selection", NIPS 2005, eq. 6) use it to map clusters to classes; see {@link ClusteringAccuracy}.
 */
public final class HungarianAlgorithm {

    private HungarianAlgorithm() {
    }

    /**
     * The cheapest assignment of {@code cost} (rows x columns, finite values): entry i is the column
     * assigned to row i, or -1 when there are more rows than columns and row i got none.
     */
    public static int[] minimumCostAssignment(double[][] cost) {
        int rows = cost.length;
        int columns = rows == 0 ? 0 : cost[0].length;
        if (rows > columns) {
            int[] columnToRow = minimumCostAssignment(transpose(cost, columns));
            int[] rowToColumn = new int[rows];
            Arrays.fill(rowToColumn, -1);
            for (int column = 0; column < columns; column++) {
                rowToColumn[columnToRow[column]] = column;
            }
            return rowToColumn;
        }
        // 1-based arrays; column 0 is a virtual column holding the row being added.
        double[] u = new double[rows + 1];
        double[] v = new double[columns + 1];
        int[] rowOfColumn = new int[columns + 1];
        int[] previousColumn = new int[columns + 1];
        for (int row = 1; row <= rows; row++) {
            rowOfColumn[0] = row;
            int column = 0;
            double[] slack = new double[columns + 1];
            Arrays.fill(slack, Double.POSITIVE_INFINITY);
            boolean[] inTree = new boolean[columns + 1];
            do {
                inTree[column] = true;
                int treeRow = rowOfColumn[column];
                double delta = Double.POSITIVE_INFINITY;
                int next = -1;
                for (int j = 1; j <= columns; j++) {
                    if (!inTree[j]) {
                        double reduced = cost[treeRow - 1][j - 1] - u[treeRow] - v[j];
                        if (reduced < slack[j]) {
                            slack[j] = reduced;
                            previousColumn[j] = column;
                        }
                        if (slack[j] < delta) {
                            delta = slack[j];
                            next = j;
                        }
                    }
                }
                for (int j = 0; j <= columns; j++) {
                    if (inTree[j]) {
                        u[rowOfColumn[j]] += delta;
                        v[j] -= delta;
                    } else {
                        slack[j] -= delta;
                    }
                }
                column = next;
            } while (rowOfColumn[column] != 0);
            while (column != 0) {
                int previous = previousColumn[column];
                rowOfColumn[column] = rowOfColumn[previous];
                column = previous;
            }
        }
        int[] rowToColumn = new int[rows];
        for (int j = 1; j <= columns; j++) {
            if (rowOfColumn[j] != 0) {
                rowToColumn[rowOfColumn[j] - 1] = j - 1;
            }
        }
        return rowToColumn;
    }

    private static double[][] transpose(double[][] matrix, int columns) {
        double[][] transposed = new double[columns][matrix.length];
        for (int i = 0; i < matrix.length; i++) {
            for (int j = 0; j < columns; j++) {
                transposed[j][i] = matrix[i][j];
            }
        }
        return transposed;
    }
}
