package io.github.lapscore.bench;

import java.util.List;

import io.github.lapscore.progress.StepNames;
import io.github.lapscore.progress.TaskRows;

/**
 * What one fit held and shipped, counted while it ran: the most rows one task held at once (as the
 * tasks recorded them, {@link TaskRows}), the NN-descent rounds it ran, the shuffle bytes written by
 * its largest round, and the shuffle bytes written by the whole fit (every step, the recall
 * estimate's included).
 *
 * @param rowsPerTask              the most rows one task held; 0 when no task recorded any, -1 when not measured
 * @param rounds                   NN-descent rounds (steps named {@link StepNames#REFINEMENT}); -1 when not measured
 * @param largestRoundShuffleBytes shuffle bytes written by the round that wrote most; 0 without rounds, -1 when not measured
 * @param shuffleBytes             shuffle bytes written by the fit; -1 when not measured
 */
public record FitFootprint(long rowsPerTask, int rounds, long largestRoundShuffleBytes, long shuffleBytes) {

    /** A fit outside Spark (pynndescent) or whose listeners did not hear every event. */
    public static final FitFootprint NOT_MEASURED = new FitFootprint(-1, -1, -1, -1);

    /** The footprint of a fit whose tasks held at most {@code rowsPerTask} rows and whose shuffles {@code shuffle} heard. */
    static FitFootprint of(long rowsPerTask, ShuffleLedger shuffle) {
        List<Long> rounds = shuffle.bytesOfSteps(StepNames.REFINEMENT);
        return new FitFootprint(rowsPerTask, rounds.size(), rounds.stream().mapToLong(Long::longValue).max().orElse(0),
                shuffle.totalBytes());
    }
}
