package lapscore.graph.search.approximate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import lapscore.data.CacheScope;
import lapscore.data.blocks.RowBlock;
import lapscore.graph.WeightedGraph;
import lapscore.graph.distance.DistanceMeasure;
import lapscore.graph.kernel.PackedRows;
import lapscore.graph.kernel.RowEmbedding;
import lapscore.data.RowHash;
import lapscore.graph.search.SearchInput;
import lapscore.selection.LaplacianScoreSelector;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.junit.jupiter.api.Test;

import scala.Tuple2;

/**
 * How the rows of a block travel to the leaves of a tree ({@link TreeLeaves.LeafPlacement#runs}):
 * one run per leaf block, holding exactly the block's rows whose leaf ({@code leafOf}) and chunk
 * (a hash of the id, where the leaf was cut) name that leaf block, ids ascending, with their vectors
 * and ceilings; and the runs of one leaf block from all blocks, ordered by their first id, hold its
 * rows in id order, as the leaves read them.
 */
class LeafPlacementTest {

    private static final int LEAF_SIZE = 24;
    private static final long SEED = 9L;

    @Test
    void aBlocksRunsHoldEachRowOnceInItsLeafBlockIdsAscending() {
        double[][] data = SparkTestSession.clusteredData(900, 6, 21L);
        try (WeightedGraph graph = new LaplacianScoreSelector().setKnnMethod("exact").setNumNeighbors(4).setBlockSize(250)
                .buildGraph(SparkTestSession.denseFrame(data, 3));
             CacheScope caches = new CacheScope()) {
            RowEmbedding embedding = new RowEmbedding(6, DistanceMeasure.EUCLIDEAN, graph.featureMeans(), true);
            SearchInput input = new SearchInput(graph.blocks(), graph.layout(), embedding, caches);
            List<RowBlock> blocks = graph.blocks().collect();
            List<Tuple2<Long, double[]>> everyRow = new ArrayList<>();
            for (RowBlock block : blocks) {
                for (int i = 0; i < block.size(); i++) {
                    everyRow.add(new Tuple2<>(block.firstRow() + i, embedding.point(block.row(i))));
                }
            }
            RandomProjectionForest forest = RandomProjectionForest.grow(RandomProjectionForest.Sample.of(everyRow.subList(0, 300), 6), 3,
                    3.0, LEAF_SIZE, SEED);
            Broadcast<RandomProjectionForest> shared = caches.broadcast(JavaSparkContext.fromSparkContext(graph.blocks().context()), forest);
            LeafBlocks leafBlocks = LeafBlocks.count(input, shared, 2 * LEAF_SIZE);
            TreeLeaves.LeafPlacement placement = new TreeLeaves.LeafPlacement(shared, leafBlocks, embedding, SEED);

            for (int tree = 0; tree < forest.numTrees(); tree++) {
                Map<Integer, List<Long>> leafRows = new TreeMap<>();
                List<Tuple2<Tuple2<Integer, Long>, TreeLeaves.LeafRun>> allRuns = new ArrayList<>();
                for (RowBlock block : blocks) {
                    double[] ceilings = new double[block.size()];
                    Map<Integer, List<Long>> expected = new TreeMap<>();
                    for (int i = 0; i < block.size(); i++) {
                        long id = block.firstRow() + i;
                        ceilings[i] = 0.5 * id;
                        expected.computeIfAbsent(leafBlockOf(forest, leafBlocks, tree, embedding.point(block.row(i)), id),
                                leaf -> new ArrayList<>()).add(id);
                    }
                    List<Tuple2<Tuple2<Integer, Long>, TreeLeaves.LeafRun>> runs = placement.runs(PackedRows.of(block), tree, true, ceilings);
                    assertEquals(expected.size(), runs.size(), "tree " + tree + ", block " + block.index() + ": one run per leaf block");
                    for (Tuple2<Tuple2<Integer, Long>, TreeLeaves.LeafRun> run : runs) {
                        long[] ids = run._2().ids;
                        assertArrayEquals(expected.get(run._1()._1()).stream().mapToLong(Long::longValue).toArray(), ids,
                                "tree " + tree + ", leaf block " + run._1()._1() + ": its rows of block " + block.index() + ", ascending");
                        assertEquals(ids[0], run._1()._2());
                        for (int j = 0; j < ids.length; j++) {
                            assertEquals(0.5 * ids[j], run._2().ceilings[j]);
                            assertArrayEquals(embedding.point(block.row((int) (ids[j] - block.firstRow()))),
                                    run._2().rows.working(embedding).point(j), "the point of row " + ids[j] + ", as the leaf measures it");
                        }
                    }
                    allRuns.addAll(runs);
                    expected.forEach((leaf, ids) -> leafRows.computeIfAbsent(leaf, l -> new ArrayList<>()).addAll(ids));
                }
                allRuns.sort((a, b) -> a._1()._1().equals(b._1()._1()) ? Long.compare(a._1()._2(), b._1()._2())
                        : Integer.compare(a._1()._1(), b._1()._1()));
                Map<Integer, List<Long>> joined = new TreeMap<>();
                for (Tuple2<Tuple2<Integer, Long>, TreeLeaves.LeafRun> run : allRuns) {
                    List<Long> rows = joined.computeIfAbsent(run._1()._1(), leaf -> new ArrayList<>());
                    for (long id : run._2().ids) {
                        assertTrue(rows.isEmpty() || rows.get(rows.size() - 1) < id, "tree " + tree + ": leaf block " + run._1()._1()
                                + " joins its runs in id order");
                        rows.add(id);
                    }
                }
                leafRows.values().forEach(ids -> ids.sort(Long::compare));
                assertEquals(leafRows, joined, "tree " + tree + ": every row in exactly its leaf block");
            }
            assertTrue(leafBlocks.blocksIn(0) > 10, "the trees cut the rows into many leaf blocks: " + leafBlocks.blocksIn(0));
        }
    }

    /** A row's leaf block, as defined: the first block of its leaf plus its chunk, a hash of its id where the leaf was cut. */
    private static int leafBlockOf(RandomProjectionForest forest, LeafBlocks blocks, int tree, double[] point, long id) {
        int leaf = forest.leafOf(tree, point, 0, id);
        int chunks = blocks.chunks(tree, leaf);
        int chunk = chunks == 1 ? 0 : (int) Long.remainderUnsigned(RowHash.of(SEED, id, tree, RowHash.LEAF_CHUNK), chunks);
        return blocks.firstBlock(tree, leaf) + chunk;
    }
}
