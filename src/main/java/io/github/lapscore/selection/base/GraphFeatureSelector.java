package io.github.lapscore.selection.base;

import io.github.lapscore.data.CacheScope;
import io.github.lapscore.data.IndexedRows;
import io.github.lapscore.data.RowSummary;
import io.github.lapscore.data.blocks.BlockLayout;
import io.github.lapscore.data.blocks.PreparedRows;
import io.github.lapscore.graph.GraphBuilder;
import io.github.lapscore.graph.GraphSettings;
import io.github.lapscore.graph.GraphType;
import io.github.lapscore.graph.WeightedGraph;
import io.github.lapscore.graph.search.KnnMethod;
import io.github.lapscore.progress.Stage;
import io.github.lapscore.progress.StageTimer;
import io.github.lapscore.selection.params.GraphSelectorParams;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A selector whose score is read off a graph of the rows ({@link GraphType}): it builds the
 * weighted graph with the block-partitioned distance joins, or for the class graph only lays the
 * rows out in blocks (that graph is never materialised), and lets the concrete selector score it.
 * Concrete selectors supply {@link #scoreGraph} and {@link #scoreClassGraph}.
 *
 * @param <S> the concrete selector, returned by the setters
 * @param <M> its model
 */
public abstract class GraphFeatureSelector<S extends GraphFeatureSelector<S, M>, M extends FeatureSelectorModel<M>>
        extends FeatureSelector<S, M> implements GraphSelectorParams {

    private static final Logger LOG = LoggerFactory.getLogger(GraphFeatureSelector.class);

    protected GraphFeatureSelector(String uid) {
        super(uid);
        declaredParams().setGraphDefaults(this);
    }

    /** Scores every feature on {@code graph} (kNN, epsilon or classKnn), which stays cached. */
    protected abstract ScoredFeatures scoreGraph(WeightedGraph graph);

    /** Scores every feature on the class graph of {@code rows}, which stay cached. */
    protected abstract ScoredFeatures scoreClassGraph(PreparedRows rows, StageTimer timer);

    /** Whether the score reads every row's directed list of its k nearest neighbours besides the graph. */
    protected boolean keepsNeighbourLists() {
        return false;
    }

    public S setGraphType(String value) {
        set(graphType(), value);
        return self();
    }

    public S setNumNeighbors(int value) {
        set(numNeighbors(), value);
        return self();
    }

    public S setRadius(double value) {
        set(radius(), value);
        return self();
    }

    public S setMaxEdges(long value) {
        set(maxEdges(), value);
        return self();
    }

    public S setDistanceMeasure(String value) {
        set(distanceMeasure(), value);
        return self();
    }

    public S setBandwidth(double value) {
        set(bandwidth(), value);
        return self();
    }

    public S setKnnMethod(String value) {
        set(knnMethod(), value);
        return self();
    }

    public S setBlockSize(int value) {
        set(blockSize(), value);
        return self();
    }

    public S setNumTrees(int value) {
        set(numTrees(), value);
        return self();
    }

    public S setLeafSize(int value) {
        set(leafSize(), value);
        return self();
    }

    public S setSearchNeighbors(int value) {
        set(searchNeighbors(), value);
        return self();
    }

    public S setRefinementRounds(int value) {
        set(refinementRounds(), value);
        return self();
    }

    public S setRecallSampleSize(int value) {
        set(recallSampleSize(), value);
        return self();
    }

    public S setSeed(long value) {
        set(seed(), value);
        return self();
    }

    @Override
    protected boolean needsLabel() {
        return graphTypeOption().supervised();
    }

    @Override
    protected String explainLabel() {
        return "graphType = " + getGraphType();
    }

    @Override
    public StructType transformSchema(StructType schema) {
        if (graphTypeOption() == GraphType.EPSILON && !isDefined(radius())) {
            throw new IllegalArgumentException("graphType = epsilon needs radius to be set");
        }
        if (graphTypeOption() == GraphType.CLASS_KNN && getKnnMethod().equalsIgnoreCase(KnnMethod.APPROXIMATE.paramValue())) {
            throw new IllegalArgumentException("graphType = classKnn is searched by the exact join only; set knnMethod to exact"
                    + " or auto");
        }
        return super.transformSchema(schema);
    }

    @Override
    protected boolean needsNonZeroRows() {
        return graphTypeOption() != GraphType.CLASS && graphSettings().needsCosines();
    }

    @Override
    protected void validateRows(RowSummary summary, String[] featureNames) {
        GraphType type = graphTypeOption();
        boolean knn = type == GraphType.KNN || type == GraphType.CLASS_KNN;
        summary.validate(getFeaturesCol(), featureNames, knn ? getNumNeighbors() : 0, needsNonZeroRows());
    }

    @Override
    protected final ScoredFeatures scoreRows(IndexedRows rows, RowSummary summary, StageTimer timer) {
        if (graphTypeOption() == GraphType.CLASS) {
            PreparedRows prepared = PreparedRows.of(rows, summary, getBlockSize(), Integer.MAX_VALUE, timer, Stage.GRAPH);
            try {
                return scoreClassGraph(prepared, timer);
            } finally {
                prepared.release();
            }
        }
        WeightedGraph graph = build(rows, summary, timer);
        try {
            return scoreGraph(graph);
        } finally {
            graph.unpersist();
        }
    }

    /**
     * Lays the rows out and builds their graph. An explicit {@code knnMethod = exact} on more rows
     * than {@code auto} searches exactly first logs a warning with its cost.
     */
    private WeightedGraph build(IndexedRows rows, RowSummary summary, StageTimer timer) {
        GraphSettings settings = graphSettings();
        if (settings.type() == GraphType.KNN && settings.method() == KnnMethod.EXACT) {
            KnnMethod.exactCostWarning(summary.count(), summary.numFeatures(), rows.rows().context().defaultParallelism())
                    .ifPresent(LOG::warn);
        }
        PreparedRows prepared = PreparedRows.of(rows, summary, settings.rowsPerBlock(),
                settings.exactJoin(summary.count()) ? BlockLayout.EXACT_JOIN_ROWS_PER_BLOCK : Integer.MAX_VALUE, timer, Stage.GRAPH);
        try {
            return GraphBuilder.build(settings, prepared, keepsNeighbourLists(), timer);
        } catch (Throwable failed) {
            prepared.release();
            throw failed;
        }
    }

    /**
     * Checks the input and builds the weighted graph without scoring it, for users who want the edge
     * list ({@link WeightedGraph#edges()}) as well as the model: call {@link #fitGraph} next, and
     * {@link WeightedGraph#unpersist()} when done with both. The class graph is never built, so it
     * has no edge list: {@code graphType = "class"} is refused here.
     */
    public WeightedGraph buildGraph(Dataset<?> dataset) {
        if (graphTypeOption() == GraphType.CLASS) {
            throw new IllegalArgumentException("graphType = class is never materialised (it would have n_l^2 edges per class);"
                    + " call fit instead of buildGraph");
        }
        StageTimer timer = new StageTimer(dataset.sparkSession().sparkContext(), uid() + ": ");
        return CacheScope.ownedByResult(caches -> {
            CheckedRows checked = checkedRows(dataset, timer, caches);
            return build(checked.rows(), checked.summary(), timer);
        });
    }

    /** Scores the features on {@code graph} (from {@link #buildGraph}) and selects them; the graph stays cached. */
    public M fitGraph(WeightedGraph graph) {
        return modelOf(scoreGraph(graph), () -> graph.blocks().flatMap(block -> block.vectors().iterator()), graph.timer());
    }
}
