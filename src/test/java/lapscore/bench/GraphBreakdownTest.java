package lapscore.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import lapscore.bench.StepLedger.StepWork;
import lapscore.progress.Stage;
import lapscore.progress.StepNames;
import org.junit.jupiter.api.Test;

/**
 * The parts of a graph's time: each step's wall time and work filed under the trees, the rounds or
 * the rest by its name, sums written out, steps of other stages left out, and the work of a
 * description that two steps share (filed once by the ledger) counted once.
 */
class GraphBreakdownTest {

    private static final String PREFIX = "LaplacianScoreSelector_0123456789ab: ";

    @Test
    void stepsAreSummedIntoTheirParts() {
        String tree1 = StepNames.TREE + " 1/2: distances within 3 leaves";
        String tree2 = StepNames.TREE + " 2/2: distances within 3 leaves";
        String round1 = StepNames.REFINEMENT + " 1/20: local joins";
        String cells = "kNN graph (approximate): 100 rows into 2 cells of 50 in leaf order";
        GraphBreakdown breakdown = new GraphBreakdown();
        breakdown.stepFinished(Stage.GRAPH, StepNames.TREE_SAMPLE + " (about 10 rows, 2 trees)", 0.25);
        breakdown.stepFinished(Stage.GRAPH, cells, 0.5);
        breakdown.stepFinished(Stage.GRAPH, tree1, 2.0);
        breakdown.stepFinished(Stage.GRAPH, tree2, 1.5);
        breakdown.stepFinished(Stage.GRAPH, round1, 3.0);
        breakdown.stepFinished(Stage.GRAPH, cells, 0.25);
        breakdown.stepFinished(Stage.RECALL, StepNames.RECALL_SAMPLE + " 10 rows", 9.0);
        breakdown.stepFinished(Stage.SCORES, StepNames.LAPLACIAN_SCORES, 7.0);
        StepWork treeWork = new StepWork(1.0, 0.75, 0.125, 0.0625, 0.5, 1000);
        StepWork roundWork = new StepWork(5.0, 4.0, 0.25, 0.5, 0.25, 4000);
        StepWork cellWork = new StepWork(0.5, 0.25, 0.0, 0.0, 0.0, 300);
        Map<String, StepWork> work = Map.of(PREFIX + tree1, treeWork, PREFIX + tree2, treeWork, PREFIX + round1, roundWork,
                PREFIX + cells, cellWork, PREFIX + StepNames.LAPLACIAN_SCORES, roundWork, "another fit's step", roundWork);

        List<GraphBreakdown.Part> parts = breakdown.parts(work, PREFIX);

        assertEquals(List.of(
                new GraphBreakdown.Part("trees", 2, 3.5, new StepWork(2.0, 1.5, 0.25, 0.125, 1.0, 2000)),
                new GraphBreakdown.Part("NN-descent rounds", 1, 3.0, roundWork),
                new GraphBreakdown.Part("the rest (blocks, tree sample, leaf counts, cells, names back, edge count)", 3, 1.0, cellWork)), parts);
        assertEquals(3.5 * 2 - 2.0, parts.get(0).idleCoreSeconds(2));
        assertEquals(0.0, parts.get(1).idleCoreSeconds(1), "more task time than wall time on one core is no idle time");
    }
}
