package lapscore.data.blocks;

import java.io.Serializable;
import java.util.List;

import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;

/**
 * Vectors of one size packed into primitive arrays for a shuffle: dense ones one after another in
 * one array, and when any is sparse, all of them as compressed sparse rows. A shuffle's sorter
 * estimates the size of the records it buffers by walking their objects, and Kryo tracks each
 * object it writes: a record of thousands of {@link Vector} objects costs both on every row, a
 * record of three arrays almost nothing. The vectors read back are equal to those packed.
 */
public final class PackedVectors implements Serializable {

    private final int count;
    private final int size;
    /** Where vector i's stored values start in {@link #values}; null when every vector is dense. */
    private final int[] offsets;
    /** The stored values' indices, as {@link #offsets} cuts them; null when every vector is dense. */
    private final int[] indices;
    private final double[] values;

    private PackedVectors(int count, int size, int[] offsets, int[] indices, double[] values) {
        this.count = count;
        this.size = size;
        this.offsets = offsets;
        this.indices = indices;
        this.values = values;
    }

    /** {@code vectors}, all of one size, packed. */
    public static PackedVectors of(Vector[] vectors) {
        int size = vectors.length == 0 ? 0 : vectors[0].size();
        boolean dense = true;
        long stored = 0;
        for (Vector vector : vectors) {
            dense &= !(vector instanceof SparseVector);
            stored += vector instanceof SparseVector sparse ? sparse.indices().length : vector.size();
        }
        if (dense) {
            double[] values = new double[Math.multiplyExact(vectors.length, size)];
            for (int i = 0; i < vectors.length; i++) {
                System.arraycopy(vectors[i].toArray(), 0, values, i * size, size);
            }
            return new PackedVectors(vectors.length, size, null, null, values);
        }
        int[] offsets = new int[vectors.length + 1];
        int[] indices = new int[Math.toIntExact(stored)];
        double[] values = new double[indices.length];
        for (int i = 0; i < vectors.length; i++) {
            offsets[i + 1] = offsets[i] + storeSparse(vectors[i], indices, values, offsets[i]);
        }
        return new PackedVectors(vectors.length, size, offsets, indices, values);
    }

    /**
     * Stores {@code vector}'s values from position {@code at} of {@code indices} and {@code values} as
     * a sparse vector stores them, a dense one's every value with its index (zeros included, so no
     * value is read twice), and returns how many it stored.
     */
    private static int storeSparse(Vector vector, int[] indices, double[] values, int at) {
        if (vector instanceof SparseVector sparse) {
            System.arraycopy(sparse.indices(), 0, indices, at, sparse.indices().length);
            System.arraycopy(sparse.values(), 0, values, at, sparse.values().length);
            return sparse.indices().length;
        }
        double[] dense = vector.toArray();
        for (int t = 0; t < dense.length; t++) {
            indices[at + t] = t;
        }
        System.arraycopy(dense, 0, values, at, dense.length);
        return dense.length;
    }

    /** The vectors of {@code parts}, all of one size, in their order, packed as one: dense when every part is. */
    public static PackedVectors concat(List<PackedVectors> parts) {
        int count = parts.stream().mapToInt(PackedVectors::count).sum();
        int size = parts.stream().filter(part -> part.count > 0).mapToInt(part -> part.size).findFirst().orElse(0);
        if (parts.stream().allMatch(part -> part.offsets == null)) {
            double[] values = new double[Math.multiplyExact(count, size)];
            int at = 0;
            for (PackedVectors part : parts) {
                System.arraycopy(part.values, 0, values, at, part.values.length);
                at += part.values.length;
            }
            return new PackedVectors(count, size, null, null, values);
        }
        int[] offsets = new int[count + 1];
        int[] indices = new int[parts.stream().mapToInt(part -> part.values.length).sum()];
        double[] values = new double[indices.length];
        int vector = 0;
        for (PackedVectors part : parts) {
            for (int i = 0; i < part.count; i++, vector++) {
                int from = part.offsets == null ? i * size : part.offsets[i];
                int to = part.offsets == null ? from + size : part.offsets[i + 1];
                for (int n = from; n < to; n++) {
                    indices[offsets[vector] + n - from] = part.offsets == null ? n - from : part.indices[n];
                }
                System.arraycopy(part.values, from, values, offsets[vector], to - from);
                offsets[vector + 1] = offsets[vector] + to - from;
            }
        }
        return new PackedVectors(count, size, offsets, indices, values);
    }

    /**
     * The vectors at {@code positions[from .. to - 1]}, in that order, packed as these are, without
     * making a vector object.
     */
    public PackedVectors pick(int[] positions, int from, int to) {
        int picked = to - from;
        if (offsets == null) {
            double[] own = new double[Math.multiplyExact(picked, size)];
            for (int n = 0; n < picked; n++) {
                System.arraycopy(values, positions[from + n] * size, own, n * size, size);
            }
            return new PackedVectors(picked, size, null, null, own);
        }
        int[] ownOffsets = new int[picked + 1];
        for (int n = 0; n < picked; n++) {
            int i = positions[from + n];
            ownOffsets[n + 1] = ownOffsets[n] + offsets[i + 1] - offsets[i];
        }
        int[] ownIndices = new int[ownOffsets[picked]];
        double[] ownValues = new double[ownIndices.length];
        for (int n = 0; n < picked; n++) {
            int i = positions[from + n];
            System.arraycopy(indices, offsets[i], ownIndices, ownOffsets[n], offsets[i + 1] - offsets[i]);
            System.arraycopy(values, offsets[i], ownValues, ownOffsets[n], offsets[i + 1] - offsets[i]);
        }
        return new PackedVectors(picked, size, ownOffsets, ownIndices, ownValues);
    }

    /** Reads one packed vector's stored values without making a vector object. */
    @FunctionalInterface
    public interface StoredValues {
        /**
         * The vector's values are {@code values[from, to)}, at the coordinates {@code indices[from, to)}
         * when {@code indices} is not null (a sparse vector), else one per coordinate (a dense one).
         */
        void read(int[] indices, double[] values, int from, int to);
    }

    /** Hands vector {@code i}'s stored values to {@code reader}, as they are packed. */
    public void read(int i, StoredValues reader) {
        if (offsets == null) {
            reader.read(null, values, i * size, (i + 1) * size);
        } else {
            reader.read(indices, values, offsets[i], offsets[i + 1]);
        }
    }

    /** Hands {@code vector}'s stored values to {@code reader}, as a packed vector's are. */
    public static void read(Vector vector, StoredValues reader) {
        if (vector instanceof SparseVector sparse) {
            reader.read(sparse.indices(), sparse.values(), 0, sparse.values().length);
        } else {
            reader.read(null, vector.toArray(), 0, vector.size());
        }
    }

    /** The bytes one vector takes on average packed: 8 per value when dense, 12 per stored value when sparse. */
    public long bytesPerVector() {
        return count == 0 ? 0 : (offsets == null ? 8L * size : 12L * values.length / count);
    }

    /** The bytes {@code vector} takes packed: 8 per value when dense, 12 per stored value when sparse. */
    public static long bytesOf(Vector vector) {
        return vector instanceof SparseVector sparse ? 12L * sparse.indices().length : 8L * vector.size();
    }

    /** How many vectors. */
    public int count() {
        return count;
    }

    /** Vector {@code i}, as it was packed: dense when every vector was, else sparse. */
    public Vector get(int i) {
        if (offsets == null) {
            double[] own = new double[size];
            System.arraycopy(values, i * size, own, 0, size);
            return Vectors.dense(own);
        }
        int from = offsets[i];
        int to = offsets[i + 1];
        int[] ownIndices = new int[to - from];
        double[] ownValues = new double[to - from];
        System.arraycopy(indices, from, ownIndices, 0, ownIndices.length);
        System.arraycopy(values, from, ownValues, 0, ownValues.length);
        return Vectors.sparse(size, ownIndices, ownValues);
    }

    /** Every vector, in order. */
    public Vector[] unpack() {
        Vector[] vectors = new Vector[count];
        for (int i = 0; i < count; i++) {
            vectors[i] = get(i);
        }
        return vectors;
    }
}
