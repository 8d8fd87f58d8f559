package lapscore.testkit;

import java.util.ArrayList;
import java.util.List;

import lapscore.graph.search.NeighbourLists;
import org.apache.spark.api.java.JavaPairRDD;

/** Every entry of a search's neighbour lists as text, so that two searches can be compared bit for bit. */
public final class NeighbourEntries {

    private NeighbourEntries() {
    }

    /**
     * One line per list entry, {@code "row neighbour distance-bits cosine-bits new"} (the distances'
     * bits, so that equal lines mean equal doubles), sorted.
     */
    public static List<String> of(JavaPairRDD<Long, NeighbourLists> lists) {
        return lists.values()
                .flatMap(block -> {
                    List<String> entries = new ArrayList<>();
                    for (int row = 0; row < block.rows(); row++) {
                        for (int n = 0; n < block.count(row); n++) {
                            entries.add(block.rowId(row) + " " + block.neighbour(row, n) + " "
                                    + Double.doubleToLongBits(block.distance(row, n)) + " "
                                    + Double.doubleToLongBits(block.cosine(row, n)) + " " + block.isFresh(row, n));
                        }
                    }
                    return entries.iterator();
                })
                .collect()
                .stream().sorted().toList();
    }
}
