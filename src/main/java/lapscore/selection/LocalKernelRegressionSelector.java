package lapscore.selection;

import lapscore.data.IndexedRows;
import lapscore.data.RowSummary;
import lapscore.data.blocks.PreparedRows;
import lapscore.data.blocks.RowBlock;
import lapscore.graph.GraphBuilder;
import lapscore.graph.edges.WeightKernel;
import lapscore.graph.search.KnnMethod;
import lapscore.graph.search.NeighbourLists;
import lapscore.graph.spec.ClassGraph;
import lapscore.graph.spec.GraphSettings;
import lapscore.graph.spec.GraphSpec;
import lapscore.graph.spec.KnnGraph;
import lapscore.graph.spec.KnnWithinClassGraph;
import lapscore.progress.FitWarnings;
import lapscore.progress.Stage;
import lapscore.progress.StageTimer;
import lapscore.progress.StepNames;
import lapscore.scoring.ClassMoments;
import lapscore.scoring.GraphScore;
import lapscore.scoring.LkrScores;
import lapscore.scoring.LocalKernelRegressionScores;
import lapscore.scoring.ScoreOrder;
import lapscore.selection.base.FitSummary;
import lapscore.selection.base.GraphFeatureSelector;
import lapscore.selection.params.LocalKernelRegressionParams;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.ml.util.Identifiable$;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Feature selection by the Local Kernel Regression (LKR) score of Y.-M. Cheung and H. Zeng, "Local
 * Kernel Regression Score for Selecting Features of High-Dimensional Data", IEEE Transactions on
 * Knowledge and Data Engineering 21(12), 2009: a feature is relevant when its value at every row is
 * well predicted by a kernel ridge regression on the row's neighbours,
 * <pre>
 *   Phi_r = sum_i D_ii (f_ri - sum_j beta_ij f_rj)^2 / sum_i D_ii (f_ri - mu_r)^2,   beta_i = (K_Ni + lambda I)^-1 k_Ni
 * </pre>
 * (eqs. 8, 13-16) with the Gaussian kernel {@code exp(-||a - b||^2 / h)}, h the {@code bandwidth}
 * (unset: the automatic rule of the Laplacian Score). <b>Smaller is better.</b>
 *
 * <ul>
 *   <li>{@code graphType = "knn"} (unsupervised, eq. 5): N_i are row i's k nearest neighbours (k =
 *       {@code numNeighbors}, default 10 as in the paper), D the degrees of the union-symmetrised kNN
 *       graph weighted by the same kernel.</li>
 *   <li>{@code graphType = "class"} (supervised, eq. 6; needs {@code labelCol}): N_i every other row of
 *       i's class and D = I. Classes above {@code maxClassSize} rows regress each row on its k nearest
 *       rows of the class instead; {@code summary().largeClasses()} counts them.</li>
 * </ul>
 * {@code centerFeatures} subtracts each feature's degree-weighted mean before the numerator; the
 * default (false) is the paper's raw feature, which is not shift-invariant: when a feature's mean
 * makes up most of its score, the fit warns ({@link LkrScores#meanWarning}). Other graph types are
 * refused.
 *
 * <pre>{@code
 * LocalKernelRegressionSelector selector = new LocalKernelRegressionSelector()
 *     .setFeaturesCol("features").setNumNeighbors(10).setLkrLambda(0.1).setNumTopFeatures(20);
 * LocalKernelRegressionSelectorModel model = selector.fit(data);
 * }</pre>
 */
public final class LocalKernelRegressionSelector
        extends GraphFeatureSelector<LocalKernelRegressionSelector, LocalKernelRegressionSelectorModel>
        implements LocalKernelRegressionParams {

    private static final Logger LOG = LoggerFactory.getLogger(LocalKernelRegressionSelector.class);

    public LocalKernelRegressionSelector() {
        this(Identifiable$.MODULE$.randomUID("LocalKernelRegressionSelector"));
    }

    /** A selector with the given uid (used by persistence). */
    public LocalKernelRegressionSelector(String uid) {
        super(uid, LocalKernelRegressionSelectorModel.class);
    }

    public LocalKernelRegressionSelector setLkrLambda(double value) {
        set(lkrLambda(), value);
        return this;
    }

    public LocalKernelRegressionSelector setCenterFeatures(boolean value) {
        set(centerFeatures(), value);
        return this;
    }

    public LocalKernelRegressionSelector setMaxClassSize(int value) {
        set(maxClassSize(), value);
        return this;
    }

    @Override
    protected boolean keepsNeighbourLists() {
        return true;
    }

    @Override
    public StructType transformSchema(StructType schema) {
        GraphSpec spec = graphSpec();
        if (!(spec instanceof KnnGraph || spec instanceof ClassGraph)) {
            throw new IllegalArgumentException("The Local Kernel Regression score is defined on graphType knn (eq. 5) or class"
                    + " (eq. 6), got " + getGraphType());
        }
        return super.transformSchema(schema);
    }

    /**
     * Scores on a kNN graph, which must be the graph of eq. 5: with every row's neighbour list, the
     * Gaussian kernel and no self-loops, as {@code buildGraph} of this selector makes it.
     */
    @Override
    protected GraphScore graphScore() {
        return GraphScore.of(ScoreOrder.SMALLER_IS_BETTER, (graph, timer) -> {
            if (graph.neighbourLists() == null || !(graph.spec() instanceof KnnGraph)
                    || graph.weighting().kernel() != WeightKernel.HEAT || graph.statistics().numSelfLoops() > 0) {
                throw new IllegalArgumentException("The Local Kernel Regression score needs the kNN graph of eq. 5 (neighbour lists,"
                        + " heat kernel, no self-loops): build it with LocalKernelRegressionSelector.buildGraph");
            }
            return chosen(LocalKernelRegressionScores.onGraph(graph, getLkrLambda(), timer));
        });
    }

    @Override
    protected boolean scoresClassGraph() {
        return true;
    }

    @Override
    protected ScoredFeatures scoreClassGraph(PreparedRows rows, StageTimer timer) {
        GraphSettings settings = graphSpec().settings().inScaledUnits(rows.scale());
        ClassMoments moments = timer.run(Stage.SCORES, StepNames.LKR_SCORES + ": class sizes and moments",
                () -> ClassMoments.of(rows.blocks(), rows.summary().numFeatures()));
        double bandwidth = !Double.isNaN(settings.bandwidth()) ? settings.bandwidth()
                : timer.run(Stage.WEIGHTS, "Kernel bandwidth from the spread of the rows", () -> GraphBuilder.automaticBandwidth(
                        rows, settings.measure(), settings.measure().centre(rows.centres())));
        LocalKernelRegressionScores.Regression regression = new LocalKernelRegressionScores.Regression(settings.measure(),
                bandwidth, getLkrLambda());
        double[] largeLabels = moments.labelsLargerThan(getMaxClassSize());
        if (largeLabels.length == 0) {
            double[] scores = chosen(LocalKernelRegressionScores.onClasses(rows, moments, largeLabels, null, regression, timer));
            return new ScoredFeatures(scores, FitSummary.ofClassGraph(rows, moments, bandwidth, 0, 0, timer));
        }
        IndexedRows largeClassRows = IndexedRows.ofClasses(RowBlock.labeledRows(rows.blocks()), largeLabels, getFeaturesCol(), getLabelCol(),
                rows.caches());
        RowSummary largeSummary = timer.run(Stage.GRAPH, StepNames.LARGE_CLASSES + " (" + largeLabels.length + ")",
                () -> RowSummary.of(largeClassRows));
        KnnWithinClassGraph withinClasses = new KnnWithinClassGraph(getNumNeighbors(), KnnMethod.EXACT, settings);
        PreparedRows large = GraphBuilder.prepare(largeClassRows, largeSummary, withinClasses, timer);
        JavaPairRDD<Long, NeighbourLists> lists = withinClasses.nearestNeighbours(large, settings.measure().centre(large.centres()),
                timer);
        double[] scores = chosen(LocalKernelRegressionScores.onClasses(rows, moments, largeLabels,
                new LocalKernelRegressionScores.NeighbourRows(large.blocks(), large.layout(), lists, large.centres()),
                regression, timer));
        return new ScoredFeatures(scores, FitSummary.ofClassGraph(rows, moments, bandwidth, largeLabels.length,
                getNumNeighbors(), timer));
    }

    /** The scores {@code centerFeatures} asks for; warns when the raw ones are made mostly of the features' means. */
    private double[] chosen(LkrScores scores) {
        scores.meanWarning(getCenterFeatures()).ifPresent(warning -> FitWarnings.warn(LOG, warning));
        return scores.chosen(getCenterFeatures());
    }
}
