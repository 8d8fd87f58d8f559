package lapscore.graph.spectral;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import lapscore.data.blocks.BlockLayout;
import lapscore.data.blocks.OrderedReduce;
import lapscore.graph.edges.Edge;
import lapscore.graph.edges.EdgeWeighting;

/**
 * Columns held in the memory of one task, one {@link BlockColumns} per block of the graph's rows
 * (list position i holding block i), with the graph's edges by block pair: the whole iteration
 * runs in that task, with no Spark job per step. Each block's share is computed as
 * {@link DistributedColumns} computes it, and the shares are added in the same order.
 */
final class TaskColumns implements ColumnStore<List<BlockColumns>> {

    private final BlockLayout layout;
    private final EdgeWeighting weighting;
    private final List<List<Edge>> edgesByPair;
    private final List<long[]> contentKeys;

    /**
     * The store of a graph of {@code layout} and {@code weighting}, its edges by pair number
     * ({@link BlockLayout#pairIndex}) and every block's row content keys ({@link StartVector#contentKeys}).
     */
    TaskColumns(BlockLayout layout, EdgeWeighting weighting, List<List<Edge>> edgesByPair, List<long[]> contentKeys) {
        this.layout = layout;
        this.weighting = weighting;
        this.edgesByPair = edgesByPair;
        this.contentKeys = contentKeys;
    }

    @Override
    public List<BlockColumns> ones() {
        List<BlockColumns> ones = new ArrayList<>(layout.numBlocks());
        for (int block = 0; block < layout.numBlocks(); block++) {
            double[] one = new double[layout.rowsIn(block)];
            Arrays.fill(one, 1.0);
            ones.add(new BlockColumns(block, layout.firstRow(block), new double[][]{one}));
        }
        return ones;
    }

    @Override
    public List<BlockColumns> drawn(long seed, int restart, boolean byContent) {
        List<BlockColumns> drawn = new ArrayList<>(layout.numBlocks());
        for (int block = 0; block < layout.numBlocks(); block++) {
            long firstRow = layout.firstRow(block);
            long[] keys = byContent ? contentKeys.get(block) : StartVector.idKeys(firstRow, layout.rowsIn(block));
            drawn.add(StartVector.drawn(block, firstRow, keys, seed, restart));
        }
        return drawn;
    }

    @Override
    public List<BlockColumns> map(List<BlockColumns> x, BlockMap f) {
        List<BlockColumns> mapped = new ArrayList<>(x.size());
        for (BlockColumns block : x) {
            mapped.add(f.apply(block));
        }
        return mapped;
    }

    @Override
    public List<BlockColumns> zip(List<BlockColumns> x, List<BlockColumns> y, BlockZip f) {
        List<BlockColumns> zipped = new ArrayList<>(x.size());
        for (int block = 0; block < x.size(); block++) {
            zipped.add(f.apply(x.get(block), y.get(block)));
        }
        return zipped;
    }

    @Override
    public double[] products(List<BlockColumns> x, List<BlockColumns> y) {
        List<double[]> shares = new ArrayList<>(x.size());
        for (int block = 0; block < x.size(); block++) {
            shares.add(x.get(block).crossProducts(y.get(block)));
        }
        return OrderedReduce.reduce(shares, BlockColumns::added);
    }

    @Override
    public List<BlockColumns> timesWeights(List<BlockColumns> x, int numColumns) {
        return WeightProduct.inTask(layout, weighting, edgesByPair, x, numColumns);
    }

    @Override
    public List<BlockColumns> componentLabels() {
        return ComponentLabels.inTask(layout, weighting, edgesByPair);
    }

    @Override
    public ComponentLabels.Roots roots(List<BlockColumns> labels, int wanted) {
        ComponentLabels.Roots roots = ComponentLabels.Roots.of(labels.get(0), wanted);
        for (int block = 1; block < labels.size(); block++) {
            roots = roots.merged(ComponentLabels.Roots.of(labels.get(block), wanted), wanted);
        }
        return roots;
    }

    @Override
    public List<BlockColumns> kept(List<BlockColumns> x) {
        return x;
    }

    @Override
    public List<BlockColumns> settled(List<BlockColumns> x) {
        return x;
    }

    @Override
    public void release(List<BlockColumns> x) {
        // Held by the lists the iteration keeps; nothing else holds it.
    }
}
