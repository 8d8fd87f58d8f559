package lapscore.graph;

import java.util.Locale;
import java.util.stream.IntStream;

import lapscore.data.CacheScope;
import lapscore.data.IndexedRows;
import lapscore.data.RowSummary;
import lapscore.data.blocks.BlockLayout;
import lapscore.data.blocks.PreparedRows;
import lapscore.data.blocks.RowBlock;
import lapscore.graph.distance.DistanceMeasure;
import lapscore.graph.edges.Edge;
import lapscore.graph.edges.EdgeWeighting;
import lapscore.graph.edges.WeightKernel;
import lapscore.graph.kernel.BlockPoints;
import lapscore.graph.kernel.RowEmbedding;
import lapscore.graph.kernel.SparsePoints;
import lapscore.graph.kernel.WorkingBlock;
import lapscore.data.TaskMemory;
import lapscore.graph.spec.FoundEdges;
import lapscore.graph.spec.GraphSettings;
import lapscore.graph.spec.GraphSpec;
import lapscore.progress.FitWarnings;
import lapscore.progress.Stage;
import lapscore.progress.StageTimer;
import lapscore.progress.StepNames;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the {@link WeightedGraph} of prepared rows for a {@link GraphSpec}: the spec's build step
 * (exact or approximate kNN with its recall estimate, kNN within classes, or the radius join of the
 * epsilon graph), then what every graph shares: edge counts, bandwidth, weights, isolated rows.
 *
 * <p>From a {@code Dataset} to a graph, without a selector:
 * <pre>{@code
 * GraphSpec spec = new KnnGraph(5, KnnMethod.AUTO, forest, new GraphSettings(DistanceMeasure.EUCLIDEAN,
 *     WeightKernel.HEAT, Double.NaN, false, 0));
 * StageTimer timer = new StageTimer(spark.sparkContext(), "graph: ");
 * try (WeightedGraph graph = GraphBuilder.build(data, "features", null, spec, timer)) {
 *     ...                                   // the graph stays cached until the block ends
 * }
 * }</pre>
 * or in two steps, {@link #prepare(Dataset, String, String, GraphSpec, CacheScope, StageTimer)} and
 * {@link #build(PreparedRows, GraphSpec, StageTimer)}.
 *
 * <p>Ownership: everything a build caches goes into the {@link CacheScope} of its prepared rows,
 * and the graph it returns owns that scope, which {@link WeightedGraph#unpersist()} closes; when the
 * build fails, that scope's owner releases what it cached.
 */
public final class GraphBuilder {

    private static final Logger LOG = LoggerFactory.getLogger(GraphBuilder.class);
    /** Share of isolated rows above which the build warns that the graph leaves rows out. */
    static final double ISOLATED_WARNING_SHARE = 0.1;

    private GraphBuilder() {
    }

    /**
     * Numbers the rows of the vector column {@code featuresCol} of {@code dataset} (with the labels of
     * {@code labelCol} when the spec needs labels), checks them as {@link RowSummary#validate} and
     * {@link RowSummary#validateLabels} do, and lays them out for {@code spec} ({@link #prepare(IndexedRows,
     * RowSummary, GraphSpec, StageTimer)}). The columns must exist, {@code featuresCol} holding ML
     * vectors. What is cached belongs to {@code caches}, which releases it when it closes, also when
     * the rows are refused.
     */
    public static PreparedRows prepare(Dataset<?> dataset, String featuresCol, String labelCol, GraphSpec spec,
                                       CacheScope caches, StageTimer timer) {
        spec.check();
        IndexedRows rows = IndexedRows.of(dataset, featuresCol, spec.needsLabels() ? labelCol : null, caches);
        RowSummary summary = timer.run(Stage.VALIDATION, "Checking column '" + featuresCol + "': rows, vector sizes, values",
                () -> RowSummary.of(rows));
        summary.validate(featuresCol, null, spec.numNeighbours(), spec.needsCosines());
        if (spec.needsLabels()) {
            summary.validateLabels(labelCol);
        }
        return prepare(rows, summary, spec, timer);
    }

    /**
     * Cuts checked rows into the blocks {@code spec} is built from: {@link GraphSettings#rowsPerBlock()}
     * rows (0 chooses), at most {@link GraphSpec#maxRowsPerBlock} for the tasks' memory
     * ({@link TaskMemory}), measured as sparse points when the spec can and the rows' share of
     * non-zero values makes it pay ({@link SparsePoints#pays}); the spec's cost warning, if any, is
     * logged first. Releases {@code rows} ({@link PreparedRows#of}).
     */
    public static PreparedRows prepare(IndexedRows rows, RowSummary summary, GraphSpec spec, StageTimer timer) {
        spec.costWarning(summary.count(), summary.numFeatures(), rows.rows().context().defaultParallelism()).ifPresent(LOG::warn);
        boolean sparse = spec.measuresSparseRows(summary.count()) && SparsePoints.pays(summary.density());
        GraphSpec sized = spec.withTaskMemory(TaskMemory.perTask(rows.rows().context()));
        return PreparedRows.of(rows, summary, spec.settings().rowsPerBlock(), sized.maxRowsPerBlock(summary.count(), summary.numFeatures()),
                sparse, timer, Stage.GRAPH);
    }

    /**
     * The graph of the rows of {@code dataset} for {@code spec}, without neighbour lists:
     * {@link #prepare(Dataset, String, String, GraphSpec, CacheScope, StageTimer)} then
     * {@link #build(PreparedRows, GraphSpec, StageTimer)}. {@code labelCol} is read only when the spec
     * needs labels (it may be null otherwise). A graph that is not {@link GraphSpec#materialised()} is
     * refused before any row is read. The graph owns a scope of its own
     * ({@link CacheScope#ownedByResult}), which is closed at once when the build fails; call
     * {@link WeightedGraph#unpersist()} when done with the graph.
     */
    public static WeightedGraph build(Dataset<?> dataset, String featuresCol, String labelCol, GraphSpec spec,
                                      StageTimer timer) {
        spec.requireMaterialised();
        return CacheScope.ownedByResult(caches -> build(prepare(dataset, featuresCol, labelCol, spec, caches, timer), spec, timer));
    }

    /** The graph of {@code rows} for {@code spec}, without neighbour lists: {@link #build(PreparedRows, GraphSpec, boolean, StageTimer)}. */
    public static WeightedGraph build(PreparedRows rows, GraphSpec spec, StageTimer timer) {
        return build(rows, spec, false, timer);
    }

    /**
     * Builds the graph of {@code rows} (checked, cut into blocks of the layout that
     * {@link #prepare} chose for {@code spec}), its steps timed by {@code timer}. With
     * {@code keepNeighbourLists}, every row's directed list of its k nearest neighbours stays cached in
     * the graph ({@link WeightedGraph#neighbourLists()}), as the Local Kernel Regression score needs
     * it. The edges and lists are cached in the rows' scope ({@link PreparedRows#caches()}), which the
     * graph owns on success ({@link WeightedGraph#unpersist()} closes it); on failure they are left to
     * that scope's owner. The lists are released as soon as the edges are counted when they are not
     * kept. The radius and bandwidth of {@code spec} are in the units of the user's data; they are
     * carried into the units of the rows' {@link lapscore.data.numerics.DataScale} here.
     */
    public static WeightedGraph build(PreparedRows rows, GraphSpec spec, boolean keepNeighbourLists, StageTimer timer) {
        spec.check();
        GraphSettings settings = spec.settings().inScaledUnits(rows.scale());
        long numRows = rows.summary().count();
        int numFeatures = rows.summary().numFeatures();
        JavaRDD<RowBlock> blocks = rows.blocks();
        BlockLayout layout = rows.layout();
        double[] centre = settings.measure().centre(rows.centres());
        FoundEdges found = spec.withTaskMemory(TaskMemory.perTask(blocks.context())).findEdges(rows, centre, timer);
        JavaRDD<Edge> edges = found.edges();
        EdgeTally tally = timer.run(Stage.GRAPH, spec.title() + ": " + StepNames.COUNTING_EDGES,
                () -> edges.aggregate(new EdgeTally(), EdgeTally::add, EdgeTally::merge));
        if (found.neighbours() != null && !keepNeighbourLists) {
            rows.caches().release(found.neighbours());
        }
        int numClasses = spec.countClasses(rows, timer);
        double bandwidth = settings.kernel() != WeightKernel.HEAT ? Double.NaN
                : !Double.isNaN(settings.bandwidth()) ? settings.bandwidth()
                : timer.run(Stage.WEIGHTS, StepNames.EDGE_WEIGHTS + ": automatic bandwidth from the spread of the rows",
                () -> automaticBandwidth(rows, settings.measure(), centre));
        EdgeWeighting weighting = new EdgeWeighting(settings.kernel(), bandwidth);
        RowsWithWeight weighted = timer.run(Stage.WEIGHTS, StepNames.EDGE_WEIGHTS + ": finding rows with a positive weight",
                () -> RowsWithWeight.of(edges, weighting, layout));
        long isolated = numRows - weighted.withWeight();
        checkIsolated(spec, isolated, numRows, tally.edges, rows.scale().squaredDistanceToData(bandwidth));
        warnOfCopies(spec, weighted);
        GraphStatistics statistics = new GraphStatistics(spec.numNeighbours(), numRows, rows.summary().skippedRows(),
                numClasses, tally.edges, tally.selfLoops, isolated, found.method(), found.recall());
        return new WeightedGraph(spec, layout, numFeatures, blocks, edges, keepNeighbourLists ? found.neighbours() : null,
                weighting, statistics, rows.centres(), settings.measure(), rows.scale(), rows.caches());
    }

    /**
     * Refuses a graph that has no positive weight at all (no score is defined), and warns when the
     * graph has more edges than {@code spec} allows or more than {@value #ISOLATED_WARNING_SHARE} of
     * the rows are isolated.
     */
    private static void checkIsolated(GraphSpec spec, long isolated, long numRows, long edges, double bandwidth) {
        if (isolated == numRows) {
            throw new IllegalArgumentException("Every row is isolated (no edge of positive weight), so no score is defined: "
                    + (edges == 0 ? spec.noEdgeReason()
                    : spec.settings().kernel() == WeightKernel.HEAT
                    ? "bandwidth t = " + bandwidth + " is too small for the distances between neighbours; choose a larger one"
                    : "every neighbour pair has a non-positive cosine"));
        }
        spec.edgeCountWarning(edges).ifPresent(warning -> FitWarnings.warn(LOG, warning));
        if (isolated > ISOLATED_WARNING_SHARE * numRows) {
            GraphSpec.IsolatedRowsNote note = spec.isolatedRowsNote();
            FitWarnings.warn(LOG, String.format(Locale.ROOT, "%d of %d rows are isolated%s (no edge of positive weight) and add nothing"
                    + " to the scores%s", isolated, numRows, note.where(), note.advice()));
        }
    }

    /**
     * Warns when some rows are joined to exact copies of themselves only: no feature differs along
     * their edges, which add nothing to any {@code f^T L f}; when every row with an edge is such, the
     * graph joins no two different rows, every Laplacian Score is 0 and no ranking says anything
     * about the features.
     */
    private static void warnOfCopies(GraphSpec spec, RowsWithWeight weighted) {
        if (weighted.onlyCopies() == 0) {
            return;
        }
        FitWarnings.warn(LOG, String.format(Locale.ROOT, "%d of %d rows with edges have only exact copies of themselves as neighbours"
                + " (duplicated rows: %s); no feature differs along their edges, %s; set dropDuplicates = true"
                + " to build the graph on the distinct rows",
                weighted.onlyCopies(), weighted.withWeight(), spec.copiesNote(),
                weighted.onlyCopies() == weighted.withWeight()
                        ? "and as every row is such, the graph joins no two different rows and the ranking says nothing about"
                        + " the features (the Laplacian Score of every feature is 0)"
                        : "so the scores describe the other rows only"));
    }

    /**
     * The automatic heat-kernel bandwidth: the mean squared distance over all pairs of rows {@code i < j},
     * {@code (2 / (m - 1)) sum_i ||p_i - mean p||^2}, exact and O(m d); 1 if all rows coincide. It
     * measures the scale of the whole data, like the authors' MATLAB default (the mean pairwise
     * distance), and with the cosine graph reproduces the iris orderings of He, Cai and Niyogi
     * ("Laplacian Score for Feature Selection", NIPS 2005, section 4.1). Block sums are added
     * on the driver in block order, so t (and every weight) is the same to the last bit however the
     * input was partitioned. Whether all rows coincide is tested exactly, point by point against the
     * first row, not read off the sum: the centre is a rounded mean, so rows that all coincide leave
     * a sum of rounding errors (such as 1e-28) that is not 0.
     */
    public static double automaticBandwidth(PreparedRows rows, DistanceMeasure measure, double[] centre) {
        double deviation = 0.0;
        double[] firstPoint = null;
        boolean allCoincide = true;
        RowEmbedding embedding = new RowEmbedding(rows.summary().numFeatures(), measure, centre, false, rows.sparse());
        for (BlockSpread spread : rows.blocks().map(block -> new BlockSpread(embedding.sparse() ? SparsePoints.of(block, embedding)
                        : WorkingBlock.of(block, embedding)))
                .collect()) {
            deviation += spread.squaredDeviation;
            firstPoint = firstPoint == null ? spread.firstPoint : firstPoint;
            allCoincide &= spread.uniform && spread.samePoint(firstPoint);
        }
        double meanSquaredDistance = 2.0 * deviation / (rows.summary().count() - 1);
        return allCoincide || !(meanSquaredDistance > 0.0) ? 1.0 : meanSquaredDistance;
    }

    /**
     * What the bandwidth needs of one block: the sum of its points' squared norms, its first point, and
     * whether all its points equal that one exactly. (A class, not a record: Kryo ships it.)
     */
    private static final class BlockSpread implements java.io.Serializable {
        final double squaredDeviation;
        final double[] firstPoint;
        final boolean uniform;

        BlockSpread(BlockPoints<?> block) {
            squaredDeviation = block.squaredDeviation();
            firstPoint = block.point(0);
            uniform = block.allPointsEqual(firstPoint);
        }

        /** Whether this block's first point equals {@code point} in every coordinate ({@code ==}, so 0.0 equals -0.0). */
        boolean samePoint(double[] point) {
            return IntStream.range(0, point.length).allMatch(t -> firstPoint[t] == point[t]);
        }
    }

    /** Edge and self-loop counts. */
    private static final class EdgeTally implements java.io.Serializable {
        long edges;
        long selfLoops;

        EdgeTally add(Edge edge) {
            if (edge.isSelfLoop()) {
                selfLoops++;
            } else {
                edges++;
            }
            return this;
        }

        EdgeTally merge(EdgeTally other) {
            edges += other.edges;
            selfLoops += other.selfLoops;
            return this;
        }
    }
}
