package lapscore.bench;

import java.util.SplittableRandom;

import dev.ludovic.netlib.blas.BLAS;
import lapscore.LinearAlgebra;
import lapscore.graph.distance.DistanceMeasure;
import lapscore.graph.kernel.BlockDistanceKernel;
import lapscore.graph.kernel.CandidateHeaps;
import lapscore.graph.kernel.RowEmbedding;
import lapscore.graph.kernel.WorkingBlock;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;

/**
 * Measures, on one thread, the exact kNN search's kernel ({@link BlockDistanceKernel}'s scan of two
 * blocks into top-k heaps: screen, exact distances of the pairs that pass, heaps) with each of its
 * two screens, against a plain {@code dgemm} of exactly the same tile shapes, so the benchmark can
 * say how the kernel's speed compares with BLAS speed.
 *
 * @param kernelGflops       useful flops ({@code 2 d} per pair of rows) per second of the kernel as
 *                           this JVM runs it: single-precision screen when it has the Vector API
 * @param doubleScreenGflops the same with the {@code dgemm} screen
 * @param dgemmGflops        flops per second of the bare products
 * @param singlePrecision    whether {@code kernelGflops} is the single-precision screen's
 */
public record KernelRate(double kernelGflops, double doubleScreenGflops, double dgemmGflops, boolean singlePrecision) {

    /** Runs all three on two random blocks of {@code rows x dim} for at least {@code seconds} each. */
    public static KernelRate measure(int rows, int dim, int k, double seconds) {
        SplittableRandom random = new SplittableRandom(42);
        WorkingBlock left = randomBlock(rows, dim, 0, random);
        WorkingBlock right = randomBlock(rows, dim, rows, random);
        double flopsPerScan = 2.0 * dim * rows * rows;
        double kernel = rate(flopsPerScan, seconds, () -> BlockDistanceKernel.scan(left, right,
                new CandidateHeaps(rows, k), new CandidateHeaps(rows, k)));
        double doubleScreen = rate(flopsPerScan, seconds, () -> BlockDistanceKernel.scan(left, right,
                new CandidateHeaps(rows, k), new CandidateHeaps(rows, k), false));
        BLAS blas = LinearAlgebra.blas();
        int tileRows = Math.min(BlockDistanceKernel.TILE_ROWS, rows);
        int tileColumns = Math.min(BlockDistanceKernel.TILE_COLUMNS, rows);
        double[] products = new double[tileRows * tileColumns];
        double dgemm = rate(flopsPerScan, seconds, () -> {
            for (int j0 = 0; j0 < rows; j0 += tileColumns) {
                for (int i0 = 0; i0 < rows; i0 += tileRows) {
                    blas.dgemm("T", "N", tileRows, tileColumns, dim, 1.0, left.points, i0 * dim, dim,
                            right.points, j0 * dim, dim, 0.0, products, 0, tileRows);
                }
            }
        });
        return new KernelRate(kernel, doubleScreen, dgemm, BlockDistanceKernel.SINGLE_PRECISION_SCREEN);
    }

    /** The kernel's rate over the dgemm rate. */
    public double ratio() {
        return kernelGflops / dgemmGflops;
    }

    /**
     * Flops per second of {@code run}, timed for {@code seconds} after as long again to let the JIT
     * compile it (the Vector API's loops are slow until compiled, as in a task's first second).
     */
    private static double rate(double flopsPerRun, double seconds, Runnable run) {
        long warmUp = System.nanoTime();
        do {
            run.run();
        } while (System.nanoTime() - warmUp < seconds * 1e9);
        long start = System.nanoTime();
        long runs = 0;
        do {
            run.run();
            runs++;
        } while (System.nanoTime() - start < seconds * 1e9);
        return flopsPerRun * runs / (System.nanoTime() - start);
    }

    private static WorkingBlock randomBlock(int rows, int dim, long firstId, SplittableRandom random) {
        long[] ids = new long[rows];
        Vector[] vectors = new Vector[rows];
        for (int i = 0; i < rows; i++) {
            double[] values = new double[dim];
            for (int c = 0; c < dim; c++) {
                values[c] = random.nextDouble();
            }
            ids[i] = firstId + i;
            vectors[i] = Vectors.dense(values);
        }
        return WorkingBlock.of(ids, vectors, new RowEmbedding(dim, DistanceMeasure.EUCLIDEAN, new double[dim], false));
    }
}
