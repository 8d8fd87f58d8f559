package lapscore.testkit;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/** Distances between rows and nearest neighbours found the plain way, for the dense references. */
public final class DenseDistances {

    private DenseDistances() {
    }

    /** The squared Euclidean distance ||a - b||^2, summed term by term. O(d). */
    public static double squared(double[] a, double[] b) {
        double sum = 0;
        for (int t = 0; t < a.length; t++) {
            sum += (a[t] - b[t]) * (a[t] - b[t]);
        }
        return sum;
    }

    /** The m x m matrix of squared Euclidean distances ||x_i - x_j||^2 of every pair of rows. O(m^2 d). */
    public static double[][] squared(double[][] x) {
        int m = x.length;
        double[][] distances = new double[m][m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                distances[i][j] = squared(x[i], x[j]);
            }
        }
        return distances;
    }

    /**
     * The {@code k} rows other than {@code row} nearest to it by {@code squaredDistances}, nearest first,
     * ties by the lower index; found by sorting all m - 1 others, O(m log m).
     */
    public static int[] nearestOthers(double[][] squaredDistances, int row, int k) {
        Integer[] others = IntStream.range(0, squaredDistances.length).filter(j -> j != row).boxed().toArray(Integer[]::new);
        Arrays.sort(others, Comparator.<Integer>comparingDouble(j -> squaredDistances[row][j]).thenComparingInt(j -> j));
        return Arrays.stream(others).limit(k).mapToInt(Integer::intValue).toArray();
    }
}
