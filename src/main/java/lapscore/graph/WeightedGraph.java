package lapscore.graph;

import lapscore.data.CacheScope;
import lapscore.data.numerics.DataScale;
import lapscore.data.blocks.BlockLayout;
import lapscore.data.blocks.BlockPairs;
import lapscore.data.blocks.FeatureCentres;
import lapscore.data.blocks.RowBlock;
import lapscore.graph.distance.DistanceMeasure;
import lapscore.graph.edges.Edge;
import lapscore.graph.edges.EdgeWeighting;
import lapscore.graph.search.NeighbourLists;
import lapscore.graph.spec.GraphSpec;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The weighted, symmetrised graph (kNN, epsilon or kNN within classes): the sparse distributed weight matrix S of He, Cai and
 * Niyogi, "Laplacian Score for Feature Selection", NIPS 2005 (section 2.1, step 2). Each unordered
 * edge is stored once ({@code src <= dst}) and weighed once; it counts in both orientations when D
 * and L are formed. The rows' blocks and the edges stay cached, partitioned by block pair, until
 * {@link #unpersist()}.
 *
 * <p>Ownership: a graph owns the {@link CacheScope} its rows and edges were cached in, and
 * {@link #unpersist()} (or {@link #close()}, for try-with-resources) closes that scope, releasing
 * everything cached in it.
 */
public final class WeightedGraph implements AutoCloseable {

    /** Schema of {@link #edges()}: {@code src, dst} (row ids from 0 in input order), {@code distance, weight}. */
    public static final StructType EDGE_SCHEMA = new StructType(new StructField[]{
            DataTypes.createStructField("src", DataTypes.LongType, false),
            DataTypes.createStructField("dst", DataTypes.LongType, false),
            DataTypes.createStructField("distance", DataTypes.DoubleType, false),
            DataTypes.createStructField("weight", DataTypes.DoubleType, false)});

    private final GraphSpec spec;
    private final BlockLayout layout;
    private final int numFeatures;
    private final JavaRDD<RowBlock> blocks;
    private final JavaRDD<Edge> edgesByPair;
    private final JavaPairRDD<Long, NeighbourLists> neighbourLists;
    private final EdgeWeighting weighting;
    private final GraphStatistics statistics;
    private final FeatureCentres centres;
    private final DistanceMeasure measure;
    private final DataScale scale;
    private final CacheScope caches;

    WeightedGraph(GraphSpec spec, BlockLayout layout, int numFeatures, JavaRDD<RowBlock> blocks, JavaRDD<Edge> edgesByPair,
                  JavaPairRDD<Long, NeighbourLists> neighbourLists, EdgeWeighting weighting, GraphStatistics statistics,
                  FeatureCentres centres, DistanceMeasure measure, DataScale scale, CacheScope caches) {
        this.spec = spec;
        this.layout = layout;
        this.numFeatures = numFeatures;
        this.blocks = blocks;
        this.edgesByPair = edgesByPair;
        this.neighbourLists = neighbourLists;
        this.weighting = weighting;
        this.statistics = statistics;
        this.centres = centres;
        this.measure = measure;
        this.scale = scale;
        this.caches = caches;
    }

    /**
     * The weighted edge list as a DataFrame ({@link #EDGE_SCHEMA}): one row per unordered edge,
     * {@code src < dst}, plus {@code src == dst} rows for self-loops when they are included. A weight
     * can be 0 (heat kernel underflow, non-positive cosine); such an edge adds nothing to D or L.
     */
    public Dataset<Row> edges() {
        EdgeWeighting w = weighting;
        DataScale s = scale;
        JavaRDD<Row> rows = edgesByPair.map(e -> RowFactory.create(e.src(), e.dst(), s.distanceToData(e.distance()), w.weight(e)));
        return SparkSession.active().createDataFrame(rows, EDGE_SCHEMA);
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

    /**
     * Every row's directed list of its k nearest neighbours (keyed by the first row of its block,
     * partition i holding block i), when the build was asked to keep them; else null.
     */
    public JavaPairRDD<Long, NeighbourLists> neighbourLists() {
        return neighbourLists;
    }

    /** The power of two the rows were multiplied by; distances and the bandwidth inside the graph are in its units. */
    public DataScale scale() {
        return scale;
    }

    /** The heat kernel's bandwidth t in the units of the user's data (NaN for other kernels). */
    public double bandwidthInDataUnits() {
        return scale.squaredDistanceToData(weighting.bandwidth());
    }

    /** Kernel and bandwidth t actually used, in the units of {@link #scale()}. */
    public EdgeWeighting weighting() {
        return weighting;
    }

    /** Counts that describe the graph. */
    public GraphStatistics statistics() {
        return statistics;
    }

    /** Plain mean of every feature over all rows. */
    public double[] featureMeans() {
        return centres.means();
    }

    /** The distance the neighbours and the weights were computed with. */
    public DistanceMeasure measure() {
        return measure;
    }

    /** The centres the distances were computed from. */
    public FeatureCentres centres() {
        return centres;
    }

    /** The spec the graph was built from, in the units of the user's data. */
    public GraphSpec spec() {
        return spec;
    }

    /**
     * Releases the cached blocks, edges and neighbour lists: closes the graph's scope, with whatever
     * else is still cached in it. Calling it again does nothing.
     */
    public void unpersist() {
        caches.close();
    }

    /** {@link #unpersist()}, so that a graph can be held by try-with-resources. */
    @Override
    public void close() {
        unpersist();
    }
}
