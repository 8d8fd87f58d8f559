package lapscore.python;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import lapscore.selection.registry.Score;
import lapscore.selection.registry.Scores;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Python API against the Java classes it wraps: {@code src/main/python/lapscore/selection.py} is
 * exactly what {@link PythonModule} renders from the Java params and setters, and
 * {@code lapscore/__init__.py} what {@link PythonPackageInit} renders from the same stages and the
 * library's version, so a score, param, default, doc, setter or version cannot differ between the two
 * languages. Run with {@code -Dregenerate=true} it rewrites the files instead. The Python classes are
 * named so that PySpark's own mapping between Python and Java class names
 * ({@code python/pyspark/ml/util.py} {@code JavaMLReader._java_loader_class},
 * {@code python/pyspark/ml/wrapper.py} {@code JavaParams._from_java}) needs no override; the pytest
 * suite in {@code src/test/python} runs them under PySpark.
 */
class PythonApiTest {

    static final Path MODULE = Path.of("src/main/python/lapscore/selection.py");
    static final Path INIT = Path.of("src/main/python/lapscore/__init__.py");

    @Test
    void theModuleIsWhatTheJavaParamsRender() throws IOException {
        assertGenerated(MODULE, new PythonModule(PythonStage.all()).render());
    }

    @Test
    void thePackagesInitIsWhatTheStagesAndTheVersionRender() throws IOException {
        assertGenerated(INIT, new PythonPackageInit(PythonStage.all(), PythonPackageInit.builtVersion()).render());
    }

    /**
     * A score of another catalogue (the test class path's) renders the same way, as a module of its
     * own package that Python parses: its classes, setters and defaults come from its Java estimator.
     */
    @Test
    void aScoreOfAnotherCatalogueRendersItsOwnModule(@TempDir Path dir) throws Exception {
        Score rayleigh = Scores.named("rayleigh");
        PythonStage stage = PythonStage.of(rayleigh);
        assertEquals("lapscore.testscore", stage.module());
        String module = new PythonModule(List.of(stage)).render();
        for (String expected : List.of("class RayleighSelector(", "class RayleighSelectorModel(", "def setWeightKernel(",
                "def setNumNeighbors(")) {
            assertTrue(module.contains(expected), expected);
        }
        Path file = Files.writeString(dir.resolve("testscore.py"), module);
        Process parse = new ProcessBuilder("python3", "-c", "import ast, sys; ast.parse(open(sys.argv[1]).read())", file.toString())
                .redirectErrorStream(true).start();
        String output = new String(parse.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, parse.waitFor(), output);
    }

    @Test
    void pythonVersionsFollowPep440() {
        assertEquals("0.2.0.dev0", PythonPackageInit.pythonVersion("0.2.0-SNAPSHOT"));
        assertEquals("1.0.1", PythonPackageInit.pythonVersion("1.0.1"));
    }

    private static void assertGenerated(Path file, String rendered) throws IOException {
        if (Boolean.getBoolean("regenerate")) {
            Files.writeString(file, rendered);
            return;
        }
        assertEquals(rendered, Files.readString(file), file + " differs from the Java params; regenerate it with "
                + PythonModule.REGENERATE);
    }

    /** PySpark's {@code JavaMLReader._java_loader_class}: the Java class of a Python class. */
    static String javaClassOf(String pythonModule, String pythonClass) {
        return pythonModule.replace("pyspark", "org.apache.spark") + "." + pythonClass;
    }

    /** PySpark's {@code JavaParams._from_java}: the Python class of a Java class. */
    static String pythonClassOf(String javaClass) {
        return javaClass.replace("org.apache.spark", "pyspark");
    }

    /** PySpark's rule both ways: a Python class's Java name, and a Java class's Python module. */
    @Test
    void pysparksNameMappingFindsEveryClass() throws ClassNotFoundException {
        for (PythonStage stage : PythonStage.all()) {
            for (Class<?> javaClass : new Class<?>[]{stage.estimator(), stage.model()}) {
                String pythonName = stage.module() + "." + javaClass.getSimpleName();
                assertEquals(javaClass, Class.forName(javaClassOf(stage.module(), javaClass.getSimpleName())));
                assertEquals(pythonName, pythonClassOf(javaClass.getName()));
            }
            assertFalse(stage.module().startsWith("io.") || stage.module().contains("pyspark"), stage.module());
            assertEquals("lapscore", stage.module().substring(0, stage.module().indexOf('.')), "the package the jar ships");
        }
    }
}
