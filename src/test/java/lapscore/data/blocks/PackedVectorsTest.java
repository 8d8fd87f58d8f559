package lapscore.data.blocks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;

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

    @Test
    void concatenatedPartsReadBackInOrderWhateverTheirForm() {
        Vector[] first = {Vectors.dense(1.5, -0.0, 3.0), Vectors.dense(0.0, 2.0, 4.0)};
        Vector[] second = {Vectors.sparse(3, new int[]{1}, new double[]{2.0}), Vectors.dense(7.0, 0.0, -1.0)};
        Vector[] third = {Vectors.dense(-3.0, 5.0, 0.25)};
        for (Vector[][] parts : new Vector[][][]{{first, third}, {first, second, third}, {second, {}}}) {
            Vector[] all = Arrays.stream(parts).flatMap(Arrays::stream).toArray(Vector[]::new);
            PackedVectors joined = PackedVectors.concat(Arrays.stream(parts).map(PackedVectors::of).toList());
            assertEquals(all.length, joined.count());
            for (int i = 0; i < all.length; i++) {
                assertArrayEquals(all[i].toArray(), joined.get(i).toArray(), "vector " + i + " of " + parts.length + " parts");
            }
        }
    }
}
