package lapscore.python;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/**
 * The Python API against the Java classes it wraps: {@code src/main/python/lapscore/selection.py} is
 * exactly what {@link PythonModule} renders from the Java params and setters, so a param, default,
 * doc or setter cannot differ between the two languages. Run with {@code -Dregenerate=true} it
 * rewrites the file instead. The Python classes are named so that PySpark's own mapping between
 * Python and Java class names ({@code python/pyspark/ml/util.py} {@code JavaMLReader._java_loader_class},
 * {@code python/pyspark/ml/wrapper.py} {@code JavaParams._from_java}) needs no override.
 */
class PythonApiTest {

    static final Path MODULE = Path.of("src/main/python/lapscore/selection.py");

    @Test
    void theModuleIsWhatTheJavaParamsRender() throws IOException {
        String rendered = new PythonModule(PythonStage.all()).render();
        if (Boolean.getBoolean("regenerate")) {
            Files.writeString(MODULE, rendered);
            return;
        }
        assertEquals(rendered, Files.readString(MODULE), MODULE + " differs from the Java params; regenerate it with "
                + PythonModule.REGENERATE);
    }

    /** PySpark's rule both ways: a Python class's Java name, and a Java class's Python module. */
    @Test
    void pysparksNameMappingFindsEveryClass() throws ClassNotFoundException {
        for (PythonStage stage : PythonStage.all()) {
            for (Class<?> javaClass : new Class<?>[]{stage.estimator(), stage.model()}) {
                String pythonName = stage.module() + "." + javaClass.getSimpleName();
                assertEquals(javaClass, Class.forName(Py4jReplayTest.javaClassOf(stage.module(), javaClass.getSimpleName())));
                assertEquals(pythonName, Py4jReplayTest.pythonClassOf(javaClass.getName()));
            }
            assertFalse(stage.module().startsWith("io.") || stage.module().contains("pyspark"), stage.module());
            assertEquals("lapscore", stage.module().substring(0, stage.module().indexOf('.')), "the package the jar ships");
        }
    }
}
