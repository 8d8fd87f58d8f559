package lapscore.selection;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import lapscore.selection.base.FeatureSelector;
import lapscore.selection.base.FeatureSelectorModel;
import lapscore.selection.registry.Score;
import lapscore.selection.registry.Scores;
import lapscore.testkit.LabeledFrames;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.ml.linalg.DenseVector;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.param.Params;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What every selector and its model promise, whatever the score: documented params, the model's
 * shape and ranking, Pipeline use with save and load, storage kept, schema errors before any work,
 * and scores that depend on the data only. Each score is one or more lines of {@link #CONTRACTS}.
 */
class SelectorContractTest {

    /** One estimator under test: a name, the registry's name of its score, and a factory of configured, unfitted instances. */
    record Contract(String name, String score, Supplier<FeatureSelector<?, ?>> estimator) {

        /** The model class of the contract's score. */
        Class<? extends FeatureSelectorModel<?>> modelClass() {
            return Scores.named(score).model();
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private static final String[] NAMES = {"f0", "f1", "f2", "f3", "f4", "f5"};
    private static final int DIMS = NAMES.length;
    private static final int ROWS = 120;
    private static final int TOP = 3;
    private static final double[][] DATA;
    private static final int[] CLASSES;
    private static final double RADIUS;

    static {
        Random random = new Random(41);
        CLASSES = new int[ROWS];
        DATA = new double[ROWS][DIMS];
        double[][] centres = new double[3][DIMS];
        for (double[] centre : centres) {
            for (int j = 0; j < DIMS; j++) {
                centre[j] = j % 2 == 0 ? 3.0 * random.nextGaussian() : 0.2 * random.nextGaussian();
            }
        }
        for (int i = 0; i < ROWS; i++) {
            CLASSES[i] = random.nextInt(3);
            for (int j = 0; j < DIMS; j++) {
                DATA[i][j] = centres[CLASSES[i]][j] + (1 + j % 3) * random.nextGaussian();
            }
            // implicit zeros for the sparse copies (at most two per row, so VectorAssembler stays dense)
            if (i % 3 == 0) {
                DATA[i][1] = 0.0;
            }
            if (i % 4 == 0) {
                DATA[i][4] = 0.0;
            }
        }
        List<Double> distances = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            for (int j = i + 1; j < ROWS; j++) {
                double sum = 0;
                for (int t = 0; t < DIMS; t++) {
                    sum += (DATA[i][t] - DATA[j][t]) * (DATA[i][t] - DATA[j][t]);
                }
                distances.add(Math.sqrt(sum));
            }
        }
        Collections.sort(distances);
        int q = distances.size() / 8;
        RADIUS = (distances.get(q) + distances.get(q + 1)) / 2;
    }

    /**
     * Every score of the registry ({@link Scores#all()}, the test catalogue's included): the library's
     * under the configurations listed here, and any other under its defaults with k = 5 and blocks of
     * 40 rows ({@link #defaultContract}), so that a new score goes through the contract with no line.
     */
    static final List<Contract> CONTRACTS = withDefaults(List.of(
            new Contract("Laplacian knn", "laplacian", () -> new LaplacianScoreSelector().setNumNeighbors(5).setBlockSize(40)),
            new Contract("Laplacian class", "laplacian", () -> new LaplacianScoreSelector().setGraphType("class").setLabelCol(LabeledFrames.LABEL)),
            new Contract("Laplacian classKnn", "laplacian", () -> new LaplacianScoreSelector().setGraphType("classKnn").setLabelCol(LabeledFrames.LABEL).setNumNeighbors(4).setBlockSize(50)),
            new Contract("Laplacian epsilon", "laplacian", () -> new LaplacianScoreSelector().setGraphType("epsilon").setRadius(RADIUS).setWeightKernel("binary")),
            new Contract("Fisher", "fisher", () -> new FisherScoreSelector().setLabelCol(LabeledFrames.LABEL)),
            new Contract("LKR knn", "lkr", () -> new LocalKernelRegressionSelector().setNumNeighbors(5).setBlockSize(40)),
            new Contract("LKR class", "lkr", () -> new LocalKernelRegressionSelector().setGraphType("class").setLabelCol(LabeledFrames.LABEL).setMaxClassSize(20).setNumNeighbors(4)),
            new Contract("SPEC phi3 knn", "spec", () -> new SpecSelector().setNumNeighbors(30).setNumEigenvectors(3).setBlockSize(40)),
            new Contract("SPEC phi1 epsilon", "spec", () -> new SpecSelector().setSpecVariant(1).setGraphType("epsilon").setRadius(RADIUS)),
            new Contract("MCFS knn", "mcfs", () -> new McfsSelector().setNumNeighbors(30).setNumEigenvectors(3).setBlockSize(40))));

    /** {@code listed}, then the {@link #defaultContract} of every registered score none of them names. */
    private static List<Contract> withDefaults(List<Contract> listed) {
        List<Contract> all = new ArrayList<>(listed);
        for (Score score : Scores.all()) {
            if (listed.stream().noneMatch(contract -> contract.score().equals(score.name()))) {
                all.add(defaultContract(score));
            }
        }
        return List.copyOf(all);
    }

    /** A score under its defaults, with k = 5, blocks of 40 rows and the label column where it reads labels. */
    private static Contract defaultContract(Score score) {
        return new Contract(score.title() + " (defaults)", score.name(), () -> {
            FeatureSelector<?, ?> estimator = score.newEstimator();
            for (Map.Entry<String, Object> setting : Map.<String, Object>of("numNeighbors", 5, "blockSize", 40).entrySet()) {
                if (estimator.hasParam(setting.getKey())) {
                    estimator.set(estimator.getParam(setting.getKey()), setting.getValue());
                }
            }
            if (score.has(Score.Trait.SUPERVISED)) {
                estimator.set(estimator.labelCol(), LabeledFrames.LABEL);
            }
            return estimator;
        });
    }

    /** Params documented as having no default (set by the user when needed); every other param has one. */
    private static final Set<String> NO_DEFAULT = Set.of("labelCol", "scoreThreshold", "radius", "bandwidth", "redundancyThreshold");

    private static final Map<String, FeatureSelectorModel<?>> FITTED = new HashMap<>();

    static Stream<Contract> contracts() {
        return CONTRACTS.stream();
    }

    /** Every score of the registry is in the contract, and each contract's estimator is its score's. */
    @Test
    void everyScoreOfTheRegistryHasAContract() {
        for (Score score : Scores.all()) {
            assertTrue(CONTRACTS.stream().anyMatch(contract -> contract.score().equals(score.name())), score.name() + " has no contract");
        }
        for (Contract contract : CONTRACTS) {
            assertSame(Scores.named(contract.score()).estimator(), contract.estimator().get().getClass(), contract.name());
        }
    }

    private static FeatureSelector<?, ?> estimator(Contract contract) {
        FeatureSelector<?, ?> estimator = contract.estimator().get();
        estimator.setNumTopFeatures(TOP);
        return estimator;
    }

    private static Dataset<Row> frame(double[][] rows, int[] classes, int partitions) {
        return LabeledFrames.frame(rows, LabeledFrames.doubles(classes), DataTypes.DoubleType, partitions);
    }

    /** The model of {@code contract} on {@link #DATA} in 3 partitions, fitted once per class run. */
    private static synchronized FeatureSelectorModel<?> fitted(Contract contract) {
        return FITTED.computeIfAbsent(contract.name(), name -> estimator(contract).fit(frame(DATA, CLASSES, 3)));
    }

    private static Dataset<Row> namedTable() {
        StructType schema = new StructType();
        for (String name : NAMES) {
            schema = schema.add(name, DataTypes.DoubleType, false);
        }
        schema = schema.add(LabeledFrames.LABEL, DataTypes.DoubleType, false);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            Object[] values = new Object[DIMS + 1];
            for (int j = 0; j < DIMS; j++) {
                values[j] = DATA[i][j];
            }
            values[DIMS] = (double) CLASSES[i];
            rows.add(RowFactory.create(values));
        }
        return SparkTestSession.spark().createDataFrame(rows, schema);
    }

    /** Finite scores within {@code relative}, NaN and infinities equal. */
    private static void assertSameScores(double[] expected, double[] actual, double relative, String message) {
        assertEquals(expected.length, actual.length, message);
        for (int r = 0; r < expected.length; r++) {
            if (Double.isFinite(expected[r])) {
                assertEquals(expected[r], actual[r], relative * Math.abs(expected[r]), message + ", feature " + r);
            } else {
                assertEquals(expected[r], actual[r], message + ", feature " + r);
            }
        }
    }

    /** Every param of {@code expected} is in {@code actual}, set and defined alike, with the same value. */
    private static void assertSameParams(Params expected, Params actual) {
        for (Param<?> param : expected.params()) {
            String name = param.name();
            assertTrue(actual.hasParam(name), name);
            Param<Object> other = actual.getParam(name);
            assertEquals(expected.isSet(param), actual.isSet(other), name + " set");
            assertEquals(expected.isDefined(param), actual.isDefined(other), name + " defined");
            if (expected.isDefined(param)) {
                assertEquals(expected.getOrDefault(param), actual.getOrDefault(other), name);
            }
        }
    }

    /** The reader of a Spark ML class, found as Spark's loaders find it: the static {@code read()}. */
    private static MLReader<?> readerOf(Class<?> type) throws ReflectiveOperationException {
        return (MLReader<?>) type.getMethod("read").invoke(null);
    }

    private static List<Vector> dense(double[][] rows) {
        return Arrays.stream(rows).map(Vectors::dense).collect(Collectors.toList());
    }

    private static List<Vector> sparse(double[][] rows) {
        return Arrays.stream(rows).map(row -> Vectors.dense(row).toSparse()).collect(Collectors.toList());
    }

    // ---------------------------------------------------------------- params

    @ParameterizedTest(name = "{0}")
    @MethodSource("contracts")
    void paramsAreDocumentedAndHaveTheirDefaults(Contract contract) {
        FeatureSelector<?, ?> estimator = estimator(contract);
        FeatureSelectorModel<?> model = fitted(contract);
        for (Params owner : List.<Params>of(estimator, model)) {
            String what = owner.getClass().getSimpleName();
            assertTrue(owner.params().length > 0, what);
            String explained = owner.explainParams();
            for (Param<?> param : owner.params()) {
                assertFalse(param.doc() == null || param.doc().isBlank(), what + "." + param.name() + " has a doc");
                assertEquals(owner.uid(), param.parent(), what + "." + param.name() + " belongs to its owner");
                assertEquals(!NO_DEFAULT.contains(param.name()), owner.hasDefault(param), what + "." + param.name() + " default");
                assertTrue(explained.contains(param.name() + ":"), what + " explains " + param.name());
            }
        }
        Set<String> estimatorParams = Arrays.stream(estimator.params()).map(Param::name).collect(Collectors.toCollection(TreeSet::new));
        Set<String> modelParams = Arrays.stream(model.params()).map(Param::name).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(estimatorParams, modelParams, "the model carries the estimator's params");
        assertSameParams(estimator, model);

        ParamMap extra = new ParamMap().put(estimator.numTopFeatures().w(1));
        FeatureSelector<?, ?> copy = estimator.copy(extra);
        assertEquals(estimator.uid(), copy.uid());
        assertEquals(1, copy.getNumTopFeatures(), "copy applies the extra params");
        assertEquals(TOP, estimator.getNumTopFeatures(), "copy leaves the original alone");
        FeatureSelectorModel<?> modelCopy = model.copy(new ParamMap().put(model.outputCol().w("picked")));
        assertEquals("picked", modelCopy.getOutputCol());
        assertArrayEquals(model.scores(), modelCopy.scores());
        assertArrayEquals(model.selectedFeatures(), modelCopy.selectedFeatures());
        assertEquals(model.summary(), modelCopy.summary());
    }

    // ---------------------------------------------------------------- the fitted model

    @ParameterizedTest(name = "{0}")
    @MethodSource("contracts")
    void modelHasOneScorePerFeatureRankedBestFirst(Contract contract) {
        FeatureSelector<?, ?> estimator = estimator(contract);
        FeatureSelectorModel<?> model = fitted(contract);
        assertSame(contract.modelClass(), model.getClass());
        assertEquals(estimator.scoreOrder(), model.scoreOrder());
        double[] scores = model.scores();
        assertEquals(DIMS, scores.length);
        assertEquals(DIMS, model.numFeatures());
        assertEquals(ROWS, model.summary().numRows());
        assertEquals(DIMS, model.summary().numFeatures());
        assertTrue(Arrays.stream(scores).allMatch(Double::isFinite), "no constant feature in the data: " + Arrays.toString(scores));

        int[] ranking = model.featureRanking();
        assertArrayEquals(IntStream.range(0, DIMS).toArray(), IntStream.of(ranking).sorted().toArray(), "a permutation");
        for (int p = 1; p < DIMS; p++) {
            assertTrue(model.scoreOrder().compare(scores[ranking[p - 1]], scores[ranking[p]]) <= 0,
                    "best first in " + model.scoreOrder() + ": " + Arrays.toString(scores) + " ranked " + Arrays.toString(ranking));
        }
        assertNotEquals(scores[ranking[0]], scores[ranking[DIMS - 1]], "the scores are not all equal");
        assertArrayEquals(IntStream.of(Arrays.copyOf(ranking, TOP)).sorted().toArray(), model.selectedFeatures(), "the best " + TOP);
    }

    // ---------------------------------------------------------------- Pipeline, save and load

    @ParameterizedTest(name = "{0}")
    @MethodSource("contracts")
    void pipelineFitsSavesAndLoads(Contract contract, @TempDir Path directory) throws IOException {
        Dataset<Row> table = namedTable();
        VectorAssembler assembler = new VectorAssembler().setInputCols(NAMES).setOutputCol("features");
        Pipeline pipeline = new Pipeline().setStages(new PipelineStage[]{assembler, estimator(contract)});
        PipelineModel model = pipeline.fit(table);
        FeatureSelectorModel<?> before = (FeatureSelectorModel<?>) model.stages()[1];
        assertSameScores(fitted(contract).scores(), before.scores(), 1e-12, "in a Pipeline as alone");

        String modelPath = directory.resolve("model").toString();
        model.write().overwrite().save(modelPath);
        PipelineModel loaded = PipelineModel.load(modelPath);
        FeatureSelectorModel<?> after = (FeatureSelectorModel<?>) loaded.stages()[1];
        assertSame(before.getClass(), after.getClass());
        assertEquals(before.uid(), after.uid());
        assertArrayEquals(before.scores(), after.scores());
        assertArrayEquals(before.selectedFeatures(), after.selectedFeatures());
        assertEquals(before.summary(), after.summary());
        assertSameParams(before, after);
        List<Row> expected = model.transform(table).select("features", "selectedFeatures").collectAsList();
        assertEquals(expected, loaded.transform(table).select("features", "selectedFeatures").collectAsList());
        for (Row row : expected) {
            Vector in = row.getAs(0);
            Vector out = row.getAs(1);
            assertEquals(TOP, out.size());
            for (int p = 0; p < TOP; p++) {
                assertEquals(in.apply(before.selectedFeatures()[p]), out.apply(p));
            }
        }

        String pipelinePath = directory.resolve("pipeline").toString();
        pipeline.write().overwrite().save(pipelinePath);
        PipelineStage reloaded = Pipeline.load(pipelinePath).getStages()[1];
        assertSame(pipeline.getStages()[1].getClass(), reloaded.getClass());
        assertSameParams(pipeline.getStages()[1], reloaded);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("contracts")
    void estimatorSavesAndLoadsWithItsParams(Contract contract, @TempDir Path directory) throws Exception {
        FeatureSelector<?, ?> estimator = estimator(contract).setOutputCol("kept").setSelectionMode("percentile").setPercentile(0.5);
        String path = directory.resolve("estimator").toString();
        estimator.write().save(path);
        Object loaded = readerOf(estimator.getClass()).load(path);
        assertSame(estimator.getClass(), loaded.getClass());
        FeatureSelector<?, ?> reloaded = (FeatureSelector<?, ?>) loaded;
        assertEquals(estimator.uid(), reloaded.uid());
        assertSameParams(estimator, reloaded);
        assertSameParams(reloaded, estimator);
        FeatureSelectorModel<?> model = reloaded.fit(frame(DATA, CLASSES, 3));
        assertArrayEquals(fitted(contract).scores(), model.scores(), "the loaded estimator fits the same scores");
        assertEquals(DIMS / 2, model.selectedFeatures().length, "percentile 0.5 of the loaded params");
        assertEquals("kept", model.getOutputCol());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("contracts")
    void loadingAModelOfAnotherClassFails(Contract contract, @TempDir Path directory) throws Exception {
        FeatureSelectorModel<?> model = fitted(contract);
        String path = directory.resolve("model").toString();
        model.write().save(path);
        FeatureSelectorModel<?> own = (FeatureSelectorModel<?>) readerOf(contract.modelClass()).load(path);
        assertArrayEquals(model.scores(), own.scores());
        List<Class<?>> others = CONTRACTS.stream().map(Contract::modelClass).filter(type -> type != contract.modelClass())
                .distinct().collect(Collectors.toList());
        assertFalse(others.isEmpty());
        for (Class<?> other : others) {
            MLReader<?> reader = readerOf(other);
            assertThrows(Exception.class, () -> reader.load(path), other.getSimpleName() + " must not load a " + model.getClass().getSimpleName());
        }
    }

    // ---------------------------------------------------------------- storage

    @ParameterizedTest(name = "{0}")
    @MethodSource("contracts")
    void denseStaysDenseAndSparseStaysSparse(Contract contract) {
        FeatureSelectorModel<?> model = fitted(contract);
        int[] selected = model.selectedFeatures();
        List<Row> fromDense = model.transform(SparkTestSession.frame(dense(DATA), 2))
                .select("features", "selectedFeatures").collectAsList();
        List<Row> fromSparse = model.transform(SparkTestSession.frame(sparse(DATA), 2))
                .select("features", "selectedFeatures").collectAsList();
        assertEquals(ROWS, fromDense.size());
        assertEquals(ROWS, fromSparse.size());
        for (int i = 0; i < ROWS; i++) {
            Vector denseOut = fromDense.get(i).getAs(1);
            Vector sparseOut = fromSparse.get(i).getAs(1);
            assertInstanceOf(DenseVector.class, denseOut);
            assertInstanceOf(SparseVector.class, sparseOut);
            double[] kept = new double[selected.length];
            Vector in = fromDense.get(i).getAs(0);
            for (int p = 0; p < selected.length; p++) {
                kept[p] = in.apply(selected[p]);
            }
            assertArrayEquals(kept, denseOut.toArray(), "row " + i);
            assertArrayEquals(kept, sparseOut.toArray(), "row " + i);
            SparseVector sparseRow = (SparseVector) sparseOut;
            assertTrue(Arrays.stream(sparseRow.values()).allMatch(value -> value != 0.0), "no stored zero, row " + i);
        }

        double[] fromSparseInput = estimator(contract)
                .fit(LabeledFrames.frame(sparse(DATA), LabeledFrames.doubles(CLASSES), DataTypes.DoubleType, 3)).scores();
        assertSameScores(model.scores(), fromSparseInput, 1e-10, "fitted on sparse rows");
    }

    // ---------------------------------------------------------------- schema errors before any work

    @ParameterizedTest(name = "{0}")
    @MethodSource("contracts")
    void schemaErrorsNameTheColumnBeforeFitting(Contract contract) {
        StructType valid = new StructType().add("features", SQLDataTypes.VectorType()).add(LabeledFrames.LABEL, DataTypes.DoubleType);
        FeatureSelector<?, ?> estimator = estimator(contract);
        StructType output = estimator.transformSchema(valid);
        assertEquals(SQLDataTypes.VectorType(), output.apply("selectedFeatures").dataType());

        assertRefused(() -> estimator(contract).setFeaturesCol("vec").transformSchema(valid), "'vec'", "does not exist");
        StructType notVector = new StructType().add("features", DataTypes.createArrayType(DataTypes.DoubleType))
                .add(LabeledFrames.LABEL, DataTypes.DoubleType);
        assertRefused(() -> estimator(contract).transformSchema(notVector), "'features'", "Vector");
        assertRefused(() -> estimator(contract).transformSchema(valid.add("selectedFeatures", DataTypes.DoubleType)),
                "'selectedFeatures'", "already exists");
        assertRefused(() -> estimator(contract).setSelectionMode("threshold").transformSchema(valid), "scoreThreshold");
        estimator(contract).setSelectionMode("threshold").setScoreThreshold(0.5).transformSchema(valid);

        FeatureSelector<?, ?> probe = estimator(contract);
        if (probe.isDefined(probe.labelCol())) {
            StructType unlabelled = new StructType().add("features", SQLDataTypes.VectorType());
            assertRefused(() -> estimator(contract).transformSchema(unlabelled), "'label'", "does not exist");
            StructType badLabel = new StructType().add("features", SQLDataTypes.VectorType())
                    .add(LabeledFrames.LABEL, SQLDataTypes.VectorType());
            assertRefused(() -> estimator(contract).transformSchema(badLabel), "'label'");
            FeatureSelector<?, ?> withoutLabel = estimator(contract);
            withoutLabel.clear(withoutLabel.labelCol());
            assertRefused(() -> withoutLabel.transformSchema(valid), "labelCol");
        }

        FeatureSelectorModel<?> model = fitted(contract);
        assertRefused(() -> model.copy(new ParamMap()).setFeaturesCol("vec").transformSchema(valid), "'vec'", "does not exist");
        assertRefused(() -> model.transformSchema(valid.add("selectedFeatures", DataTypes.DoubleType)), "'selectedFeatures'");
        assertRefused(() -> model.transform(frame(DATA, CLASSES, 1).withColumn("selectedFeatures", functions.lit(1.0))),
                "'selectedFeatures'");
    }

    private static void assertRefused(Runnable action, String... fragments) {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, action::run);
        for (String fragment : fragments) {
            assertTrue(error.getMessage().contains(fragment), () -> "'" + error.getMessage() + "' should mention '" + fragment + "'");
        }
    }

    // ---------------------------------------------------------------- the data alone decides

    @ParameterizedTest(name = "{0}")
    @MethodSource("contracts")
    void resultsDoNotDependOnPartitioningReRunsOrRowOrder(Contract contract) {
        FeatureSelectorModel<?> one = estimator(contract).fit(frame(DATA, CLASSES, 1));
        assertSameFit(one, fitted(contract), 0.0, "1 and 3 partitions");
        for (int partitions : new int[]{7, 64}) {
            assertSameFit(one, estimator(contract).fit(frame(DATA, CLASSES, partitions)), 0.0, "1 and " + partitions + " partitions");
        }
        assertSameFit(one, estimator(contract).fit(frame(DATA, CLASSES, 1)), 0.0, "a re-run");

        List<Integer> order = IntStream.range(0, ROWS).boxed().collect(Collectors.toList());
        Collections.shuffle(order, new Random(8));
        double[][] rows = order.stream().map(i -> DATA[i]).toArray(double[][]::new);
        int[] classes = order.stream().mapToInt(i -> CLASSES[i]).toArray();
        FeatureSelectorModel<?> shuffled = estimator(contract).fit(frame(rows, classes, 5));
        assertSameFit(one, shuffled, 1e-12, "rows and labels shuffled together, in 5 partitions");
    }

    /** Scores within {@code relative} (0: to the last bit), and the same ranking, selection and graph counts. */
    private static void assertSameFit(FeatureSelectorModel<?> expected, FeatureSelectorModel<?> actual, double relative, String message) {
        assertSameScores(expected.scores(), actual.scores(), relative, message);
        assertArrayEquals(expected.featureRanking(), actual.featureRanking(), message);
        assertArrayEquals(expected.selectedFeatures(), actual.selectedFeatures(), message);
        assertEquals(expected.summary().numEdges(), actual.summary().numEdges(), message);
        assertEquals(expected.summary().isolatedRows(), actual.summary().isolatedRows(), message);
        assertSameScores(new double[]{expected.summary().bandwidth()}, new double[]{actual.summary().bandwidth()}, relative,
                message + ", bandwidth");
    }
}
