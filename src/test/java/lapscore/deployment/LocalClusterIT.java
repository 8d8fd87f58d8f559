package lapscore.deployment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import lapscore.progress.StepNames;
import lapscore.selection.FisherScoreSelector;
import lapscore.selection.LaplacianScoreSelector;
import lapscore.selection.base.FeatureSelectorModel;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The selectors on a Spark cluster of separate JVMs: {@code local-cluster[2,1,1024]} runs a standalone
 * master and two workers in this JVM, and each worker launches an executor JVM of one core, as on a
 * real cluster. The executors get the project only as a user's application would ship it: the packaged
 * jar in {@code spark.jars}, fetched from the driver; their class path holds the dependencies
 * ({@code target/classpath.txt}, Spark included, since there is no Spark distribution) and the test
 * classes (for {@link ExecutorHalt}), not the project's classes. So this test catches what local mode
 * cannot: closures and models that do not serialize, classes missing from the jar, state kept in
 * static fields, results that depend on which JVM computes them.
 *
 * <p>Run by maven-failsafe-plugin after {@code package}, which passes the paths as system properties
 * and sets the environment the workers need to launch executors (see pom.xml). One JVM holds one
 * SparkContext, so the same fits in local mode, the reference, run first and their session is
 * stopped before the cluster starts.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class LocalClusterIT {

    private static final String[] NAMES = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta"};
    private static final double[][] DATA = SparkTestSession.clusteredData(300, NAMES.length, 23L);
    private static final int PARTITIONS = 4;
    private static final String LABEL = "label";
    private static final String LAPLACIAN = "laplacian";
    /** The Laplacian Score on an approximate graph whose tasks hold at most 80 of the 300 rows: cells of 10 rows. */
    private static final String APPROXIMATE = "laplacian-approximate";
    private static final String[] SCORES = {LAPLACIAN, "fisher", APPROXIMATE};
    /** A step of the Laplacian fit late enough that both executors hold cached graph blocks and shuffle output. */
    private static final String HALTED_STEP = StepNames.LAPLACIAN_SCORES;

    private static Fitted local;
    private static SparkSession cluster;

    /** Fitted pipelines by score, and their output on the table as collected on the driver. */
    private record Fitted(Map<String, PipelineModel> models, Map<String, List<Row>> outputs) {

        FeatureSelectorModel<?> selector(String score) {
            return (FeatureSelectorModel<?>) models.get(score).stages()[1];
        }
    }

    @BeforeAll
    static void fitLocallyThenStartTheCluster() throws IOException {
        SparkSession session = SparkSession.builder().master("local[2]").appName("lapscore-local-reference")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", String.valueOf(PARTITIONS))
                .getOrCreate();
        try {
            local = fit(table(session));
        } finally {
            session.stop();
        }
        // The workers build each executor's command with Spark's launcher, which refuses a SPARK_HOME without jars/.
        Files.createDirectories(Path.of(required(System.getenv("SPARK_HOME"), "environment variable SPARK_HOME"), "jars"));
        cluster = SparkSession.builder().master("local-cluster[2,1,1024]").appName("lapscore-cluster-it")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", String.valueOf(PARTITIONS))
                // Within the worker's 1024 MB, or the master never places an executor.
                .config("spark.executor.memory", "512m")
                .config("spark.jars", property("lapscore.jar"))
                .config("spark.executor.extraClassPath", Files.readString(Path.of(property("lapscore.classpath"))).trim()
                        + File.pathSeparator + property("lapscore.testClasses"))
                // This JVM's options (conf/spark-jvm.options), so that executors compute as the local reference did: Spark
                // adds its own module options to the executors' command, but only 4.x's include the vector module the BLAS uses.
                .config("spark.executor.extraJavaOptions", jvmOptions(Path.of(property("lapscore.jvmOptions"))))
                .config("spark.plugins", ExecutorHalt.class.getName())
                .getOrCreate();
        awaitExecutors(cluster.sparkContext(), 2);
    }

    @AfterAll
    static void stopTheCluster() {
        if (cluster != null) {
            cluster.stop();
        }
    }

    @Test
    void pipelinesOnTheClusterFitTransformSaveAndLoadAsInLocalMode(@TempDir Path directory) throws IOException {
        SparkContext context = cluster.sparkContext();
        ClusterEvents events = new ClusterEvents();
        context.addSparkListener(events);
        Dataset<Row> table = table(cluster);
        long start = System.nanoTime();
        Fitted fitted;
        try {
            fitted = fit(table);
        } finally {
            context.removeSparkListener(events);
        }
        System.out.printf(Locale.ROOT, "Cluster: the pipelines fitted and applied in %.1f s, tasks on executors %s%n",
                (System.nanoTime() - start) / 1e9, events.executorsWithTasks);
        assertTrue(events.executorsWithTasks.size() >= 2 && !events.executorsWithTasks.contains("driver"),
                "tasks ran on executors " + events.executorsWithTasks);
        assertTrue(context.listJars().mkString(" ").contains("spark-laplacian-score.jar"), context.listJars().mkString(" "));
        for (String score : SCORES) {
            assertArrayEquals(local.selector(score).scores(), fitted.selector(score).scores(), score);
            assertArrayEquals(local.selector(score).selectedFeatures(), fitted.selector(score).selectedFeatures(), score);
            assertEquals(local.outputs().get(score), fitted.outputs().get(score), score);
        }

        String path = directory.resolve("model").toString();
        fitted.models().get(LAPLACIAN).write().save(path);
        PipelineModel loaded = PipelineModel.load(path);
        FeatureSelectorModel<?> reloaded = (FeatureSelectorModel<?>) loaded.stages()[1];
        FeatureSelectorModel<?> saved = fitted.selector(LAPLACIAN);
        assertArrayEquals(saved.scores(), reloaded.scores());
        assertArrayEquals(saved.selectedFeatures(), reloaded.selectedFeatures());
        assertEquals(saved.summary(), reloaded.summary());
        assertEquals(fitted.outputs().get(LAPLACIAN), output(loaded, table));
    }

    @Test
    void fitSurvivesTheLossOfAnExecutor(@TempDir Path directory) throws TimeoutException {
        SparkContext context = cluster.sparkContext();
        Dataset<Row> table = table(cluster);
        File marker = directory.resolve("executor-halted").toFile();
        ClusterEvents events = new ClusterEvents();
        context.addSparkListener(events);
        ExecutorHalt.arm(context, HALTED_STEP, marker);
        long start = System.nanoTime();
        FeatureSelectorModel<?> survivor;
        try {
            survivor = (FeatureSelectorModel<?>) pipeline(LAPLACIAN).fit(table).stages()[1];
        } finally {
            ExecutorHalt.disarm(context);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        // Every task of the fit ended before it returned: once Spark's listener bus is drained, the listener heard them all.
        context.listenerBus().waitUntilEmpty();
        // The listener hears of the removal after the fact, and the replacement executor may register after the
        // fit has rerun its work on the other one; waiting for both also leaves two executors for the other test.
        await(() -> !events.removed.isEmpty() && events.added.size() >= events.removed.size(), 120,
                () -> "executors removed " + events.removed + ", added " + events.added);
        context.removeSparkListener(events);

        System.out.printf(Locale.ROOT, "Executor loss: fit in %.1f s; executors removed %s, added %s; failed tasks %s; "
                + "then stages %s; retries that succeeded %s%n", seconds, events.removed, events.added, events.failedTasks,
                events.stagesAfterFailure, events.retriesThatSucceeded);
        assertTrue(marker.exists(), "no executor was halted");
        assertEquals(1, events.removed.size(), "executors removed: " + events.removed);
        assertFalse(events.failedTasks.isEmpty(), "no task was lost with the executor");
        assertFalse(events.retriesThatSucceeded.isEmpty(), "no lost work ran again: " + events.stagesAfterFailure);
        assertTrue(events.computedPartitions.containsAll(events.failedPartitions), "partitions of failed tasks "
                + events.failedPartitions + ", computed " + events.computedPartitions);
        FeatureSelectorModel<?> clean = local.selector(LAPLACIAN);
        assertArrayEquals(clean.scores(), survivor.scores());
        assertArrayEquals(clean.featureRanking(), survivor.featureRanking());
        assertArrayEquals(clean.selectedFeatures(), survivor.selectedFeatures());
        assertEquals(clean.summary().numEdges(), survivor.summary().numEdges());
        assertEquals(clean.summary().bandwidth(), survivor.summary().bandwidth(), 0.0);
    }

    /**
     * On a cluster whose context has a checkpoint directory, each step of the approximate search
     * (trees, rounds, renaming) writes its lists there and forgets its lineage, and the fit gives the
     * scores of the same fit in local mode, where the steps forget their lineage by local checkpoints.
     */
    @Test
    void anApproximateFitCheckpointsItsStepsWhereTheContextSays(@TempDir Path directory) throws IOException {
        SparkContext context = cluster.sparkContext();
        Path checkpoints = directory.resolve("checkpoints");
        context.setCheckpointDir(checkpoints.toString());
        FeatureSelectorModel<?> fitted;
        try {
            fitted = (FeatureSelectorModel<?>) pipeline(APPROXIMATE).fit(table(cluster)).stages()[1];
        } finally {
            context.checkpointDir_$eq(scala.Option.empty());
        }
        List<Path> written;
        try (var files = Files.walk(checkpoints)) {
            written = files.filter(file -> file.getFileName().toString().startsWith("rdd-")).toList();
        }
        assertTrue(written.size() >= 5, "the lists of the merged trees, the rounds and the renaming were checkpointed: "
                + written);
        assertArrayEquals(local.selector(APPROXIMATE).scores(), fitted.scores());
        assertArrayEquals(local.selector(APPROXIMATE).selectedFeatures(), fitted.selectedFeatures());
    }

    /** The pipelines of {@link #SCORES} fitted on {@code table}, and their output on it. */
    private static Fitted fit(Dataset<Row> table) {
        Map<String, PipelineModel> models = new LinkedHashMap<>();
        Map<String, List<Row>> outputs = new LinkedHashMap<>();
        for (String score : SCORES) {
            PipelineModel model = pipeline(score).fit(table);
            models.put(score, model);
            outputs.put(score, output(model, table));
        }
        return new Fitted(models, outputs);
    }

    /**
     * VectorAssembler of the named columns, then the Laplacian Score (exact kNN graph, 3 blocks: 6 block pairs, or
     * approximate in cells, {@link #APPROXIMATE}) or the Fisher score.
     */
    private static Pipeline pipeline(String score) {
        VectorAssembler assembler = new VectorAssembler().setInputCols(NAMES).setOutputCol("features");
        PipelineStage selector = switch (score) {
            case LAPLACIAN -> new LaplacianScoreSelector().setNumNeighbors(5).setBlockSize(100).setNumTopFeatures(3);
            case APPROXIMATE -> new LaplacianScoreSelector().setNumNeighbors(5).setKnnMethod("approximate").setMaxRowsPerTask(80)
                    .setNumTopFeatures(3);
            default -> new FisherScoreSelector().setLabelCol(LABEL).setNumTopFeatures(3);
        };
        return new Pipeline().setStages(new PipelineStage[]{assembler, selector});
    }

    private static List<Row> output(PipelineModel model, Dataset<Row> table) {
        return model.transform(table).select("selectedFeatures").collectAsList();
    }

    /** {@link #DATA} as named double columns and a label of three classes, in {@link #PARTITIONS} partitions. */
    private static Dataset<Row> table(SparkSession session) {
        StructType schema = new StructType();
        for (String name : NAMES) {
            schema = schema.add(name, DataTypes.DoubleType, false);
        }
        schema = schema.add(LABEL, DataTypes.DoubleType, false);
        List<Row> rows = new ArrayList<>();
        for (double[] row : DATA) {
            Object[] values = Arrays.copyOf(Arrays.stream(row).boxed().toArray(), row.length + 1);
            values[row.length] = (double) Math.floorMod(Math.round(row[0]), 3);
            rows.add(RowFactory.create(values));
        }
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(session.sparkContext());
        return session.createDataFrame(jsc.parallelize(rows, PARTITIONS), schema);
    }

    /** conf/spark-jvm.options on one line, as spark.executor.extraJavaOptions takes them. */
    private static String jvmOptions(Path file) {
        try {
            return Files.readAllLines(file).stream().map(String::trim).filter(line -> !line.isEmpty() && !line.startsWith("#"))
                    .collect(Collectors.joining(" "));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Waits until {@code count} executors (the driver is not one) are registered: executors start after the context. */
    private static void awaitExecutors(SparkContext context, int count) {
        await(() -> context.statusTracker().getExecutorInfos().length - 1 >= count, 120,
                () -> "executors registered: " + (context.statusTracker().getExecutorInfos().length - 1));
    }

    private static void await(BooleanSupplier condition, int seconds, Supplier<String> message) {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("after " + seconds + " s: " + message.get());
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }
    }

    private static String property(String name) {
        return required(System.getProperty(name), "system property " + name);
    }

    /** The paths come from maven-failsafe-plugin's configuration; run the test with {@code ./mvnw verify}. */
    private static String required(String value, String what) {
        if (value == null || value.isEmpty()) {
            throw new IllegalStateException(what + " is not set: run this test with ./mvnw verify (maven-failsafe-plugin)");
        }
        return value;
    }
}
