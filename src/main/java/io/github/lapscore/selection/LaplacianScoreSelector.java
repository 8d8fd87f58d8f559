package io.github.lapscore.selection;

import io.github.lapscore.data.IndexedRows;
import io.github.lapscore.data.RowSummary;
import io.github.lapscore.graph.KnnGraphBuilder;
import io.github.lapscore.graph.WeightedGraph;
import io.github.lapscore.progress.Stage;
import io.github.lapscore.progress.StageTimer;
import io.github.lapscore.scoring.LaplacianScores;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.DefaultParamsWritable;
import org.apache.spark.ml.util.Identifiable$;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.types.StructType;

/**
 * Unsupervised feature selection by Laplacian Score (He, Cai and Niyogi, "Laplacian Score for
 * Feature Selection", NIPS 2005).
 *
 * <p>{@code fit} numbers and checks the rows, builds the k-nearest-neighbour graph with a
 * block-partitioned distance join, weighs its edges into the sparse weight matrix S, and computes
 * for every feature f_r, in one pass over the edges,
 * <pre>
 *   L_r = f~_r^T L f~_r / f~_r^T D f~_r,   D = diag(S 1),   L = D - S,   f~_r = f_r - (f_r^T D 1 / 1^T D 1) 1
 * </pre>
 * (the paper's eq. 1). Features that vary little between neighbouring rows relative to their
 * variance score low; <b>smaller is better</b>. The model keeps the best features by
 * {@link SelectionMode}. Nothing proportional to the number of rows is held on the driver.
 *
 * <pre>{@code
 * LaplacianScoreSelector selector = new LaplacianScoreSelector()
 *     .setFeaturesCol("features").setNumNeighbors(5).setNumTopFeatures(10);
 * LaplacianScoreSelectorModel model = selector.fit(data);
 * model.transform(data).select("selectedFeatures");
 * }</pre>
 */
public final class LaplacianScoreSelector extends Estimator<LaplacianScoreSelectorModel>
        implements LaplacianScoreParams, DefaultParamsWritable {

    private final String uid;
    private final LaplacianScoreParamSet declaredParams;

    public LaplacianScoreSelector() {
        this(Identifiable$.MODULE$.randomUID("LaplacianScoreSelector"));
    }

    /** A selector with the given uid (used by persistence). */
    public LaplacianScoreSelector(String uid) {
        this.uid = uid;
        this.declaredParams = new LaplacianScoreParamSet(uid);
        declaredParams.setDefaults(this);
    }

    @Override
    public String uid() {
        return uid;
    }

    @Override
    public LaplacianScoreParamSet declaredParams() {
        return declaredParams;
    }

    public LaplacianScoreSelector setFeaturesCol(String value) {
        set(featuresCol(), value);
        return this;
    }

    public LaplacianScoreSelector setOutputCol(String value) {
        set(outputCol(), value);
        return this;
    }

    public LaplacianScoreSelector setNumNeighbors(int value) {
        set(numNeighbors(), value);
        return this;
    }

    public LaplacianScoreSelector setDistanceMeasure(String value) {
        set(distanceMeasure(), value);
        return this;
    }

    public LaplacianScoreSelector setWeightKernel(String value) {
        set(weightKernel(), value);
        return this;
    }

    public LaplacianScoreSelector setBandwidth(double value) {
        set(bandwidth(), value);
        return this;
    }

    public LaplacianScoreSelector setIncludeSelfLoops(boolean value) {
        set(includeSelfLoops(), value);
        return this;
    }

    public LaplacianScoreSelector setVarianceWeighting(String value) {
        set(varianceWeighting(), value);
        return this;
    }

    public LaplacianScoreSelector setKnnMethod(String value) {
        set(knnMethod(), value);
        return this;
    }

    public LaplacianScoreSelector setBlockSize(int value) {
        set(blockSize(), value);
        return this;
    }

    public LaplacianScoreSelector setNumTrees(int value) {
        set(numTrees(), value);
        return this;
    }

    public LaplacianScoreSelector setLeafSize(int value) {
        set(leafSize(), value);
        return this;
    }

    public LaplacianScoreSelector setRefinementRounds(int value) {
        set(refinementRounds(), value);
        return this;
    }

    public LaplacianScoreSelector setRecallSampleSize(int value) {
        set(recallSampleSize(), value);
        return this;
    }

    public LaplacianScoreSelector setSelectionMode(String value) {
        set(selectionMode(), value);
        return this;
    }

    public LaplacianScoreSelector setNumTopFeatures(int value) {
        set(numTopFeatures(), value);
        return this;
    }

    public LaplacianScoreSelector setPercentile(double value) {
        set(percentile(), value);
        return this;
    }

    public LaplacianScoreSelector setScoreThreshold(double value) {
        set(scoreThreshold(), value);
        return this;
    }

    public LaplacianScoreSelector setSeed(long value) {
        set(seed(), value);
        return this;
    }

    @Override
    public LaplacianScoreSelectorModel fit(Dataset<?> dataset) {
        WeightedGraph graph = buildGraph(dataset);
        try {
            return fitGraph(graph);
        } finally {
            graph.unpersist();
        }
    }

    /**
     * Checks the input and builds the weighted kNN graph without scoring it, for users who want the
     * edge list ({@link WeightedGraph#edges()}) as well as the model: call {@link #fitGraph} next, and
     * {@link WeightedGraph#unpersist()} when done with both.
     */
    public WeightedGraph buildGraph(Dataset<?> dataset) {
        transformSchema(dataset.schema());
        if (selectionModeOption() == SelectionMode.THRESHOLD && !isDefined(scoreThreshold())) {
            throw new IllegalArgumentException("selectionMode = threshold needs scoreThreshold to be set");
        }
        String column = getFeaturesCol();
        StageTimer timer = new StageTimer(dataset.sparkSession().sparkContext(), uid + ": ");
        IndexedRows rows = IndexedRows.of(dataset, column);
        RowSummary summary = timer.run(Stage.VALIDATION, "Checking column '" + column + "': rows, vector sizes, values",
                () -> RowSummary.of(rows));
        try {
            summary.validate(column, getNumNeighbors(), graphSettings().needsCosines());
        } catch (IllegalArgumentException invalid) {
            rows.release();
            throw invalid;
        }
        return KnnGraphBuilder.build(graphSettings(), dataset.sparkSession(), rows, summary, timer);
    }

    /** Scores the features on {@code graph} (from {@link #buildGraph}) and selects them; the graph stays cached. */
    public LaplacianScoreSelectorModel fitGraph(WeightedGraph graph) {
        StageTimer timer = graph.timer();
        double[] scores = LaplacianScores.compute(graph, graph.featureMeans(), varianceWeightingOption(), timer);
        int[] selected = FeatureRanking.select(scores, selectionModeOption(), getNumTopFeatures(),
                getPercentile(), getScoreThreshold());
        LaplacianScoreSummary summary = new LaplacianScoreSummary(graph.statistics().numRows(), graph.numFeatures(),
                graph.numNeighbors(), graph.statistics().method().paramValue(), graph.weighting().bandwidth(),
                graph.statistics().numEdges(), graph.statistics().numSelfLoops(), graph.statistics().isolatedRows(),
                graph.statistics().recall(), graph.layout().numBlocks(), graph.layout().rowsPerBlock(),
                timer.secondsIn(Stage.VALIDATION), timer.secondsIn(Stage.GRAPH),
                timer.secondsIn(Stage.RECALL), timer.secondsIn(Stage.WEIGHTS),
                timer.secondsIn(Stage.SCORES));
        LaplacianScoreSelectorModel model = new LaplacianScoreSelectorModel(uid, scores, selected, summary);
        return copyValues(model, new ParamMap()).setParent(this);
    }

    @Override
    public StructType transformSchema(StructType schema) {
        SchemaChecks.requireVectorColumn(schema, getFeaturesCol());
        SchemaChecks.requireNewColumn(schema, getOutputCol());
        return schema.add(getOutputCol(), SQLDataTypes.VectorType(), true);
    }

    @Override
    public LaplacianScoreSelector copy(ParamMap extra) {
        return (LaplacianScoreSelector) defaultCopy(extra);
    }

    public static MLReader<LaplacianScoreSelector> read() {
        return new DefaultParamsReader<>();
    }

    public static LaplacianScoreSelector load(String path) {
        return read().load(path);
    }
}
