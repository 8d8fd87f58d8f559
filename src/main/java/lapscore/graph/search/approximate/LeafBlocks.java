package lapscore.graph.search.approximate;

import java.io.Serializable;

import lapscore.graph.kernel.RowEmbedding;
import lapscore.graph.kernel.WorkingBlock;
import lapscore.graph.search.SearchInput;
import org.apache.spark.broadcast.Broadcast;

/**
 * How many rows every leaf of every tree holds, and the blocks the kernel will see: a leaf of at
 * most {@code maxRows} rows is one block, a larger one is cut into {@code ceil(rows / maxRows)}
 * chunks. Blocks of tree t are numbered from 0, leaf by leaf. Driver memory is one count per leaf.
 */
final class LeafBlocks implements Serializable {

    private final int[][] chunks;
    private final int[][] firstBlocks;
    private final int[] blocksPerTree;

    private LeafBlocks(long[][] counts, int maxRows) {
        chunks = new int[counts.length][];
        firstBlocks = new int[counts.length][];
        blocksPerTree = new int[counts.length];
        for (int t = 0; t < counts.length; t++) {
            chunks[t] = new int[counts[t].length];
            firstBlocks[t] = new int[counts[t].length];
            int next = 0;
            for (int leaf = 0; leaf < counts[t].length; leaf++) {
                chunks[t][leaf] = (int) Math.max(1, (counts[t][leaf] + maxRows - 1) / maxRows);
                firstBlocks[t][leaf] = next;
                next += chunks[t][leaf];
            }
            blocksPerTree[t] = next;
        }
    }

    /** Counts the rows of every leaf of {@code forest} in one pass over the blocks of {@code input}. */
    static LeafBlocks count(SearchInput input, Broadcast<RandomProjectionForest> forest, int maxRows) {
        int numTrees = forest.value().numTrees();
        RowEmbedding embedding = input.embedding();
        int numFeatures = embedding.numFeatures();
        long[][] counts = input.blocks()
                .map(block -> {
                    RandomProjectionForest trees = forest.value();
                    WorkingBlock points = WorkingBlock.of(block, embedding);
                    long[][] blockCounts = new long[numTrees][];
                    for (int t = 0; t < numTrees; t++) {
                        blockCounts[t] = new long[trees.numLeaves(t)];
                        for (int i = 0; i < points.size; i++) {
                            blockCounts[t][trees.leafOf(t, points.points, i * numFeatures, points.ids[i])]++;
                        }
                    }
                    return blockCounts;
                })
                .reduce(LeafBlocks::add);
        return new LeafBlocks(counts, maxRows);
    }

    private static long[][] add(long[][] a, long[][] b) {
        for (int t = 0; t < a.length; t++) {
            for (int leaf = 0; leaf < a[t].length; leaf++) {
                a[t][leaf] += b[t][leaf];
            }
        }
        return a;
    }

    int chunks(int tree, int leaf) {
        return chunks[tree][leaf];
    }

    int firstBlock(int tree, int leaf) {
        return firstBlocks[tree][leaf];
    }

    int numTrees() {
        return blocksPerTree.length;
    }

    int blocksIn(int tree) {
        return blocksPerTree[tree];
    }
}
