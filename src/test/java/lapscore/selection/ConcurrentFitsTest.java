package lapscore.selection;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

import lapscore.selection.base.FeatureSelectorModel;
import lapscore.testkit.LabeledFrames;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Test;

/** Two fits of different configurations run at once from two threads on the one session get the results they get alone. */
class ConcurrentFitsTest {

    private static final double[][] DATA = SparkTestSession.clusteredData(500, 6, 23L);

    private static Dataset<Row> data() {
        Object[] labels = new Object[DATA.length];
        for (int i = 0; i < DATA.length; i++) {
            labels[i] = (double) (DATA[i][0] > 0 ? 1 : 0) + (DATA[i][2] > 0 ? 2 : 0);
        }
        return LabeledFrames.frame(DATA, labels, DataTypes.DoubleType, 3);
    }

    private static FeatureSelectorModel<?> approximateLaplacian() {
        return new LaplacianScoreSelector().setKnnMethod("approximate").setNumNeighbors(6).setNumTrees(3).setLeafSize(80)
                .setRecallSampleSize(60).setBlockSize(100).setSeed(9L).setNumTopFeatures(3).fit(data());
    }

    private static FeatureSelectorModel<?> lkrOnLargeClasses() {
        return new LocalKernelRegressionSelector().setGraphType("class").setLabelCol(LabeledFrames.LABEL).setMaxClassSize(120)
                .setNumNeighbors(5).setBlockSize(100).setNumTopFeatures(3).fit(data());
    }

    @Test
    void twoFitsAtOnceGetTheirResultsAlone() throws Exception {
        List<Supplier<FeatureSelectorModel<?>>> fits = List.of(ConcurrentFitsTest::approximateLaplacian, ConcurrentFitsTest::lkrOnLargeClasses);
        List<FeatureSelectorModel<?>> alone = fits.stream().<FeatureSelectorModel<?>>map(Supplier::get).toList();

        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            CyclicBarrier start = new CyclicBarrier(2);
            List<Future<FeatureSelectorModel<?>>> together = fits.stream().map(fit -> threads.<FeatureSelectorModel<?>>submit(() -> {
                start.await();
                return fit.get();
            })).toList();
            for (int f = 0; f < fits.size(); f++) {
                FeatureSelectorModel<?> expected = alone.get(f);
                FeatureSelectorModel<?> actual = together.get(f).get();
                String name = expected.getClass().getSimpleName();
                assertArrayEquals(expected.scores(), actual.scores(), name);
                assertArrayEquals(expected.featureRanking(), actual.featureRanking(), name);
                assertArrayEquals(expected.selectedFeatures(), actual.selectedFeatures(), name);
                assertEquals(expected.summary().numEdges(), actual.summary().numEdges(), name);
                assertEquals(expected.summary().recall(), actual.summary().recall(), 0.0, name);
            }
        } finally {
            threads.shutdownNow();
        }
    }
}
