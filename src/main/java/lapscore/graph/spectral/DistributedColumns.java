package lapscore.graph.spectral;

import java.util.Arrays;
import java.util.List;

import lapscore.data.CacheScope;
import lapscore.data.blocks.OrderedReduce;
import lapscore.graph.WeightedGraph;
import org.apache.spark.api.java.JavaRDD;

/**
 * Columns held distributed: an RDD whose partition i holds block i of the graph's rows. Every
 * step is a Spark job; a sum over the blocks is reduced in block order ({@link OrderedReduce}).
 * What it keeps goes into the fit's {@link CacheScope}.
 */
final class DistributedColumns implements ColumnStore<JavaRDD<BlockColumns>> {

    private final WeightedGraph graph;
    private final CacheScope caches;

    DistributedColumns(WeightedGraph graph, CacheScope caches) {
        this.graph = graph;
        this.caches = caches;
    }

    @Override
    public JavaRDD<BlockColumns> ones() {
        return graph.blocks().map(block -> {
            double[] one = new double[block.size()];
            Arrays.fill(one, 1.0);
            return new BlockColumns(block.index(), block.firstRow(), new double[][]{one});
        });
    }

    @Override
    public JavaRDD<BlockColumns> drawn(long seed, int restart, boolean byContent) {
        return graph.blocks().map(block -> StartVector.drawn(block.index(), block.firstRow(),
                byContent ? StartVector.contentKeys(block) : StartVector.idKeys(block.firstRow(), block.size()), seed, restart));
    }

    @Override
    public JavaRDD<BlockColumns> map(JavaRDD<BlockColumns> x, BlockMap f) {
        return x.map(f::apply);
    }

    @Override
    public JavaRDD<BlockColumns> zip(JavaRDD<BlockColumns> x, JavaRDD<BlockColumns> y, BlockZip f) {
        return x.zipPartitions(y, (a, b) -> List.of(f.apply(a.next(), b.next())).iterator());
    }

    @Override
    public double[] products(JavaRDD<BlockColumns> x, JavaRDD<BlockColumns> y) {
        return OrderedReduce.reduce(x.zipPartitions(y, (a, b) -> List.of(a.next().crossProducts(b.next())).iterator()),
                BlockColumns::added);
    }

    @Override
    public JavaRDD<BlockColumns> timesWeights(JavaRDD<BlockColumns> x, int numColumns) {
        return WeightProduct.of(graph, x, numColumns);
    }

    @Override
    public JavaRDD<BlockColumns> componentLabels() {
        return ComponentLabels.distributed(graph, caches);
    }

    @Override
    public ComponentLabels.Roots roots(JavaRDD<BlockColumns> labels, int wanted) {
        return labels.map(block -> ComponentLabels.Roots.of(block, wanted)).reduce((a, b) -> a.merged(b, wanted));
    }

    @Override
    public JavaRDD<BlockColumns> kept(JavaRDD<BlockColumns> x) {
        return caches.persist(x);
    }

    @Override
    public JavaRDD<BlockColumns> settled(JavaRDD<BlockColumns> x) {
        JavaRDD<BlockColumns> settled = caches.persistAndForgetLineage(x);
        settled.count();
        return settled;
    }

    @Override
    public void release(JavaRDD<BlockColumns> x) {
        caches.release(x);
    }
}
