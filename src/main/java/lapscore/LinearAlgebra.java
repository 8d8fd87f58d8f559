package lapscore;

import dev.ludovic.netlib.blas.BLAS;
import dev.ludovic.netlib.blas.JavaBLAS;
import dev.ludovic.netlib.lapack.JavaLAPACK;
import dev.ludovic.netlib.lapack.LAPACK;

/**
 * The BLAS and LAPACK every computation of the library uses: the Java implementations of Spark's
 * bundled {@code dev.ludovic.netlib} (its Vector API kernels when the JVM has
 * {@code jdk.incubator.vector}, as {@code conf/spark-jvm.options} gives it, else plain Java), never a
 * native library found on the machine. A native BLAS (OpenBLAS, MKL) rounds a product differently
 * by its position in the matrix and, multi-threaded, from call to call: with it, which of two tied
 * rows is a k-th neighbour, and the last bits of the scores, would depend on the partitioning, on
 * a task's retry and on which node ran it (the tests that compare partitionings and retries fail
 * with Debian's OpenBLAS installed). With the Java kernels the same input gives the same bits in any
 * partitioning, on any node with the same JVM options.
 */
public final class LinearAlgebra {

    private LinearAlgebra() {
    }

    /** The BLAS of the distance kernel and of the Local Kernel Regression score. */
    public static BLAS blas() {
        return JavaBLAS.getInstance();
    }

    /** The LAPACK of the Local Kernel Regression score's solves and factorisations. */
    public static LAPACK lapack() {
        return JavaLAPACK.getInstance();
    }
}
