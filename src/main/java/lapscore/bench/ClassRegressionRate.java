package lapscore.bench;

import java.util.SplittableRandom;

import lapscore.scoring.LocalRegression;

/**
 * Measures, on one thread, the two ways to make the supervised Local Kernel Regression score's
 * regressions of one class of n rows (every row on all other rows of its class, Cheung and Zeng
 * 2009, eq. 6): one factorisation of the class's kernel matrix read with the leave-one-out identity
 * ({@link LocalRegression#leaveOneOutResiduals}, O(n^3 + n^2 d)), against n separate solves of size
 * n - 1 ({@link LocalRegression#coefficients}, O(n^4)), on the same random class, and how far their
 * residuals differ.
 *
 * @param rows                  n
 * @param leaveOneOutSeconds    seconds of the factorisation and the residuals of all rows
 * @param separateSolvesSeconds seconds of the n solves and the residuals of all rows
 * @param largestDifference     largest difference of a residual, relative to the largest residual
 */
public record ClassRegressionRate(int rows, double leaveOneOutSeconds, double separateSolvesSeconds, double largestDifference) {

    /** Times both on a random class of {@code rows} points of {@code dim} dimensions, features the points themselves. */
    public static ClassRegressionRate measure(int rows, int dim, double h, double lambda) {
        SplittableRandom random = new SplittableRandom(7);
        double[] points = new double[rows * dim];
        for (int p = 0; p < points.length; p++) {
            points[p] = random.nextDouble() * 2.0 - 1.0;
        }
        long start = System.nanoTime();
        double[] leaveOneOut = LocalRegression.leaveOneOutResiduals(points, dim, points, dim, h, lambda);
        double leaveOneOutSeconds = (System.nanoTime() - start) / 1e9;

        start = System.nanoTime();
        double[] separate = new double[rows * dim];
        double[] centre = new double[dim];
        double[] others = new double[(rows - 1) * dim];
        for (int i = 0; i < rows; i++) {
            System.arraycopy(points, i * dim, centre, 0, dim);
            System.arraycopy(points, 0, others, 0, i * dim);
            System.arraycopy(points, (i + 1) * dim, others, i * dim, (rows - 1 - i) * dim);
            double[] beta = LocalRegression.coefficients(centre, others, h, lambda);
            for (int r = 0; r < dim; r++) {
                double estimate = 0.0;
                for (int n = 0; n < rows - 1; n++) {
                    estimate += beta[n] * others[n * dim + r];
                }
                separate[i * dim + r] = centre[r] - estimate;
            }
        }
        double separateSeconds = (System.nanoTime() - start) / 1e9;

        double largest = 0.0;
        double difference = 0.0;
        for (int p = 0; p < separate.length; p++) {
            largest = Math.max(largest, Math.abs(separate[p]));
            difference = Math.max(difference, Math.abs(separate[p] - leaveOneOut[p]));
        }
        return new ClassRegressionRate(rows, leaveOneOutSeconds, separateSeconds, difference / largest);
    }
}
