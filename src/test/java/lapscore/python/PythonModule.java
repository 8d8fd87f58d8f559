package lapscore.python;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The Python module {@code lapscore.selection} rendered from the stages' description: one params
 * mixin per Java params interface (the same parents), one class of defaults per estimator, and per
 * estimator a {@code JavaEstimator} and a {@code JavaModel} subclass with the Java class's setters.
 * PySpark's own selectors ({@code python/pyspark/ml/feature.py}) have this shape.
 */
final class PythonModule {

    static final String REGENERATE = "./mvnw -q -o test -Dtest=PythonApiTest -Dregenerate=true";

    private static final int WIDTH = 100;

    private final List<PythonStage> stages;

    PythonModule(List<PythonStage> stages) {
        this.stages = stages;
    }

    /** The module's text. */
    String render() {
        StringBuilder text = new StringBuilder();
        text.append("# Generated from the Java params by PythonApiTest (src/test/java/lapscore/python); do not edit.\n")
                .append("# After changing a param or a setter, regenerate with ").append(REGENERATE).append('\n')
                .append("\"\"\"Feature selectors by the Laplacian Score and related graph scores: the Python classes of the\n")
                .append("Java estimators and models of the same names, with the same params, defaults and docs.\"\"\"\n\n")
                .append("from typing import Any, Dict\n\n")
                .append("from pyspark import keyword_only\n")
                .append("from pyspark.ml.param import Param, Params, TypeConverters\n")
                .append("from pyspark.ml.util import JavaMLReadable, JavaMLWritable\n")
                .append("from pyspark.ml.wrapper import JavaEstimator, JavaModel\n\n")
                .append("from lapscore._params_doc import with_params_doc\n")
                .append("from lapscore._results import _SelectorResults\n\n")
                .append("__all__ = [\n");
        for (PythonStage stage : stages) {
            text.append("    \"").append(stage.estimator().getSimpleName()).append("\",\n")
                    .append("    \"").append(stage.model().getSimpleName()).append("\",\n");
        }
        text.append("]\n");
        for (Map.Entry<Class<?>, List<PythonParam>> mixin : mixins().entrySet()) {
            renderMixin(text, mixin.getKey(), mixin.getValue());
        }
        for (PythonStage stage : stages) {
            renderDefaults(text, stage);
            renderEstimator(text, stage);
            renderModel(text, stage);
        }
        return text.toString();
    }

    /**
     * Every params interface the stages use, with the params each declares, parents before children:
     * each stage's lineage is parents first, so an interface is met after its parents.
     */
    private Map<Class<?>, List<PythonParam>> mixins() {
        Map<Class<?>, List<PythonParam>> mixins = new LinkedHashMap<>();
        for (PythonStage stage : stages) {
            for (Class<?> type : stage.paramsLineage()) {
                mixins.computeIfAbsent(type, declaring -> PythonParam.declaredBy(declaring, stage.newEstimatorForParams()));
            }
        }
        return mixins;
    }

    private static String mixinName(Class<?> paramsInterface) {
        return "_" + paramsInterface.getSimpleName();
    }

    private static void renderMixin(StringBuilder text, Class<?> type, List<PythonParam> params) {
        Class<?> parent = PythonStage.parentParams(type);
        text.append("\n\nclass ").append(mixinName(type)).append('(').append(parent == null ? "Params" : mixinName(parent))
                .append("):\n")
                .append("    \"\"\"The params of the Java interface ").append(type.getName()).append(".\"\"\"\n");
        for (PythonParam param : params) {
            text.append("\n    ").append(param.name()).append(": \"Param[").append(param.type().hint).append("]\" = Param(\n")
                    .append("        Params._dummy(),\n")
                    .append("        \"").append(param.name()).append("\",\n");
            List<String> lines = wrap(param.doc(), WIDTH - 10);
            for (int l = 0; l < lines.size(); l++) {
                text.append("        ").append(literal(lines.get(l))).append(l == lines.size() - 1 ? ",\n" : "\n");
            }
            text.append("        typeConverter=TypeConverters.").append(param.type().converter).append(",\n    )\n");
        }
        for (PythonParam param : params) {
            text.append("\n    def ").append(getter(param.name())).append("(self) -> ").append(param.type().hint).append(":\n")
                    .append("        \"\"\"Gets the value of ").append(param.name()).append(" or its default value.\"\"\"\n")
                    .append("        return self.getOrDefault(self.").append(param.name()).append(")\n");
        }
    }

    private static void renderDefaults(StringBuilder text, PythonStage stage) {
        text.append("\n\nclass ").append(defaultsName(stage)).append('(').append(mixinName(stage.paramsInterface())).append("):\n")
                .append("    \"\"\"The params of ").append(stage.estimator().getSimpleName()).append(" and ")
                .append(stage.model().getSimpleName()).append(", with their defaults.\"\"\"\n\n")
                .append("    def __init__(self, *args: Any) -> None:\n")
                .append("        super().__init__(*args)\n")
                .append("        self._setDefault(\n");
        stage.defaults().forEach((name, value) -> text.append("            ").append(name).append('=').append(literal(value))
                .append(",\n"));
        text.append("        )\n");
    }

    private static void renderEstimator(StringBuilder text, PythonStage stage) {
        String name = stage.estimator().getSimpleName();
        List<String> keywords = stage.estimatorSetters().stream()
                .map(param -> param + "=" + (stage.defaults().containsKey(param) ? literal(stage.defaults().get(param)) : "None"))
                .toList();
        text.append("\n\n@with_params_doc\nclass ").append(name).append("(JavaEstimator, ").append(defaultsName(stage))
                .append(", JavaMLReadable, JavaMLWritable):\n")
                .append("    \"\"\"Feature selection by the ").append(stage.title()).append(" (")
                .append(stage.smallerIsBetter() ? "smaller" : "larger").append(" is better): the Java estimator\n")
                .append("    ").append(stage.estimator().getName()).append(", whose Javadoc gives the maths.\n\n")
                .append("    ``fit`` returns a :class:`").append(stage.model().getSimpleName())
                .append("`, whose ``transform`` keeps the selected features.\n")
                .append("    \"\"\"\n\n")
                .append("    _input_kwargs: Dict[str, Any]\n\n")
                .append("    @keyword_only\n")
                .append("    def __init__(\n        self,\n        *,\n");
        keywords.forEach(keyword -> text.append("        ").append(keyword).append(",\n"));
        text.append("    ) -> None:\n")
                .append("        super().__init__()\n")
                .append("        self._java_obj = self._new_java_obj(\"").append(stage.estimator().getName()).append("\", self.uid)\n")
                .append("        kwargs = self._input_kwargs\n")
                .append("        self.setParams(**kwargs)\n\n")
                .append("    @keyword_only\n")
                .append("    def setParams(\n        self,\n        *,\n");
        keywords.forEach(keyword -> text.append("        ").append(keyword).append(",\n"));
        text.append("    ) -> \"").append(name).append("\":\n")
                .append("        \"\"\"Sets params for this estimator.\"\"\"\n")
                .append("        kwargs = self._input_kwargs\n")
                .append("        return self._set(**kwargs)\n");
        renderSetters(text, name, stage.estimatorSetters(), stage);
        text.append("\n    def _create_model(self, java_model: Any) -> \"").append(stage.model().getSimpleName()).append("\":\n")
                .append("        return ").append(stage.model().getSimpleName()).append("(java_model)\n");
    }

    private static void renderModel(StringBuilder text, PythonStage stage) {
        String name = stage.model().getSimpleName();
        text.append("\n\n@with_params_doc\nclass ").append(name).append("(JavaModel, ").append(defaultsName(stage))
                .append(", _SelectorResults, JavaMLReadable, JavaMLWritable):\n")
                .append("    \"\"\"The fitted :class:`").append(stage.estimator().getSimpleName())
                .append("`: the Java model ").append(stage.model().getName()).append(".\n\n")
                .append("    ``transform`` keeps the selected features; ``scores``, ``featureRanking``, ``selectedFeatures``\n")
                .append("    and ``summary`` give the results, in a classic session and over Spark Connect alike.\n")
                .append("    \"\"\"\n");
        renderSetters(text, name, stage.modelSetters(), stage);
    }

    private static void renderSetters(StringBuilder text, String className, List<String> setters, PythonStage stage) {
        Map<String, PythonParam.PythonType> types = stage.paramsLineage().stream()
                .flatMap(type -> PythonParam.declaredBy(type, stage.newEstimatorForParams()).stream())
                .collect(Collectors.toMap(PythonParam::name, PythonParam::type));
        for (String param : setters) {
            text.append("\n    def ").append(setter(param)).append("(self, value: ").append(types.get(param).hint).append(") -> \"")
                    .append(className).append("\":\n")
                    .append("        \"\"\"Sets the value of ").append(param).append(".\"\"\"\n")
                    .append("        return self._set(").append(param).append("=value)\n");
        }
    }

    private static String defaultsName(PythonStage stage) {
        return "_" + stage.estimator().getSimpleName() + "Params";
    }

    static String getter(String param) {
        return "get" + Character.toUpperCase(param.charAt(0)) + param.substring(1);
    }

    static String setter(String param) {
        return "set" + Character.toUpperCase(param.charAt(0)) + param.substring(1);
    }

    /** A Python literal of a Java param value. */
    static String literal(Object value) {
        if (value instanceof String text) {
            return '"' + text.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
        } else if (value instanceof Boolean flag) {
            return flag ? "True" : "False";
        }
        return value.toString();
    }

    /** {@code text} in lines of at most {@code width} characters, each but the last ending with its space. */
    private static List<String> wrap(String text, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (line.length() > 0 && line.length() + word.length() + 1 > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(word).append(' ');
        }
        lines.add(line.toString().stripTrailing());
        return lines;
    }
}
