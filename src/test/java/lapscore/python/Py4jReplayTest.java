package lapscore.python;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import lapscore.selection.base.FeatureSelector;
import lapscore.selection.base.FeatureSelectorModel;
import lapscore.selection.base.ResultsMetadata;
import lapscore.testkit.LabeledFrames;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.api.python.PythonUtils;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamPair;
import org.apache.spark.ml.param.Params;
import org.apache.spark.ml.util.MLWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The calls the generated Python classes make into the JVM, made here in the same order with the
 * same arguments, from the same description the Python is generated from ({@link PythonStage}).
 * PySpark and Py4J cannot be installed where this library is built, so this replays what
 * {@code python/pyspark/ml/wrapper.py} and {@code util.py} do through Py4J instead of running them:
 * <ol>
 * <li>{@code _new_java_obj}: the class named by PySpark's rule from the Python module, built with its uid;</li>
 * <li>{@code _transfer_params_to_java}: for every param set in Python, {@code getParam(name).w(value)} and
 * {@code set(pair)}; the Python defaults as one {@code setDefault(PythonUtils.toSeq(pairs))}. Py4J passes a
 * Python int as an {@code Integer} (these values fit in 32 bits), a float as a {@code Double}, and picks the
 * overload of {@code w} whose primitive parameter takes the value before {@code w(Object)};</li>
 * <li>{@code fit}, the model's {@code uid()}, its {@code transform};</li>
 * <li>the results as {@code _SelectorResults} reads them: {@code copy(new ParamMap())}, {@code attachResults}
 * set, {@code transform} of an empty DataFrame and {@code schema().json()}, parsed as Python's {@code json}
 * parses it (NaN allowed);</li>
 * <li>{@code write().overwrite().save(path)}, then {@code JavaMLReader}: the static {@code read().load(path)} of
 * the class named by PySpark's rule, {@code _from_java}'s Python class name, and
 * {@code _transfer_params_from_java} ({@code hasParam}, {@code isSet}, {@code getOrDefault},
 * {@code hasDefault}, {@code getDefault}).</li>
 * </ol>
 * The reference is the same estimator fitted from Java with the Java setters.
 */
class Py4jReplayTest {

    private static final JsonMapper PYTHON_JSON = JsonMapper.builder().enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();

    /** PySpark's {@code JavaMLReader._java_loader_class}: the Java class of a Python class. */
    static String javaClassOf(String pythonModule, String pythonClass) {
        return pythonModule.replace("pyspark", "org.apache.spark") + "." + pythonClass;
    }

    /** PySpark's {@code JavaParams._from_java}: the Python class of a Java class. */
    static String pythonClassOf(String javaClass) {
        return javaClass.replace("org.apache.spark", "pyspark");
    }

    static Stream<PythonStage> stages() {
        return PythonStage.all().stream();
    }

    /** What a user sets in Python, e.g. {@code LaplacianScoreSelector(numTopFeatures=2, seed=7)}. */
    private static Map<String, Object> userParams(PythonStage stage) {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("numTopFeatures", 2);
        values.put("featuresCol", "features");
        if (stage.defaults().containsKey("seed")) {
            values.put("seed", 7);
            values.put("numNeighbors", 10);
        }
        if (stage.defaults().containsKey("numEigenvectors")) {
            values.put("numEigenvectors", 3);
            values.put("numNeighbors", 30);
        }
        if (stage.title().startsWith("Fisher")) {
            values.put("labelCol", LabeledFrames.LABEL);
        }
        return values;
    }

    private static Dataset<Row> rows() {
        double[][] data = SparkTestSession.clusteredData(90, 5, 11);
        int[] classes = new int[data.length];
        for (int i = 0; i < data.length; i++) {
            classes[i] = i % 3;
            data[i][3] = 1.5;
        }
        return LabeledFrames.frame(data, LabeledFrames.doubles(classes), DataTypes.DoubleType, 3);
    }

    @ParameterizedTest
    @MethodSource("stages")
    void pythonsCallsFitTransformReadResultsSaveAndLoad(PythonStage stage, @TempDir Path dir) throws Exception {
        Map<String, Object> pythonSet = userParams(stage);
        String estimatorClass = javaClassOf(stage.module(), stage.estimator().getSimpleName());
        Params estimator = (Params) Class.forName(estimatorClass).getConstructor(String.class)
                .newInstance(stage.estimator().getSimpleName() + "_4a1b2c3d4e5f");
        transferParamsToJava(estimator, pythonSet, stage.defaults());
        FeatureSelectorModel<?> model = (FeatureSelectorModel<?>) ((FeatureSelector<?, ?>) estimator).fit(rows());
        assertEquals(estimator.uid(), model.uid());

        FeatureSelectorModel<?> reference = javaFit(stage, pythonSet);
        assertArrayEquals(reference.scores(), model.scores(), 0.0);
        assertArrayEquals(reference.selectedFeatures(), model.selectedFeatures());

        transferParamsToJava(model, pythonSet, stage.defaults());
        List<Row> selected = model.transform(rows()).select("features", model.getOutputCol()).collectAsList();
        for (Row row : selected) {
            Vector input = row.getAs(0);
            Vector output = row.getAs(1);
            assertEquals(2, output.size());
            for (int p = 0; p < 2; p++) {
                assertEquals(input.apply(reference.selectedFeatures()[p]), output.apply(p), 0.0);
            }
        }

        assertResults(reference, resultsAsPythonReadsThem(model, pythonSet, stage));

        String modelPath = dir.resolve("model").toString();
        saveAsPythonDoes(model, pythonSet, stage, modelPath);
        Params loaded = loadAsPythonDoes(stage.module(), stage.model().getSimpleName(), modelPath, pythonSet, stage);
        assertArrayEquals(reference.scores(), ((FeatureSelectorModel<?>) loaded).scores(), 0.0);
        assertEquals(model.uid(), loaded.uid());

        String estimatorPath = dir.resolve("estimator").toString();
        saveAsPythonDoes(estimator, pythonSet, stage, estimatorPath);
        loadAsPythonDoes(stage.module(), stage.estimator().getSimpleName(), estimatorPath, pythonSet, stage);
    }

    /** The same estimator configured and fitted from Java. */
    private static FeatureSelectorModel<?> javaFit(PythonStage stage, Map<String, Object> values) throws Exception {
        FeatureSelector<?, ?> estimator = (FeatureSelector<?, ?>) stage.newEstimatorForParams();
        for (Map.Entry<String, Object> value : values.entrySet()) {
            Method setter = setterOf(estimator.getClass(), PythonModule.setter(value.getKey()));
            Object argument = setter.getParameterTypes()[0] == long.class ? ((Integer) value.getValue()).longValue() : value.getValue();
            setter.invoke(estimator, argument);
        }
        return estimator.fit(rows());
    }

    private static Method setterOf(Class<?> type, String name) {
        for (Method method : type.getMethods()) {
            if (method.getName().equals(name) && method.getParameterCount() == 1 && !method.isBridge()) {
                return method;
            }
        }
        throw new AssertionError(type.getSimpleName() + " has no " + name);
    }

    /** {@code JavaParams._transfer_params_to_java}: set values one by one, Python defaults as one {@code setDefault}. */
    private static void transferParamsToJava(Params target, Map<String, Object> pythonSet, Map<String, Object> pythonDefaults)
            throws Exception {
        List<ParamPair<?>> defaults = new ArrayList<>();
        for (Map.Entry<String, Object> value : pythonDefaults.entrySet()) {
            if (!pythonSet.containsKey(value.getKey())) {
                defaults.add(paramPair(target, value.getKey(), py4j(value.getValue())));
            }
        }
        for (Map.Entry<String, Object> value : pythonSet.entrySet()) {
            target.set(paramPair(target, value.getKey(), py4j(value.getValue())));
        }
        Method setDefault = null;
        for (Method method : Params.class.getMethods()) {
            if (method.getName().equals("setDefault") && method.getParameterCount() == 1
                    && method.getParameterTypes()[0].getName().startsWith("scala.collection")) {
                setDefault = method;
            }
        }
        assertTrue(setDefault != null, "Params.setDefault(Seq) as Py4J calls it");
        setDefault.invoke(target, PythonUtils.toSeq(new ArrayList<Object>(defaults)));
    }

    /** The Java object Py4J makes of a Python value: ints within 32 bits as Integer, floats as Double. */
    private static Object py4j(Object pythonValue) {
        if (pythonValue instanceof Long whole && whole >= Integer.MIN_VALUE && whole <= Integer.MAX_VALUE) {
            return whole.intValue();
        }
        return pythonValue;
    }

    /** {@code getParam(name).w(value)}, with the overload of {@code w} Py4J picks for the argument's class. */
    private static ParamPair<?> paramPair(Params target, String name, Object value) throws Exception {
        assertTrue(target.hasParam(name), target.getClass().getSimpleName() + " has no param " + name);
        Param<?> param = target.getParam(name);
        Method chosen = null;
        for (Method method : param.getClass().getMethods()) {
            if (method.getName().equals("w") && method.getParameterCount() == 1) {
                Class<?> type = method.getParameterTypes()[0];
                boolean primitive = type.isPrimitive() && primitiveTakes(type, value);
                if (primitive || (chosen == null && type == Object.class)) {
                    chosen = method;
                }
            }
        }
        assertTrue(chosen != null, "no w(...) for " + name);
        return (ParamPair<?>) chosen.invoke(param, value);
    }

    /** Whether Py4J converts {@code value} to the primitive {@code type}: same kind, or an int widened to long. */
    private static boolean primitiveTakes(Class<?> type, Object value) {
        return (value instanceof Integer && (type == int.class || type == long.class))
                || (value instanceof Double && type == double.class)
                || (value instanceof Boolean && type == boolean.class);
    }

    /** {@code _SelectorResults._results}: the model copied with {@code attachResults}, an empty transform, its schema as JSON. */
    private static JsonNode resultsAsPythonReadsThem(FeatureSelectorModel<?> model, Map<String, Object> pythonSet, PythonStage stage)
            throws Exception {
        Params copy = model.copy((org.apache.spark.ml.param.ParamMap) Class.forName("org.apache.spark.ml.param.ParamMap")
                .getConstructor().newInstance());
        Map<String, Object> withResults = new LinkedHashMap<>(pythonSet);
        withResults.put("attachResults", true);
        transferParamsToJava(copy, withResults, stage.defaults());
        StructType schema = new StructType().add("features", SQLDataTypes.VectorType(), true);
        Dataset<Row> empty = SparkTestSession.spark().createDataFrame(List.of(), schema);
        String json = ((FeatureSelectorModel<?>) copy).transform(empty).schema().json();
        for (JsonNode field : PYTHON_JSON.readTree(json).get("fields")) {
            if (field.get("name").asText().equals(model.getOutputCol())) {
                return field.get("metadata").get(ResultsMetadata.KEY);
            }
        }
        throw new AssertionError("no output column in " + json);
    }

    private static void assertResults(FeatureSelectorModel<?> expected, JsonNode results) {
        double[] scores = new double[expected.numFeatures()];
        for (int r = 0; r < scores.length; r++) {
            scores[r] = results.get("scores").get(r).asDouble();
        }
        assertArrayEquals(expected.scores(), scores, 0.0);
        assertTrue(Double.isNaN(scores[3]), "the constant feature's NaN reaches Python");
        assertArrayEquals(expected.featureRanking(), ints(results.get("featureRanking")));
        assertArrayEquals(expected.selectedFeatures(), ints(results.get("selectedFeatures")));
        assertArrayEquals(expected.redundantWith(), ints(results.get("redundantWith")));
        assertEquals(expected.summary().numRows(), results.get("summary").get("numRows").asLong());
        assertEquals(expected.summary().graphType(), results.get("summary").get("graphType").asText());
        assertEquals(expected.summary().numEdges(), results.get("summary").get("numEdges").asLong());
    }

    private static int[] ints(JsonNode array) {
        int[] values = new int[array.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = array.get(i).asInt();
        }
        return values;
    }

    /** {@code JavaMLWriter}: the params transferred, then {@code write().overwrite().save(path)}. */
    private static void saveAsPythonDoes(Params stage, Map<String, Object> pythonSet, PythonStage description, String path)
            throws Exception {
        transferParamsToJava(stage, pythonSet, description.defaults());
        MLWriter writer = (MLWriter) stage.getClass().getMethod("write").invoke(stage);
        writer.overwrite().save(path);
    }

    /**
     * {@code JavaMLReader.load} and {@code _from_java}: the static {@code read().load(path)} of the Java class
     * PySpark names, the Python class it names back, and the params read back into Python.
     */
    private static Params loadAsPythonDoes(String module, String pythonClass, String path, Map<String, Object> pythonSet,
                                           PythonStage stage) throws Exception {
        Class<?> javaClass = Class.forName(javaClassOf(module, pythonClass));
        Object reader = javaClass.getMethod("read").invoke(null);
        Params loaded = (Params) reader.getClass().getMethod("load", String.class).invoke(reader, path);
        assertEquals(module + "." + pythonClass, pythonClassOf(loaded.getClass().getName()));
        Map<String, Object> backInPython = new HashMap<>();
        for (String name : stage.defaults().keySet()) {
            assertTrue(loaded.hasParam(name), name);
            Param<Object> param = loaded.getParam(name);
            if (loaded.isSet(param)) {
                backInPython.put(name, loaded.getOrDefault(param));
            } else if (loaded.hasDefault(param)) {
                backInPython.put(name, loaded.getDefault(param).get());
            }
        }
        for (Map.Entry<String, Object> value : pythonSet.entrySet()) {
            Object read = loaded.getOrDefault(loaded.getParam(value.getKey()));
            assertEquals(((Object) value.getValue()).toString(), read.toString(), value.getKey());
        }
        for (Map.Entry<String, Object> value : stage.defaults().entrySet()) {
            if (!pythonSet.containsKey(value.getKey())) {
                assertEquals(value.getValue(), backInPython.get(value.getKey()), value.getKey());
            }
        }
        return loaded;
    }
}
