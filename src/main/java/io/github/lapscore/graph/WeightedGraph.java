package io.github.lapscore.graph;

import java.util.List;

import io.github.lapscore.data.BlockLayout;
import io.github.lapscore.data.BlockPairs;
import io.github.lapscore.data.RowBlock;
import io.github.lapscore.progress.StageTimer;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The weighted, symmetrised kNN graph: the sparse distributed weight matrix S of He, Cai and
 * Niyogi, "Laplacian Score for Feature Selection", NIPS 2005 (section 2.1, step 2). Each unordered
 * edge is stored once ({@code src <= dst}) and weighed once; it counts in both orientations when D
 * and L are formed. The rows' blocks and the edges stay cached, partitioned by block pair, until
 * {@link #unpersist()}.
 */
public final class WeightedGraph {

    /** Schema of {@link #edges()}: {@code src, dst} (row ids from 0 in input order), {@code distance, weight}. */
    public static final StructType EDGE_SCHEMA = new StructType(new StructField[]{
            DataTypes.createStructField("src", DataTypes.LongType, false),
            DataTypes.createStructField("dst", DataTypes.LongType, false),
            DataTypes.createStructField("distance", DataTypes.DoubleType, false),
            DataTypes.createStructField("weight", DataTypes.DoubleType, false)});

    private final SparkSession spark;
    private final BlockLayout layout;
    private final int numFeatures;
    private final int numNeighbors;
    private final JavaRDD<RowBlock> blocks;
    private final JavaRDD<Edge> edgesByPair;
    private final EdgeWeighting weighting;
    private final GraphStatistics statistics;
    private final double[] featureMeans;
    private final StageTimer timer;

    WeightedGraph(SparkSession spark, BlockLayout layout, int numFeatures, int numNeighbors, JavaRDD<RowBlock> blocks,
                  JavaRDD<Edge> edgesByPair, EdgeWeighting weighting, GraphStatistics statistics, double[] featureMeans,
                  StageTimer timer) {
        this.spark = spark;
        this.layout = layout;
        this.numFeatures = numFeatures;
        this.numNeighbors = numNeighbors;
        this.blocks = blocks;
        this.edgesByPair = edgesByPair;
        this.weighting = weighting;
        this.statistics = statistics;
        this.featureMeans = featureMeans;
        this.timer = timer;
    }

    /**
     * The weighted edge list as a DataFrame ({@link #EDGE_SCHEMA}): one row per unordered edge,
     * {@code src < dst}, plus {@code src == dst} rows for self-loops when they are included. A weight
     * can be 0 (heat kernel underflow, non-positive cosine); such an edge adds nothing to D or L.
     */
    public Dataset<Row> edges() {
        EdgeWeighting w = weighting;
        JavaRDD<Row> rows = edgesByPair.map(e -> RowFactory.create(e.src(), e.dst(), e.distance(), w.weight(e)));
        return spark.createDataFrame(rows, EDGE_SCHEMA);
    }

    /** Edges as an RDD whose partition t holds the edges of block pair t ({@link BlockPairs#all}). */
    public JavaRDD<Edge> edgesByBlockPair() {
        return edgesByPair;
    }

    /** The rows, one block per partition. */
    public JavaRDD<RowBlock> blocks() {
        return blocks;
    }

    public BlockLayout layout() {
        return layout;
    }

    public int numFeatures() {
        return numFeatures;
    }

    /** k of the kNN relation. */
    public int numNeighbors() {
        return numNeighbors;
    }

    /** Kernel and bandwidth t actually used. */
    public EdgeWeighting weighting() {
        return weighting;
    }

    /** Counts that describe the graph. */
    public GraphStatistics statistics() {
        return statistics;
    }

    /** Plain mean of every feature over all rows. */
    public double[] featureMeans() {
        return featureMeans.clone();
    }

    /** The timer that recorded how long building this graph took; later stages of the same fit add to it. */
    public StageTimer timer() {
        return timer;
    }

    /** Releases the cached blocks and edges. */
    public void unpersist() {
        for (JavaRDD<?> rdd : List.of(edgesByPair, blocks)) {
            rdd.unpersist(false);
        }
    }
}
