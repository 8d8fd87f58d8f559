package lapscore.bench;

import java.util.List;

import lapscore.progress.PairCounts;
import lapscore.progress.StepNames;
import lapscore.progress.TaskRows;

/**
 * What one fit held, shipped and computed, counted while it ran: the most rows one task held at once
 * (as the tasks recorded them, {@link TaskRows}), the NN-descent rounds it ran, the shuffle bytes
 * written by its largest round and by the whole fit (every step, the recall estimate's included),
 * and the pair distances per row of the approximate search's trees and rounds ({@link PairCounts}).
 *
 * @param rowsPerTask              the most rows one task held; 0 when no task recorded any, -1 when not measured
 * @param rounds                   NN-descent rounds (steps named {@link StepNames#REFINEMENT}); -1 when not measured
 * @param largestRoundShuffleBytes shuffle bytes written by the round that wrote most; 0 without rounds, -1 when not measured
 * @param shuffleBytes             shuffle bytes written by the fit; -1 when not measured
 * @param treePairsPerRow          pair distances within the trees' leaves, per row; NaN when not measured
 * @param roundPairsPerRow         pair distances screened by the rounds' local joins, per row; NaN when not measured
 */
public record FitFootprint(long rowsPerTask, int rounds, long largestRoundShuffleBytes, long shuffleBytes,
                           double treePairsPerRow, double roundPairsPerRow) {

    /** A fit outside Spark (pynndescent) or whose listeners did not hear every event. */
    public static final FitFootprint NOT_MEASURED = new FitFootprint(-1, -1, -1, -1, Double.NaN, Double.NaN);

    /**
     * The footprint of a fit of {@code numRows} rows whose tasks held at most {@code rowsPerTask}
     * rows, whose steps {@code steps} heard and whose pair distances {@code pairs} counted.
     */
    static FitFootprint of(long rowsPerTask, StepLedger steps, PairCounts pairs, long numRows) {
        List<Long> rounds = steps.bytesOfSteps(StepNames.REFINEMENT);
        return new FitFootprint(rowsPerTask, rounds.size(), rounds.stream().mapToLong(Long::longValue).max().orElse(0),
                steps.totalBytes(), (double) pairs.treePairs().sum() / numRows, (double) pairs.roundPairs().sum() / numRows);
    }
}
