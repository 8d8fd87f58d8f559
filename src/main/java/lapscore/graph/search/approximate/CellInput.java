package lapscore.graph.search.approximate;

import lapscore.data.CacheScope;
import lapscore.data.blocks.BlockLayout;
import lapscore.graph.kernel.PackedRows;
import lapscore.graph.kernel.RowEmbedding;
import org.apache.spark.api.java.JavaRDD;

/**
 * What the trees and the NN-descent rounds read: the rows in their {@link LocalityCells}, packed
 * once ({@link PackedRows}) and cached, so that no pass makes or reads a Spark vector object again.
 *
 * @param cells     the packed rows of every cell, partition i holding cell i
 * @param layout    how the numbered rows are cut into cells; the search keys its lists by it
 * @param embedding how the rows become points, for the working blocks made from them
 * @param caches    the scope the search caches its steps in
 */
record CellInput(JavaRDD<PackedRows> cells, BlockLayout layout, RowEmbedding embedding, CacheScope caches) {

    /** The coordinates of a point. */
    int numFeatures() {
        return embedding.numFeatures();
    }
}
