package io.github.lapscore.bench;

import java.util.SplittableRandom;

import dev.ludovic.netlib.blas.BLAS;
import io.github.lapscore.LinearAlgebra;
import io.github.lapscore.graph.kernel.BlockDistanceKernel;
import io.github.lapscore.graph.kernel.CandidateHeaps;
import io.github.lapscore.graph.kernel.DistanceMeasure;
import io.github.lapscore.graph.kernel.WorkingBlock;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;

/**
 * Measures, on one thread, the distance kernel ({@link BlockDistanceKernel}: the products, the
 * distance formula and the top-k heaps) against a plain {@code dgemm} of exactly the same tile
 * shapes, so the benchmark can say what share of BLAS speed the kernel keeps.
 *
 * @param kernelGflops useful flops ({@code 2 d} per pair of rows) per second of the kernel
 * @param dgemmGflops  flops per second of the bare products
 */
public record KernelRate(double kernelGflops, double dgemmGflops) {

    /** Runs both on two random blocks of {@code rows x dim} for at least {@code seconds} each. */
    public static KernelRate measure(int rows, int dim, int k, double seconds) {
        SplittableRandom random = new SplittableRandom(42);
        WorkingBlock left = randomBlock(rows, dim, 0, random);
        WorkingBlock right = randomBlock(rows, dim, rows, random);
        double flopsPerScan = 2.0 * dim * rows * rows;
        double kernel = rate(flopsPerScan, seconds, () -> BlockDistanceKernel.scan(left, right,
                new CandidateHeaps(rows, k), new CandidateHeaps(rows, k)));
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
        return new KernelRate(kernel, dgemm);
    }

    /** Share of the dgemm rate the kernel reaches. */
    public double ratio() {
        return kernelGflops / dgemmGflops;
    }

    private static double rate(double flopsPerRun, double seconds, Runnable run) {
        run.run();
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
        return WorkingBlock.of(ids, vectors, dim, DistanceMeasure.EUCLIDEAN, new double[dim]);
    }
}
