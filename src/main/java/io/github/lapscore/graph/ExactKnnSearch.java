package io.github.lapscore.graph;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.github.lapscore.data.BlockLayout;
import io.github.lapscore.data.BlockPartitioner;
import io.github.lapscore.data.RowBlock;
import io.github.lapscore.progress.StageTimer;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.storage.StorageLevel;

import scala.Tuple2;

/**
 * Exact k nearest neighbours of every row by a block-partitioned all-pairs distance join.
 *
 * <p>The B(B+1)/2 block pairs run in up to {@value #MAX_WAVES} waves, one Spark job each, so the
 * Spark UI shows "kNN graph (exact) 3/10" progress; every wave has at least two pairs per core.
 * Each pair task yields the best candidates of its rows within the pair; one {@code reduceByKey}
 * per block then merges them into each row's k nearest neighbours. Work is O(m^2 d) flops at BLAS
 * level-3 speed, shuffle O(m B k), driver memory O(1).
 */
final class ExactKnnSearch {

    static final int MAX_WAVES = 10;

    private ExactKnnSearch() {
    }

    /** Neighbour lists keyed by the first row of their block, partition i holding block i. */
    static JavaPairRDD<Long, NeighbourLists> run(JavaRDD<RowBlock> blocks, BlockLayout layout, int numFeatures, int k,
                                                 DistanceMeasure measure, double[] centre, StageTimer timer) {
        int pairs = layout.numPairs();
        int parallelism = blocks.context().defaultParallelism();
        int waves = Math.max(1, Math.min(MAX_WAVES, pairs / (2 * parallelism)));
        List<JavaPairRDD<Long, NeighbourLists>> partials = new ArrayList<>(waves);
        for (int wave = 0; wave < waves; wave++) {
            int from = (int) ((long) pairs * wave / waves);
            int to = (int) ((long) pairs * (wave + 1) / waves);
            JavaPairRDD<Long, NeighbourLists> partial = BlockPairs.range(blocks, layout, from, to)
                    .flatMapToPair(pair -> neighboursWithin(pair, numFeatures, k, measure, centre).iterator())
                    .persist(StorageLevel.MEMORY_AND_DISK());
            String description = String.format(Locale.ROOT, "kNN graph (exact) %d/%d: distances of block pairs %d-%d of %d (%d blocks of %d rows)",
                    wave + 1, waves, from + 1, to, pairs, layout.numBlocks(), layout.rowsPerBlock());
            timer.run(KnnGraphBuilder.GRAPH_STAGE, description, partial::count);
            partials.add(partial);
        }
        @SuppressWarnings("unchecked")
        JavaPairRDD<Long, NeighbourLists>[] waveResults = partials.toArray(new JavaPairRDD[0]);
        JavaPairRDD<Long, NeighbourLists> merged = JavaSparkContext.fromSparkContext(blocks.context())
                .union(waveResults)
                .reduceByKey(new BlockPartitioner(layout), NeighbourLists::merge)
                .persist(StorageLevel.MEMORY_AND_DISK());
        timer.run(KnnGraphBuilder.GRAPH_STAGE, "kNN graph (exact): merging candidates of " + layout.numBlocks() + " blocks", merged::count);
        partials.forEach(partial -> partial.unpersist(false));
        return merged;
    }

    /** The candidates one block pair contributes to the rows of both of its blocks. */
    private static List<Tuple2<Long, NeighbourLists>> neighboursWithin(Tuple2<RowBlock, RowBlock> pair, int numFeatures, int k,
                                                                   DistanceMeasure measure, double[] centre) {
        WorkingBlock left = WorkingBlock.of(pair._1(), numFeatures, measure, centre);
        List<Tuple2<Long, NeighbourLists>> result = new ArrayList<>(2);
        if (pair._1().index() == pair._2().index()) {
            CandidateHeaps heaps = new CandidateHeaps(left.size, k);
            BlockDistanceKernel.scan(left, left, heaps, heaps);
            result.add(new Tuple2<>(left.firstRow(), NeighbourLists.of(heaps, left, left)));
        } else {
            WorkingBlock right = WorkingBlock.of(pair._2(), numFeatures, measure, centre);
            CandidateHeaps leftHeaps = new CandidateHeaps(left.size, k);
            CandidateHeaps rightHeaps = new CandidateHeaps(right.size, k);
            BlockDistanceKernel.scan(left, right, leftHeaps, rightHeaps);
            result.add(new Tuple2<>(left.firstRow(), NeighbourLists.of(leftHeaps, left, right)));
            result.add(new Tuple2<>(right.firstRow(), NeighbourLists.of(rightHeaps, right, left)));
        }
        return result;
    }
}
