package lapscore.deployment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

import lapscore.job.options.ScoreChoice;
import org.junit.jupiter.api.Test;

/**
 * What the packaged library jar carries for PySpark and Spark Connect: the Python package at its
 * root (where {@code --packages} puts it on the Python path) byte for byte as in
 * {@code src/main/python}, found by Python's own zip importer as the package {@code lapscore} and
 * the module {@code lapscore.selection} (beside the Java classes' directory of that name), and the
 * service files Connect's server reads, naming classes the jar holds.
 */
class LibraryJarIT {

    private static final Path JAR = Path.of(System.getProperty("lapscore.jar", "target/spark-laplacian-score.jar"));

    @Test
    void thePythonPackageIsAtTheJarsRoot() throws IOException {
        Path sources = Path.of("src/main/python");
        try (JarFile jar = new JarFile(JAR.toFile()); var files = Files.walk(sources)) {
            for (Path file : files.filter(path -> path.toString().endsWith(".py")).toList()) {
                String name = sources.relativize(file).toString().replace('\\', '/');
                ZipEntry entry = jar.getEntry(name);
                assertNotNull(entry, name + " in the jar");
                assertArrayEquals(Files.readAllBytes(file), jar.getInputStream(entry).readAllBytes(), name);
            }
        }
    }

    /** Python's zipimport, as the Python path entry of a jar uses it, finds the package and the module, not the class directory. */
    @Test
    void pythonsZipImporterFindsThePackageAndItsModule() throws Exception {
        String script = String.join("\n",
                "import sys, zipimport",
                "jar = sys.argv[1]",
                "package = zipimport.zipimporter(jar).find_spec('lapscore')",
                "module = zipimport.zipimporter(jar + '/lapscore/').find_spec('lapscore.selection')",
                "print(package.submodule_search_locations is not None, package.origin.endswith('lapscore/__init__.py'),",
                "      module.origin.endswith('lapscore/selection.py'))");
        Process python = new ProcessBuilder("/usr/bin/python3", "-c", script, JAR.toAbsolutePath().toString())
                .redirectErrorStream(true).start();
        String out = new String(python.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        python.waitFor(1, TimeUnit.MINUTES);
        assertEquals("True True True", out);
    }

    @Test
    void theServiceFilesNameClassesOfTheJar() throws IOException {
        try (JarFile jar = new JarFile(JAR.toFile())) {
            for (String service : List.of("org.apache.spark.ml.Estimator", "org.apache.spark.ml.Transformer")) {
                ZipEntry entry = jar.getEntry("META-INF/services/" + service);
                assertNotNull(entry, service);
                List<String> classes = new String(jar.getInputStream(entry).readAllBytes(), StandardCharsets.UTF_8).lines()
                        .filter(line -> !line.isBlank()).toList();
                assertEquals(ScoreChoice.values().length, classes.size(), service);
                for (String type : classes) {
                    assertNotNull(jar.getEntry(type.replace('.', '/') + ".class"), type + " in the jar");
                }
            }
        }
    }
}
