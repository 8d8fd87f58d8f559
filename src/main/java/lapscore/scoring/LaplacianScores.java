package lapscore.scoring;

import java.util.List;

import lapscore.data.blocks.BlockPairs;
import lapscore.data.blocks.OrderedReduce;
import lapscore.data.blocks.RowBlock;
import lapscore.graph.WeightedGraph;
import lapscore.graph.edges.Edge;
import lapscore.graph.edges.EdgeWeighting;
import lapscore.progress.Stage;
import lapscore.progress.StageTimer;
import lapscore.progress.StepNames;
import lapscore.progress.TaskRows;
import org.apache.spark.api.java.JavaRDD;

/**
 * The Laplacian Score of every feature (He, Cai and Niyogi, "Laplacian Score for Feature
 * Selection", NIPS 2005, eq. 1):
 * <pre>
 *   L_r = f~_r^T L f~_r / f~_r^T D f~_r,   f~_r = f_r - (f_r^T D 1 / 1^T D 1) 1,   L = D - S
 * </pre>
 * smaller is better. The numerator equals {@code f_r^T L f_r} because {@code L 1 = 0}. A feature
 * that is constant where the denominator looks (rows with {@code D_ii > 0} for the degree
 * weighting, all rows for the uniform one) carries no information: its score is NaN.
 */
public final class LaplacianScores {

    private LaplacianScores() {
    }

    /**
     * Scores every feature with one pass over the edges of {@code graph}: each block-pair task
     * reads its two blocks and its edges (aligned partitions, no join), and the per-task sums
     * are merged in block-pair order ({@link OrderedReduce}), the same to the last bit on every run. {@code shift} is the plain mean of every feature.
     */
    public static double[] compute(WeightedGraph graph, double[] shift, VarianceWeighting varianceWeighting, StageTimer timer) {
        return fromMoments(moments(graph, shift, timer), varianceWeighting);
    }

    /**
     * The per-feature sums over the edges of {@code graph} ({@link FeatureMoments}) in one pass, which
     * the Laplacian Score, the denominator of the Local Kernel Regression score and SPEC share.
     */
    public static FeatureMoments moments(WeightedGraph graph, double[] shift, StageTimer timer) {
        return timer.run(Stage.SCORES,
                StepNames.LAPLACIAN_SCORES + ": one pass over " + graph.statistics().numEdges() + " edges in "
                        + graph.layout().numPairs() + " block pairs",
                () -> aggregate(graph, shift, timer.taskRows()));
    }

    private static FeatureMoments aggregate(WeightedGraph graph, double[] shift, TaskRows taskRows) {
        EdgeWeighting weighting = graph.weighting();
        JavaRDD<FeatureMoments> perPair = BlockPairs.all(graph.blocks(), graph.layout())
                .zipPartitions(graph.edgesByBlockPair(), (pairs, edges) -> {
                    FeatureMoments moments = new FeatureMoments(shift);
                    while (pairs.hasNext()) {
                        var pair = pairs.next();
                        RowBlock low = pair._1();
                        RowBlock high = pair._2();
                        taskRows.record(low.index() == high.index() ? low.size() : low.size() + high.size());
                        while (edges.hasNext()) {
                            Edge edge = edges.next();
                            moments.addEdge(low.rowById(edge.src()), high.rowById(edge.dst()), weighting.weight(edge), edge.isSelfLoop());
                        }
                        if (low.index() == high.index()) {
                            for (int i = 0; i < low.size(); i++) {
                                moments.addRow(low.row(i));
                            }
                        }
                    }
                    return List.of(moments).iterator();
                });
        return OrderedReduce.reduce(perPair, FeatureMoments::merge);
    }

    /** Scores from accumulated sums; NaN for features constant where the denominator looks. */
    public static double[] fromMoments(FeatureMoments moments, VarianceWeighting varianceWeighting) {
        double[] scores = new double[moments.numFeatures()];
        for (int r = 0; r < scores.length; r++) {
            boolean degree = varianceWeighting == VarianceWeighting.DEGREE;
            boolean constant = degree ? moments.constantOnGraph(r) : moments.constantOnRows(r);
            double variance = degree ? moments.degreeVariance(r) : moments.uniformVariance(r);
            scores[r] = constant ? Double.NaN : moments.smoothness(r) / variance;
        }
        return scores;
    }
}
