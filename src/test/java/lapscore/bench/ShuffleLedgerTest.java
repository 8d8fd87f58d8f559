package lapscore.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import lapscore.terminal.ListenerScope;
import lapscore.progress.PairCounts;
import lapscore.progress.StepNames;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.status.api.v1.StageData;
import org.junit.jupiter.api.Test;

import scala.Tuple2;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The shuffle bytes a ledger files under each job description, against what Spark's own status
 * store (the Spark UI's data) counts for the stages of the same jobs.
 */
class ShuffleLedgerTest {

    private static final String UID = "LaplacianScoreSelector_0123456789ab: ";

    @Test
    void bytesAreFiledPerDescriptionAndRoundsAreTheRefinementSteps() {
        SparkContext context = SparkTestSession.spark().sparkContext();
        ShuffleLedger ledger = new ShuffleLedger();
        String firstRound = UID + StepNames.REFINEMENT + " 1/2: local joins";
        String secondRound = UID + StepNames.REFINEMENT + " 2/2: local joins";
        String weights = UID + StepNames.EDGE_WEIGHTS;
        ListenerScope listening = ListenerScope.listen(context, ledger);
        try (listening) {
            shuffle(context, "ledger round 1", firstRound, 1_000);
            shuffle(context, "ledger round 1", firstRound, 3_000);
            shuffle(context, "ledger round 2", secondRound, 2_000);
            shuffle(context, "ledger weights", weights, 500);
        } finally {
            context.clearJobGroup();
        }
        assertTrue(listening.heardAll());
        long first = statusStoreBytes(context, "ledger round 1");
        long second = statusStoreBytes(context, "ledger round 2");
        long other = statusStoreBytes(context, "ledger weights");
        assertTrue(first > 0 && second > 0 && other > 0, first + " " + second + " " + other);
        assertEquals(List.of(first, second), ledger.bytesOfSteps(StepNames.REFINEMENT), "both jobs of round 1 in one entry");
        assertEquals(other, ledger.bytesByStep().get(weights));
        assertEquals(first + second + other, ledger.totalBytes());
        PairCounts pairs = PairCounts.register(context);
        pairs.treePairs().add(300);
        pairs.roundPairs().add(900);
        assertEquals(new FitFootprint(7, 2, Math.max(first, second), first + second + other, 3.0, 9.0),
                FitFootprint.of(7, ledger, pairs, 100));
    }

    /** A job under {@code description} in job group {@code group} that shuffles {@code numbers} numbers by their residue mod 97. */
    private static void shuffle(SparkContext context, String group, String description, int numbers) {
        context.setJobGroup(group, description, false);
        JavaSparkContext.fromSparkContext(context).parallelize(IntStream.range(0, numbers).boxed().toList(), 4)
                .mapToPair(number -> new Tuple2<>(number % 97, number)).groupByKey(3).count();
    }

    /** The shuffle bytes that Spark's status store counts for the stages of the jobs of {@code group}. */
    private static long statusStoreBytes(SparkContext context, String group) {
        long bytes = 0;
        for (int job : context.statusTracker().getJobIdsForGroup(group)) {
            for (Object stage : CollectionConverters.asJava(context.statusStore().job(job).stageIds())) {
                for (StageData attempt : CollectionConverters.asJava(context.statusStore().stageData((Integer) stage, false,
                        new ArrayList<>(), false, new double[0]))) {
                    bytes += attempt.shuffleWriteBytes();
                }
            }
        }
        return bytes;
    }
}
