package lapscore.python;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import lapscore.scoring.ScoreOrder;
import lapscore.selection.base.FeatureSelector;
import lapscore.selection.params.SelectorParams;
import lapscore.selection.registry.Score;
import lapscore.selection.registry.Scores;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.Params;

/**
 * One estimator and its model as the Python API shows them, read from the Java classes: the one
 * description the generated Python ({@link PythonModule}, {@link PythonPackageInit}) is made from. Every
 * score of the registry ({@link Scores}) is one stage.
 *
 * @param title           the score's name, e.g. "Laplacian score"
 * @param estimator       the Java estimator class
 * @param model           the Java model class (the estimator's name + "Model")
 * @param paramsInterface the most specific params interface both implement (e.g. {@code SpecParams})
 * @param defaults        every param's default as the Java estimator sets it, by name; params without one are absent
 * @param estimatorSetters the params the Java estimator has a {@code setX} for, by name
 * @param modelSetters    the params the Java model has a {@code setX} for, by name
 * @param smallerIsBetter whether the score's good end is its small one
 */
record PythonStage(String title, Class<?> estimator, Class<?> model, Class<?> paramsInterface, Map<String, Object> defaults,
                   List<String> estimatorSetters, List<String> modelSetters, boolean smallerIsBetter) {

    /** The Python module of both classes: PySpark maps a Python class to the Java class of its module's name. */
    String module() {
        return estimator.getPackageName();
    }

    /** A new Java estimator of this stage, with its defaults. */
    Params newEstimatorForParams() {
        try {
            return (Params) estimator.getConstructor().newInstance();
        } catch (ReflectiveOperationException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    /** Every stage of the library's own scores, in the registry's order. */
    static List<PythonStage> all() {
        return Scores.builtIn().stream().map(PythonStage::of).toList();
    }

    static PythonStage of(Score score) {
        FeatureSelector<?, ?> estimator = score.newEstimator();
        Class<?> model = score.model();
        Map<String, Object> defaults = new LinkedHashMap<>();
        Arrays.stream(estimator.params()).sorted(Comparator.comparing(Param::name))
                .filter(param -> estimator.hasDefault(param))
                .forEach(param -> defaults.put(param.name(), estimator.getDefault(param).get()));
        return new PythonStage(score.title(), estimator.getClass(), model, mostSpecificParams(estimator.getClass()), defaults,
                setters(estimator.getClass(), estimator), setters(model, estimator),
                estimator.scoreOrder() == ScoreOrder.SMALLER_IS_BETTER);
    }

    /** Every params interface from {@link SelectorParams} down to {@link #paramsInterface}, parents first. */
    List<Class<?>> paramsLineage() {
        List<Class<?>> lineage = new ArrayList<>();
        for (Class<?> at = paramsInterface; at != null; at = parentParams(at)) {
            lineage.add(0, at);
        }
        return lineage;
    }

    /** The params interface {@code paramsInterface} extends, or null for {@link SelectorParams}. */
    static Class<?> parentParams(Class<?> paramsInterface) {
        return Arrays.stream(paramsInterface.getInterfaces()).filter(SelectorParams.class::isAssignableFrom).findFirst()
                .orElse(null);
    }

    private static Class<?> mostSpecificParams(Class<?> stage) {
        Class<?> best = SelectorParams.class;
        for (Class<?> type = stage; type != null; type = type.getSuperclass()) {
            for (Class<?> candidate : type.getInterfaces()) {
                if (SelectorParams.class.isAssignableFrom(candidate) && best.isAssignableFrom(candidate)) {
                    best = candidate;
                }
            }
        }
        return best;
    }

    /** The params {@code type} has a public one-argument {@code setX} for, by name. */
    private static List<String> setters(Class<?> type, FeatureSelector<?, ?> owner) {
        TreeSet<String> names = new TreeSet<>();
        for (Method method : type.getMethods()) {
            String name = method.getName();
            if (name.startsWith("set") && name.length() > 3 && method.getParameterCount() == 1 && !method.isBridge()
                    && !Modifier.isStatic(method.getModifiers())) {
                String param = Character.toLowerCase(name.charAt(3)) + name.substring(4);
                if (owner.hasParam(param)) {
                    names.add(param);
                }
            }
        }
        return List.copyOf(names);
    }
}
