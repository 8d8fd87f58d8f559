package lapscore.evaluation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import lapscore.data.CacheScope;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/**
 * What the experiment does when a selector cannot run: refused by its checks before any selector
 * ranks, or failing while it ranks, when the others' rows are kept. The selectors here are stubs
 * that count their calls, so the evidence is what ran, not how long it took.
 */
class ExperimentTest {

    private static final StructType SCHEMA = new StructType().add("features", SQLDataTypes.VectorType())
            .add("class", DataTypes.DoubleType);

    /** A ranker with a fixed ranking that counts its checks and rankings, and fails where told to. */
    private static final class Stub implements FeatureRanker {
        private final String name;
        private final boolean refuses;
        private final boolean fails;
        int checks;
        int rankings;

        Stub(String name, boolean refuses, boolean fails) {
            this.name = name;
            this.refuses = refuses;
            this.fails = fails;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public boolean supervised() {
            return false;
        }

        @Override
        public void check(Dataset<Row> rows) {
            checks++;
            if (refuses) {
                throw new IllegalArgumentException("k = 200 is not below the 60 rows");
            }
        }

        @Override
        public RankedFeatures rank(Dataset<Row> rows) {
            rankings++;
            if (fails) {
                throw new IllegalArgumentException("The graph is not connected\nsecond line");
            }
            return new RankedFeatures(new int[]{2, 0, 1});
        }
    }

    @Test
    void aSelectorThatItsChecksRefuseStopsTheRunBeforeAnySelectorRanks() {
        Stub first = new Stub("first", false, false);
        Stub refused = new Stub("refused", true, false);
        Stub last = new Stub("last", false, false);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        try (CacheScope caches = new CacheScope()) {
            Experiment experiment = experiment(caches, printed);
            List<FeatureRanker> rankers = List.of(first, refused, last);
            String message = assertThrows(IllegalArgumentException.class, () -> experiment.check(rankers)).getMessage();
            assertEquals("refused cannot run, so no selector was run: k = 200 is not below the 60 rows", message);
        }
        assertEquals(List.of(1, 1, 0), List.of(first.checks, refused.checks, last.checks), "checked in order up to the refusal");
        assertEquals(0, first.rankings + refused.rankings + last.rankings, "no selector ranked");
        assertEquals("", printed.toString(StandardCharsets.UTF_8), "nothing evaluated, not even the baseline");
    }

    @Test
    void aSelectorThatFailsWhileItRanksIsNamedAndTheOthersRowsAreKept() {
        Stub first = new Stub("first", false, false);
        Stub broken = new Stub("broken", false, true);
        Stub last = new Stub("last", false, false);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        Experiment.Result result;
        try (CacheScope caches = new CacheScope()) {
            Experiment experiment = experiment(caches, printed);
            List<FeatureRanker> rankers = List.of(first, broken, last);
            experiment.check(rankers);
            result = experiment.run(rankers, new int[]{1, 2});
        }
        List<String> rows = result.rows().stream().map(row -> row.selector() + " " + row.numFeatures()).toList();
        assertEquals(List.of("all 3", "first 1", "first 2", "last 1", "last 2"), rows);
        assertEquals(List.of("broken failed, so it has no rows: The graph is not connected"), result.failures());
        assertEquals(1, last.rankings, "the selector after the failed one still ran");
        assertTrue(printed.toString(StandardCharsets.UTF_8).contains("[evaluate] broken failed, so it has no rows"), printed.toString());
        String markdown = new EvaluationTable(result.rows(), result.failures()).markdown();
        assertTrue(markdown.endsWith("\n- broken failed, so it has no rows: The graph is not connected\n"), markdown);
        assertEquals(List.of("first 1 [2]", "first 2 [2, 0]", "last 1 [2]", "last 2 [2, 0]"), result.selections().stream()
                .map(selection -> selection.selector() + " " + selection.numFeatures() + " " + Arrays.toString(selection.features()))
                .toList());
    }

    /** 60 rows of 3 features in 2 classes, 1 restart and 1 split. */
    private static Experiment experiment(CacheScope caches, ByteArrayOutputStream printed) {
        Random random = new Random(8);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            rows.add(RowFactory.create(Vectors.dense(random.nextGaussian(), random.nextGaussian(), i % 2 + random.nextGaussian()),
                    (double) (i % 2)));
        }
        Dataset<Row> data = caches.persist(SparkTestSession.spark().createDataFrame(rows, SCHEMA));
        return new Experiment(data, "features", "class", 2, 3, 1, 1, 4, caches,
                new PrintStream(printed, true, StandardCharsets.UTF_8));
    }
}
