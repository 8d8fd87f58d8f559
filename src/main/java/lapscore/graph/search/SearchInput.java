package lapscore.graph.search;

import lapscore.data.CacheScope;
import lapscore.data.blocks.BlockLayout;
import lapscore.data.blocks.PreparedRows;
import lapscore.data.blocks.RowBlock;
import lapscore.graph.distance.DistanceMeasure;
import lapscore.graph.kernel.RowEmbedding;
import org.apache.spark.api.java.JavaRDD;

/**
 * What a neighbour search reads: the prepared rows, cut into the blocks of {@code layout}
 * (partition i holding block i), how they become points ({@link RowEmbedding}), and the scope that
 * owns what the search caches and broadcasts. A search persists through {@code caches}, releases
 * each step's data as soon as the next step has counted its own, and leaves its result, and on
 * failure everything it still holds, to the scope's owner. It stays on the driver (it holds an RDD
 * and the scope); the tasks receive its {@link #embedding()} only.
 *
 * @param blocks     the rows, one {@link RowBlock} per partition
 * @param layout     how the rows are cut into blocks; the searches key their lists by it
 * @param embedding  the measure, the centre and the number of features of the points
 * @param caches     the scope the search caches its steps and its result in (in memory, spilling
 *                   to disk)
 */
public record SearchInput(JavaRDD<RowBlock> blocks, BlockLayout layout, RowEmbedding embedding, CacheScope caches) {

    /**
     * The rows of {@code rows}, embedded by {@code measure} about {@code centre} (as sparse points
     * when {@link PreparedRows#sparse}), searched in the rows' scope; the neighbour lists keep the raw rows' cosines {@code withCosines}
     * ({@link RowEmbedding#withCosines}).
     */
    public static SearchInput of(PreparedRows rows, DistanceMeasure measure, double[] centre, boolean withCosines) {
        RowEmbedding embedding = new RowEmbedding(rows.summary().numFeatures(), measure, centre, withCosines, rows.sparse());
        return new SearchInput(rows.blocks(), rows.layout(), embedding, rows.caches());
    }

    /** The coordinates of a row. */
    public int numFeatures() {
        return embedding.numFeatures();
    }
}
