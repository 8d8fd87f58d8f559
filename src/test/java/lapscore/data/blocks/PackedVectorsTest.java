package lapscore.data.blocks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.junit.jupiter.api.Test;

/** Packed vectors read back equal to those packed, dense or sparse or mixed, and none at all. */
class PackedVectorsTest {

    @Test
    void theVectorsReadBackAreThoseThatWerePacked() {
        Vector[] dense = {Vectors.dense(1.5, -0.0, 3.0), Vectors.dense(0.0, 2.0, Double.MIN_VALUE)};
        Vector[] mixed = {Vectors.dense(1.5, 0.0, 3.0), Vectors.sparse(3, new int[]{1}, new double[]{2.0}),
            Vectors.sparse(3, new int[]{}, new double[]{})};
        for (Vector[] vectors : new Vector[][]{dense, mixed, {}}) {
            PackedVectors packed = PackedVectors.of(vectors);
            assertEquals(vectors.length, packed.count());
            Vector[] back = packed.unpack();
            assertEquals(vectors.length, back.length);
            for (int i = 0; i < vectors.length; i++) {
                assertEquals(vectors[i], back[i], "vector " + i);
                assertArrayEquals(vectors[i].toArray(), packed.get(i).toArray(), "vector " + i);
            }
        }
        assertEquals(-0.0, PackedVectors.of(dense).get(0).apply(1), 0.0);
        assertEquals(Long.toString(Double.doubleToRawLongBits(-0.0)),
                Long.toString(Double.doubleToRawLongBits(PackedVectors.of(dense).get(0).apply(1))), "the sign of zero kept");
    }
}
