package io.github.lapscore;

import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.ludovic.netlib.blas.BLAS;
import dev.ludovic.netlib.blas.NativeBLAS;
import dev.ludovic.netlib.lapack.NativeLAPACK;
import org.junit.jupiter.api.Test;

/**
 * The library computes with the Java BLAS and LAPACK even where the machine has a native one
 * (on a machine with OpenBLAS, {@code BLAS.getInstance()} is native and this is the check that
 * matters; without one it still pins the choice).
 */
class LinearAlgebraTest {

    @Test
    void neverUsesANativeLibrary() {
        assertFalse(LinearAlgebra.blas() instanceof NativeBLAS, "BLAS " + LinearAlgebra.blas().getClass().getName()
                + " (the machine's default is " + BLAS.getInstance().getClass().getName() + ")");
        assertFalse(LinearAlgebra.lapack() instanceof NativeLAPACK, "LAPACK " + LinearAlgebra.lapack().getClass().getName());
    }
}
