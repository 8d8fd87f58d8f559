package lapscore.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;
import java.util.stream.IntStream;

import lapscore.bench.StepLedger.StepWork;
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
 * The work a ledger files under each job description (task, processor, shuffle-write, shuffle-wait
 * and GC time, shuffle bytes), against what Spark's own status store (the Spark UI's data) counts
 * for the stages of the same jobs.
 */
class StepLedgerTest {

    private static final String UID = "LaplacianScoreSelector_0123456789ab: ";

    @Test
    void workIsFiledPerDescriptionAndRoundsAreTheRefinementSteps() {
        SparkContext context = SparkTestSession.spark().sparkContext();
        StepLedger ledger = new StepLedger();
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
        assertEquals(other, ledger.workByStep().get(weights).shuffleBytes());
        assertEquals(first + second + other, ledger.totalBytes());
        StepWork work = ledger.workByStep().get(firstRound);
        assertEquals(statusStore(context, "ledger round 1", StageData::executorRunTime) / 1e3, work.taskSeconds(), 1e-9);
        assertEquals(statusStore(context, "ledger round 1", StageData::executorCpuTime) / 1e9, work.cpuSeconds(), 1e-9);
        assertEquals(statusStore(context, "ledger round 1", StageData::shuffleWriteTime) / 1e9, work.shuffleWriteSeconds(), 1e-9);
        assertEquals(statusStore(context, "ledger round 1", StageData::shuffleFetchWaitTime) / 1e3, work.shuffleWaitSeconds(), 1e-9);
        assertEquals(statusStore(context, "ledger round 1", StageData::jvmGcTime) / 1e3, work.gcSeconds(), 1e-9);
        assertTrue(work.cpuSeconds() > 0 && work.shuffleWriteSeconds() > 0, work.toString());
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
        return statusStore(context, group, StageData::shuffleWriteBytes);
    }

    /** The sum of {@code metric} over the stages of the jobs of {@code group}, as Spark's status store counts them. */
    private static long statusStore(SparkContext context, String group, ToLongFunction<StageData> metric) {
        long sum = 0;
        for (int job : context.statusTracker().getJobIdsForGroup(group)) {
            for (Object stage : CollectionConverters.asJava(context.statusStore().job(job).stageIds())) {
                for (StageData attempt : CollectionConverters.asJava(context.statusStore().stageData((Integer) stage, false,
                        new ArrayList<>(), false, new double[0]))) {
                    sum += metric.applyAsLong(attempt);
                }
            }
        }
        return sum;
    }
}
