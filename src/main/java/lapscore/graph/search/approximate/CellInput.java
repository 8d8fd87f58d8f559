package lapscore.graph.search.approximate;

import lapscore.data.CacheScope;
import lapscore.data.blocks.BlockLayout;
import lapscore.graph.kernel.EmbeddedRows;
import lapscore.graph.kernel.RowEmbedding;
import org.apache.spark.api.java.JavaRDD;

/**
 * What the trees and the NN-descent rounds read: the rows in their {@link LocalityCells}, embedded
 * once ({@link EmbeddedRows}: centred, normalised and packed when the cells are made) and cached, so
 * that no pass reads a Spark vector or embeds a row again.
 *
 * @param cells     the embedded rows of every cell, partition i holding cell i
 * @param layout    how the numbered rows are cut into cells; the search keys its lists by it
 * @param embedding how the rows were embedded, for the working blocks made from them
 * @param caches    the scope the search caches its steps in
 */
record CellInput(JavaRDD<EmbeddedRows> cells, BlockLayout layout, RowEmbedding embedding, CacheScope caches) {

    /** The coordinates of a point. */
    int numFeatures() {
        return embedding.numFeatures();
    }
}
