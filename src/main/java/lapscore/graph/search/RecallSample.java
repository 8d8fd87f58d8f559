package lapscore.graph.search;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import lapscore.data.CacheScope;
import lapscore.data.RowHash;
import lapscore.data.blocks.RowBlock;
import lapscore.graph.kernel.BlockDistanceKernel;
import lapscore.graph.kernel.CandidateHeaps;
import lapscore.graph.kernel.RowEmbedding;
import lapscore.graph.kernel.WorkingBlock;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.linalg.Vector;

import scala.Tuple2;

/**
 * Recall@k of an approximate neighbour search, measured rather than assumed: a sample of rows
 * (the {@code size} rows of smallest seeded hash of their id, so the sample depends on the seed
 * only) gets its exact k nearest neighbours from one pass over the data with the block kernel,
 * and recall is the share of approximate neighbours that are no farther than the exact k-th:
 * {@code (1 / (s k)) sum_i |{j in N~(i) : d(i, j) <= d_k(i)}|}. Counting by distance rather than
 * id makes rows tied with the k-th (duplicates) count as found. Driver memory O(s d).
 */
public final class RecallSample implements Serializable {

    private final long[] ids;
    private final Vector[] vectors;
    private final double[] kthDistances;
    private final int k;

    private RecallSample(long[] ids, Vector[] vectors, double[] kthDistances, int k) {
        this.ids = ids;
        this.vectors = vectors;
        this.kthDistances = kthDistances;
        this.k = k;
    }

    /**
     * Draws {@code size} rows of {@code input} (all rows when there are fewer; the order of a hash of
     * {@code seed} and their ids decides) and finds the exact distance to their k-th nearest other
     * row, with distances as {@code input}'s measure defines them. The sample is broadcast through
     * {@code input}'s scope and destroyed once the pass is done (on failure, when the scope closes).
     */
    public static RecallSample draw(SearchInput input, int k, int size, long seed) {
        JavaRDD<RowBlock> blocks = input.blocks();
        RowEmbedding embedding = input.embedding();
        List<Tuple2<Long, Vector>> drawn = blocks
                .flatMap(block -> {
                    List<Tuple2<Long, Vector>> rows = new ArrayList<>(block.size());
                    for (int i = 0; i < block.size(); i++) {
                        rows.add(new Tuple2<>(block.firstRow() + i, block.row(i)));
                    }
                    return rows.iterator();
                })
                .takeOrdered(size, new SampleOrder(seed));
        drawn = drawn.stream().sorted(Comparator.comparingLong(Tuple2::_1)).toList();
        long[] ids = drawn.stream().mapToLong(Tuple2::_1).toArray();
        Vector[] vectors = drawn.stream().map(Tuple2::_2).toArray(Vector[]::new);
        Broadcast<RecallSample> shared = input.caches().broadcast(JavaSparkContext.fromSparkContext(blocks.context()),
                new RecallSample(ids, vectors, null, k));
        NeighbourLists exact = blocks
                .map(block -> shared.value().nearestWithin(block, embedding))
                .reduce(NeighbourLists::absorb);
        input.caches().release(shared);
        double[] kth = new double[ids.length];
        for (int i = 0; i < ids.length; i++) {
            int others = 0;
            for (int n = 0; n < exact.count(i) && others < k; n++) {
                if (exact.neighbour(i, n) != ids[i]) {
                    kth[i] = exact.distance(i, n);
                    others++;
                }
            }
        }
        return new RecallSample(ids, vectors, kth, k);
    }

    /** The k + 1 nearest rows of {@code block} to every sampled row (k + 1: the row itself may be among them). */
    private NeighbourLists nearestWithin(RowBlock block, RowEmbedding embedding) {
        WorkingBlock sample = WorkingBlock.of(ids, vectors, embedding);
        WorkingBlock rows = WorkingBlock.of(block, embedding);
        CandidateHeaps heaps = new CandidateHeaps(sample.size, k + 1);
        BlockDistanceKernel.scan(sample, rows, heaps, null);
        return NeighbourLists.of(heaps, sample, rows);
    }

    /** The largest distance from a sampled row to its exact k-th nearest neighbour. */
    public double largestKthDistance() {
        return Arrays.stream(kthDistances).max().orElse(0.0);
    }

    /** Ids of the sampled rows, ascending. */
    public long[] ids() {
        return ids.clone();
    }

    /** The vector of the {@code i}-th sampled row. */
    public Vector vector(int i) {
        return vectors[i];
    }

    /**
     * Recall@k of approximate neighbour distances given per sampled row id (a row missing from the
     * map found nothing). Distances computed elsewhere (e.g. by another library) are compared with a
     * relative tolerance of 1e-9 for rounding.
     */
    public double recallOf(Map<Long, double[]> approximateDistances) {
        long found = 0;
        long wanted = 0;
        for (int i = 0; i < ids.length; i++) {
            double limit = kthDistances[i] * (1.0 + 1e-9);
            int hits = 0;
            for (double distance : approximateDistances.getOrDefault(ids[i], new double[0])) {
                if (distance <= limit) {
                    hits++;
                }
            }
            found += Math.min(hits, k);
            wanted += k;
        }
        return (double) found / wanted;
    }

    /**
     * Recall@k of the neighbour lists of a search (keyed by block, as the searches return them). The
     * sampled ids are broadcast through {@code caches} and destroyed once the pass is done (on failure,
     * when the scope closes).
     */
    public double recallOf(JavaPairRDD<Long, NeighbourLists> neighbours, CacheScope caches) {
        Broadcast<long[]> sampled = caches.broadcast(JavaSparkContext.fromSparkContext(neighbours.context()), ids);
        List<Tuple2<Long, double[]>> found = neighbours.values()
                .flatMap(lists -> {
                    List<Tuple2<Long, double[]>> rows = new ArrayList<>();
                    for (int row = 0; row < lists.rows(); row++) {
                        if (Arrays.binarySearch(sampled.value(), lists.rowId(row)) >= 0) {
                            double[] distances = new double[lists.count(row)];
                            for (int n = 0; n < distances.length; n++) {
                                distances[n] = lists.distance(row, n);
                            }
                            rows.add(new Tuple2<>(lists.rowId(row), distances));
                        }
                    }
                    return rows.iterator();
                })
                .collect();
        caches.release(sampled);
        Map<Long, double[]> byRow = new HashMap<>();
        found.forEach(row -> byRow.put(row._1(), row._2()));
        return recallOf(byRow);
    }

    /** Orders rows by a seeded hash of their id, then by id. */
    private static final class SampleOrder implements Comparator<Tuple2<Long, Vector>>, Serializable {
        private final long seed;

        SampleOrder(long seed) {
            this.seed = seed;
        }

        @Override
        public int compare(Tuple2<Long, Vector> a, Tuple2<Long, Vector> b) {
            int byHash = Long.compare(RowHash.of(seed, a._1(), RowHash.RECALL_SAMPLE, 0), RowHash.of(seed, b._1(), RowHash.RECALL_SAMPLE, 0));
            return byHash != 0 ? byHash : Long.compare(a._1(), b._1());
        }
    }
}
