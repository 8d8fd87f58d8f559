package lapscore.selection.base;

import java.io.Serializable;
import java.lang.reflect.RecordComponent;

import lapscore.data.blocks.PreparedRows;
import lapscore.graph.GraphStatistics;
import lapscore.graph.WeightedGraph;
import lapscore.graph.search.KnnMethod;
import lapscore.graph.spec.GraphType;
import lapscore.progress.Stage;
import lapscore.progress.StageTimer;
import lapscore.scoring.ClassMoments;

/**
 * What a fit did: the graph it built (or the classes it read), the parameters it actually used, and
 * where the time went. Fields that do not apply to a score are 0, NaN or "none".
 *
 * @param numRows           rows m (scored)
 * @param skippedRows       rows of the input left out because they cannot be scored
 *                          ({@code handleInvalid = skip}); 0 otherwise
 * @param numFeatures       features d
 * @param numClasses        distinct labels for the supervised scores and graphs, else 0
 * @param graphType         "knn", "epsilon", "class" or "classKnn"; "class" for the Fisher score
 * @param numNeighbors      k used (0 for the epsilon and class graphs)
 * @param knnMethod         how neighbours were found: "exact" or "approximate" (auto resolved);
 *                          "none" for the class graph
 * @param bandwidth         t of the heat kernel actually used, in the data's units (NaN for other kernels; 0 or
 *                          Infinity when t is beyond the range of a double there, for data near 1e±300)
 * @param numEdges          unordered edges between distinct rows; for the class graph, which is never
 *                          built, the number of same-label pairs
 * @param numSelfLoops      self-loops (m when included or for the class graph, else 0)
 * @param isolatedRows      rows whose degree D_ii is 0 (no edge, or all their weights are 0)
 * @param recall            estimated recall@k of the approximate graph on a sample of rows; NaN for
 *                          the exact graph or when the estimate was skipped
 * @param numBlocks         blocks of the distance join
 * @param rowsPerBlock      rows per block
 * @param largeClasses      Local Kernel Regression on the class graph: classes above maxClassSize,
 *                          whose rows were regressed on their k nearest rows of the class; else 0
 * @param validationSeconds time to number and check the rows
 * @param graphSeconds      time to find the neighbours and build the edges
 * @param recallSeconds     time to estimate the recall (0 when not estimated)
 * @param weightsSeconds    time to weigh the edges
 * @param scoresSeconds     time of the scoring pass
 * @param redundancySeconds time of redundancy removal (0 when it is off)
 */
public record FitSummary(long numRows, long skippedRows, int numFeatures, int numClasses, String graphType, int numNeighbors,
                         String knnMethod, double bandwidth, long numEdges, long numSelfLoops, long isolatedRows,
                         double recall, int numBlocks, int rowsPerBlock, int largeClasses, double validationSeconds,
                         double graphSeconds, double recallSeconds, double weightsSeconds, double scoresSeconds,
                         double redundancySeconds)
        implements Serializable {

    /** The summary of no fit, of no rows and no graph: that of an empty model (made for Spark Connect's service lookup). */
    public static FitSummary empty() {
        return new FitSummary(0, 0, 0, 0, "none", 0, "none", Double.NaN, 0, 0, 0, Double.NaN, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    /**
     * The summary of a fit on the class graph, which is never built: its same-label pairs as edges,
     * one self-loop per row ({@code S_ii = 1/n_l}), no isolated row; {@code bandwidth} (in the units
     * of the scaled rows, reported in the data's),
     * {@code largeClasses} and the {@code numNeighbors} of their exact search as the score reports
     * them (NaN, 0 and 0 when it has none).
     */
    public static FitSummary ofClassGraph(PreparedRows rows, ClassMoments moments, double bandwidth, int largeClasses,
                                   int numNeighbors, StageTimer timer) {
        return new FitSummary(rows.summary().count(), rows.summary().skippedRows(), rows.summary().numFeatures(), moments.numClasses(),
                GraphType.CLASS.paramValue(), numNeighbors, numNeighbors > 0 ? KnnMethod.EXACT.paramValue() : "none",
                rows.scale().squaredDistanceToData(bandwidth),
                moments.sameClassPairs(), rows.summary().count(), 0, Double.NaN, rows.layout().numBlocks(),
                rows.layout().rowsPerBlock(), largeClasses, timer.secondsIn(Stage.VALIDATION), timer.secondsIn(Stage.GRAPH), 0.0,
                timer.secondsIn(Stage.WEIGHTS), timer.secondsIn(Stage.SCORES), 0.0);
    }

    /**
     * The summary of a fit on a built graph, with the seconds {@code timer} counted; {@code largeClasses}
     * as the score reports it.
     */
    public static FitSummary ofGraph(WeightedGraph graph, int largeClasses, StageTimer timer) {
        GraphStatistics statistics = graph.statistics();
        return new FitSummary(statistics.numRows(), statistics.skippedRows(), graph.numFeatures(), statistics.numClasses(),
                graph.spec().graphType(), statistics.numNeighbors(), statistics.method().paramValue(),
                graph.bandwidthInDataUnits(), statistics.numEdges(), statistics.numSelfLoops(), statistics.isolatedRows(),
                statistics.recall(), graph.layout().numBlocks(), graph.layout().rowsPerBlock(), largeClasses,
                timer.secondsIn(Stage.VALIDATION), timer.secondsIn(Stage.GRAPH), timer.secondsIn(Stage.RECALL),
                timer.secondsIn(Stage.WEIGHTS), timer.secondsIn(Stage.SCORES), 0.0);
    }

    /** This summary with the time redundancy removal took. */
    public FitSummary withRedundancySeconds(double seconds) {
        return new FitSummary(numRows, skippedRows, numFeatures, numClasses, graphType, numNeighbors, knnMethod, bandwidth, numEdges,
                numSelfLoops, isolatedRows, recall, numBlocks, rowsPerBlock, largeClasses, validationSeconds, graphSeconds,
                recallSeconds, weightsSeconds, scoresSeconds, seconds);
    }

    /** The components' values, in the order of {@code getRecordComponents()} (for persistence and metadata). */
    Object[] componentValues() {
        RecordComponent[] components = FitSummary.class.getRecordComponents();
        Object[] values = new Object[components.length];
        for (int c = 0; c < components.length; c++) {
            try {
                values[c] = components[c].getAccessor().invoke(this);
            } catch (ReflectiveOperationException impossible) {
                throw new IllegalStateException(impossible);
            }
        }
        return values;
    }

    /** Average number of neighbours per row, {@code 2 |E| / m}. */
    public double averageDegree() {
        return 2.0 * numEdges / numRows;
    }
}
