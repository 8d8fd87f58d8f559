package lapscore.selection.base;

import java.util.Locale;

import lapscore.data.CacheScope;
import lapscore.data.IndexedRows;
import lapscore.data.RowSummary;
import lapscore.data.blocks.PreparedRows;
import lapscore.graph.GraphBuilder;
import lapscore.graph.WeightedGraph;
import lapscore.graph.spec.GraphSpec;
import lapscore.progress.FitWarnings;
import lapscore.progress.Stage;
import lapscore.progress.StageTimer;
import lapscore.scoring.GraphScore;
import lapscore.scoring.ScoreOrder;
import lapscore.selection.params.GraphSelectorParams;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A selector whose score is read off a graph of the rows ({@link GraphSpec}): it builds the
 * weighted graph with the block-partitioned distance joins, or for the class graph only lays the
 * rows out in blocks (that graph is never materialised), and lets the concrete selector score it.
 * Concrete selectors supply their {@link GraphScore}, and {@link #scoreClassGraph} where it is
 * defined.
 *
 * <p>Ownership: in {@code fit} everything cached (rows, blocks, edges, lists) belongs to the fit's
 * {@link CacheScope}, closed when the scores are known or the fit fails; the graph of
 * {@link #buildGraph} owns a scope of its own, which {@link WeightedGraph#unpersist()} closes.
 *
 * @param <S> the concrete selector, returned by the setters
 * @param <M> its model
 */
public abstract class GraphFeatureSelector<S extends GraphFeatureSelector<S, M>, M extends FeatureSelectorModel<M>>
        extends FeatureSelector<S, M> implements GraphSelectorParams {

    private static final Logger LOG = LoggerFactory.getLogger(GraphFeatureSelector.class);

    protected GraphFeatureSelector(String uid, Class<M> modelClass) {
        super(uid, modelClass);
    }

    /** The score this selector ranks by, as its params set it: computed on the built graph (kNN, epsilon or classKnn). */
    protected abstract GraphScore graphScore();

    /**
     * Scores every feature on the class graph of {@code rows}, which stay cached; what it caches goes
     * into the scope of {@code rows}, the fit's. Only the scores defined on that graph, which is
     * never built, override this and {@link #scoresClassGraph()}.
     */
    protected ScoredFeatures scoreClassGraph(PreparedRows rows, StageTimer timer) {
        throw new IllegalStateException(getClass().getSimpleName() + " does not score the class graph");
    }

    /** Whether {@link #scoreClassGraph} is defined: graphType = class is refused otherwise. */
    protected boolean scoresClassGraph() {
        return false;
    }

    @Override
    public ScoreOrder scoreOrder() {
        return graphScore().order();
    }

    /** Scores every feature on {@code graph}, which stays cached, its steps timed by {@code timer}. */
    private ScoredFeatures scoreGraph(WeightedGraph graph, StageTimer timer) {
        return new ScoredFeatures(graphScore().scores(graph, timer), FitSummary.ofGraph(graph, 0, timer));
    }

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

    public S setMaxRowsPerTask(int value) {
        set(maxRowsPerTask(), value);
        return self();
    }

    public S setRecallSampleSize(int value) {
        set(recallSampleSize(), value);
        return self();
    }

    public S setDropDuplicates(boolean value) {
        set(dropDuplicates(), value);
        return self();
    }

    public S setSeed(long value) {
        set(seed(), value);
        return self();
    }

    @Override
    protected boolean needsLabel() {
        return graphSpec().needsLabels();
    }

    @Override
    protected String explainLabel() {
        return "graphType = " + getGraphType();
    }

    @Override
    public StructType transformSchema(StructType schema) {
        GraphSpec spec = graphSpec();
        spec.check();
        if (!spec.materialised() && !scoresClassGraph()) {
            throw new IllegalArgumentException(getClass().getSimpleName() + " is not defined on the class graph (graphType = "
                    + getGraphType() + ", whose rows of one class are all joined and which is never built): use graphType = "
                    + "classKnn or knn");
        }
        return super.transformSchema(schema);
    }

    @Override
    protected boolean needsNonZeroRows() {
        return graphSpec().needsCosines();
    }

    @Override
    protected void validateRows(RowSummary summary, String[] featureNames) {
        summary.validate(getFeaturesCol(), featureNames, graphSpec().numNeighbours(), needsNonZeroRows());
    }

    @Override
    protected String joiningParam() {
        return graphSpec().joiningParam();
    }

    /**
     * Lays the rows out and scores them on the graph, built in the fit's scope (the scope of
     * {@code rows}), which releases the blocks, the edges and the lists when the fit ends.
     */
    @Override
    protected final ScoredFeatures scoreRows(IndexedRows rows, RowSummary summary, StageTimer timer) {
        GraphSpec spec = graphSpec();
        PreparedRows prepared = prepare(new CheckedRows(rows, summary), spec, timer);
        return spec.materialised() ? scoreGraph(GraphBuilder.build(prepared, spec, keepsNeighbourLists(), timer), timer)
                : scoreClassGraph(prepared, timer);
    }

    /**
     * Checks the input and builds the weighted graph without scoring it, for users who want the edge
     * list ({@link WeightedGraph#edges()}) as well as the model: call {@link #fitGraph} next, and
     * {@link WeightedGraph#unpersist()} when done with both (or hold the graph in try-with-resources);
     * a failed build leaves nothing cached. The class graph is never built, so it has no edge list:
     * {@code graphType = "class"} is refused here. The summary of {@link #fitGraph(WeightedGraph)}
     * counts the seconds of the scoring only; pass one timer to {@link #buildGraph(Dataset, StageTimer)}
     * and {@link #fitGraph(WeightedGraph, StageTimer)} to count those of the build as well.
     */
    public WeightedGraph buildGraph(Dataset<?> dataset) {
        return buildGraph(dataset, new StageTimer(dataset.sparkSession().sparkContext(), uid() + ": "));
    }

    /** {@link #buildGraph(Dataset)}, its steps timed by {@code timer}. */
    public WeightedGraph buildGraph(Dataset<?> dataset, StageTimer timer) {
        GraphSpec spec = graphSpec();
        spec.requireMaterialised();
        return CacheScope.ownedByResult(caches -> {
            return GraphBuilder.build(prepare(checkedRows(dataset, timer, caches), spec, timer), spec, keepsNeighbourLists(), timer);
        });
    }

    /**
     * Lays the checked rows out for {@code spec} ({@link GraphBuilder#prepare}); with
     * {@code dropDuplicates}, only the distinct rows ({@link IndexedRows#distinct}), checked again
     * (k must stay below their number), and the number dropped is said.
     */
    private PreparedRows prepare(CheckedRows checked, GraphSpec spec, StageTimer timer) {
        if (!getDropDuplicates()) {
            return GraphBuilder.prepare(checked.rows(), checked.summary(), spec, timer);
        }
        String column = getFeaturesCol();
        IndexedRows distinct = checked.rows().distinct();
        RowSummary summary = timer.run(Stage.VALIDATION, "Dropping the rows of column '" + column + "' that repeat an earlier row"
                + " (dropDuplicates)", () -> RowSummary.of(distinct)).withSkippedRows(checked.summary().skippedRows());
        checked.rows().release();
        long dropped = checked.summary().count() - summary.count();
        validateRows(summary, null);
        FitWarnings.warn(LOG, String.format(Locale.ROOT, "With dropDuplicates = true, %d of %d rows repeat an earlier row%s in"
                + " column '%s' and were dropped; the graph and the scores are those of the %d distinct rows", dropped,
                checked.summary().count(), spec.needsLabels() ? " and its label" : "", column, summary.count()));
        return GraphBuilder.prepare(distinct, summary, spec, timer);
    }

    /** Scores the features on {@code graph} (from {@link #buildGraph}) and selects them; the graph stays cached. */
    public M fitGraph(WeightedGraph graph) {
        return fitGraph(graph, new StageTimer(graph.blocks().context(), uid() + ": "));
    }

    /**
     * {@link #fitGraph(WeightedGraph)}, its steps timed by {@code timer}: the timer of
     * {@link #buildGraph(Dataset, StageTimer)}, for a summary that counts the build's seconds too.
     */
    public M fitGraph(WeightedGraph graph, StageTimer timer) {
        return modelOf(scoreGraph(graph, timer), () -> graph.blocks().flatMap(block -> block.vectors().iterator()), timer);
    }
}
