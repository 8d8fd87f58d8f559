package lapscore.selection;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import lapscore.selection.base.FeatureSelector;
import lapscore.selection.base.FeatureSelectorModel;
import lapscore.selection.registry.Score;
import lapscore.selection.registry.Scores;
import lapscore.testkit.LabeledFrames;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.Transformer;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.param.Params;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.ml.util.MLWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What Spark Connect's server does with a third-party ML stage, done here step by step on every
 * estimator and model, as its {@code MLUtils} and {@code MLCache} do them
 * ({@code sql/connect/server/src/main/scala/org/apache/spark/sql/connect/ml/} in Spark 4.2): the service
 * lookup over {@code META-INF/services/org.apache.spark.ml.Estimator} and {@code Transformer} (which
 * constructs every listed class with no arguments and fails as a whole on one that cannot be), the
 * {@code (String uid)} constructor, params of the types its {@code reconcileParam} accepts, fit,
 * {@code copy(ParamMap.empty)} before a transform, the static {@code load(String)}, and the offloading
 * of a cached model to the driver's disk through {@code MLWriter.saveToLocal}, which the cache of 4.1 and later does
 * on every model it registers, and back through the static {@code read()} and
 * {@code MLReader.loadFromLocal}. Spark 3.5 has
 * no Connect ML (no {@code saveToLocal}, no services files in Spark's own jars), so the offloading
 * test runs only on Spark 4. The pytest suite ({@code src/test/python/connect}) runs the same stages through a
 * real Connect server from a Python client.
 */
class SparkConnectContractTest {

    /** Param classes whose values Connect's {@code reconcileParam} accepts; a plain {@link Param} must hold a string. */
    private static final Set<Class<?>> CONNECT_PARAM_CLASSES = Set.of(IntParam.class, LongParam.class, DoubleParam.class,
            BooleanParam.class);

    /** One contract per estimator class (the first of {@link SelectorContractTest#CONTRACTS} for each). */
    static Stream<SelectorContractTest.Contract> estimators() {
        return SelectorContractTest.CONTRACTS.stream()
                .collect(Collectors.toMap(SelectorContractTest.Contract::modelClass, contract -> contract, (first, later) -> first,
                        LinkedHashMap::new))
                .values().stream();
    }

    private static Dataset<Row> rows() {
        double[][] data = SparkTestSession.clusteredData(90, 5, 7);
        int[] classes = new int[data.length];
        for (int i = 0; i < data.length; i++) {
            classes[i] = i % 3;
            data[i][4] = 2.5;
        }
        return LabeledFrames.frame(data, LabeledFrames.doubles(classes), DataTypes.DoubleType, 3);
    }

    /** The classes listed for {@code type}, as the server lists them: {@code stream()} and the provider's type, none constructed by hand. */
    private static List<String> listed(Class<?> type) {
        return ServiceLoader.load(type, Thread.currentThread().getContextClassLoader()).stream()
                .map(provider -> provider.type().getName()).toList();
    }

    /** The library's scores are listed (a plug-in's, as the test catalogue's, are its own jar's to list). */
    @Test
    void everyEstimatorAndModelIsListedAndTheLookupSucceeds() {
        List<String> estimators = listed(Estimator.class);
        List<String> transformers = listed(Transformer.class);
        for (Score score : Scores.builtIn()) {
            assertTrue(estimators.contains(score.estimator().getName()), score.name());
            assertTrue(transformers.contains(score.model().getName()), score.name());
        }
        assertEquals(Scores.builtIn().size(), transformers.stream().filter(name -> name.startsWith("lapscore.")).count(),
                "models listed");
    }

    @ParameterizedTest
    @MethodSource("estimators")
    void fitTransformAndLoadTheWayTheServerDoes(SelectorContractTest.Contract contract, @TempDir Path dir) throws Exception {
        Class<?> estimatorClass = contract.estimator().get().getClass();
        FeatureSelector<?, ?> estimator = (FeatureSelector<?, ?>) estimatorClass.getConstructor(String.class)
                .newInstance("connect-uid");
        assertEquals("connect-uid", estimator.uid());
        Params configured = contract.estimator().get();
        for (Param<?> param : configured.params()) {
            assertConnectType(estimator, param);
            if (configured.isSet(param)) {
                estimator.set(estimator.getParam(param.name()), configured.getOrDefault(param));
            }
        }
        estimator.set(estimator.getParam("numTopFeatures"), 2);
        FeatureSelectorModel<?> model = (FeatureSelectorModel<?>) estimator.fit(rows());
        assertSame(contract.modelClass(), model.getClass());
        for (Param<?> param : model.params()) {
            assertConnectType(model, param);
        }

        FeatureSelectorModel<?> copy = (FeatureSelectorModel<?>) model.copy(ParamMap.empty());
        assertSame(model.getClass(), copy.getClass());
        assertEquals(2, copy.transform(rows()).select(model.getOutputCol()).head().<Vector>getAs(0).size());

        Method load = contract.modelClass().getMethod("load", String.class);
        assertTrue(Modifier.isStatic(load.getModifiers()) && Modifier.isPublic(load.getModifiers()), "public static load");
        String saved = dir.resolve("saved").toString();
        model.write().save(saved);
        assertSameModel(model, (FeatureSelectorModel<?>) load.invoke(null, saved));
    }

    /** A cached model offloaded to the driver's disk and loaded back as the MLCache of Spark 4.1 and later does it. */
    @ParameterizedTest
    @MethodSource("estimators")
    void offloadedModelsComeBackWhole(SelectorContractTest.Contract contract, @TempDir Path dir) throws Exception {
        assumeTrue(hasLocalSavingMode(), "Spark " + org.apache.spark.package$.MODULE$.SPARK_VERSION() + " has no Connect ML");
        FeatureSelector<?, ?> estimator = contract.estimator().get();
        estimator.setNumTopFeatures(2);
        FeatureSelectorModel<?> model = estimator.fit(rows());
        assertTrue(Double.isNaN(model.scores()[4]), "the constant feature has no score");
        Path offloaded = dir.resolve("offloaded");
        MLWriter.class.getMethod("saveToLocal", String.class).invoke(model.write(), offloaded.toString());
        assertTrue(Files.isRegularFile(offloaded.resolve("metadata")), "params written as one local file");
        assertTrue(Files.isRegularFile(offloaded.resolve("data").resolve("part-00000.json")), "data written as one local file");

        Object reader = contract.modelClass().getMethod("read").invoke(null);
        FeatureSelectorModel<?> loaded = (FeatureSelectorModel<?>) MLReader.class.getMethod("loadFromLocal", String.class)
                .invoke(reader, offloaded.toString());
        assertSameModel(model, loaded);
        Object size = model.getClass().getMethod("estimatedSize").invoke(model);
        assertTrue(((Long) size) > 0, "estimatedSize");
    }

    /** The model of an empty constructor, which only the service lookup makes, has no features and transforms nothing. */
    @Test
    void emptyModelsHaveNoFeatures() throws Exception {
        for (SelectorContractTest.Contract contract : estimators().toList()) {
            FeatureSelectorModel<?> empty = contract.modelClass().getConstructor().newInstance();
            assertEquals(0, empty.numFeatures(), contract.name());
            assertNotNull(empty.uid());
        }
    }

    /** Connect sends a param's value as a literal of its Java type: a number, boolean or string. */
    private static void assertConnectType(Params owner, Param<?> param) throws ReflectiveOperationException {
        String where = owner.getClass().getSimpleName() + "." + param.name();
        if (param.getClass() == Param.class) {
            String getter = "get" + Character.toUpperCase(param.name().charAt(0)) + param.name().substring(1);
            assertEquals(String.class, owner.getClass().getMethod(getter).getReturnType(), where + " holds a string");
        } else {
            assertTrue(CONNECT_PARAM_CLASSES.contains(param.getClass()), where + " is a " + param.getClass().getSimpleName());
        }
    }

    private static void assertSameModel(FeatureSelectorModel<?> expected, FeatureSelectorModel<?> actual) {
        assertSame(expected.getClass(), actual.getClass());
        assertEquals(expected.uid(), actual.uid());
        assertArrayEquals(expected.scores(), actual.scores(), 0.0);
        assertArrayEquals(expected.selectedFeatures(), actual.selectedFeatures());
        assertArrayEquals(expected.redundantWith(), actual.redundantWith());
        assertEquals(expected.summary(), actual.summary());
        for (Param<?> param : expected.params()) {
            assertEquals(expected.isSet(param), actual.isSet(actual.getParam(param.name())), param.name());
            if (expected.isDefined(param)) {
                assertEquals(expected.getOrDefault(param), actual.getOrDefault(actual.getParam(param.name())), param.name());
            }
        }
    }

    /** Whether this Spark saves models on local disk for Connect's cache (4.1 on; 3.5 and 4.0 do not). */
    private static boolean hasLocalSavingMode() {
        return Arrays.stream(MLWriter.class.getMethods()).anyMatch(method -> method.getName().equals("saveToLocal"));
    }
}
