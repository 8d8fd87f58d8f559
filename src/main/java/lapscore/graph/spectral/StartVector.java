package lapscore.graph.spectral;

import lapscore.data.blocks.RowBlock;
import lapscore.data.RowHash;
import org.apache.spark.ml.linalg.Vector;

import scala.runtime.BoxedUnit;

/**
 * The entries of a Lanczos start vector, uniform in [-1/2, 1/2), each drawn from the seed, the
 * run's number and a key of its row: a hash of the row's values (so that the same rows in another
 * order, or in other partitions, start the iteration from the same vector and give the same
 * eigenpairs) or the row's id (for rows whose values do not tell them apart).
 */
final class StartVector {

    /** The salt of the start vectors in {@link RowHash}. */
    private static final int SALT = -6;

    private StartVector() {
    }

    /** Every row's content key: a hash of its non-zero entries and their positions, the same for its dense and sparse forms. */
    static long[] contentKeys(RowBlock block) {
        long[] keys = new long[block.size()];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = contentHash(block.row(i));
        }
        return keys;
    }

    /** The ids of {@code rows} rows from {@code firstRow}, as keys. */
    static long[] idKeys(long firstRow, int rows) {
        long[] keys = new long[rows];
        for (int i = 0; i < rows; i++) {
            keys[i] = firstRow + i;
        }
        return keys;
    }

    /** Block {@code block}'s share of the start vector of run {@code restart}, one entry per key. */
    static BlockColumns drawn(int block, long firstRow, long[] keys, long seed, int restart) {
        double[] values = new double[keys.length];
        for (int i = 0; i < keys.length; i++) {
            values[i] = RowHash.uniform(seed, keys[i], SALT, restart) - 0.5;
        }
        return new BlockColumns(block, firstRow, new double[][]{values});
    }

    private static long contentHash(Vector row) {
        long[] hash = {row.size()};
        row.foreachActive((index, value) -> {
            double entry = (Double) value;
            if (entry != 0.0) {
                hash[0] = RowHash.of(hash[0], Double.doubleToLongBits(entry), (Integer) index, SALT);
            }
            return BoxedUnit.UNIT;
        });
        return hash[0];
    }
}
