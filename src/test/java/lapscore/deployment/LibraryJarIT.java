package lapscore.deployment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

import lapscore.selection.registry.Scores;
import org.junit.jupiter.api.Test;

/**
 * What the packaged library jar carries for PySpark and Spark Connect: the Python package at its
 * root (where {@code --packages} puts it on the Python path) byte for byte as in
 * {@code src/main/python}, and the service files Connect's server reads, naming classes the jar
 * holds. That Python imports the package from the jar, beside the Java classes' directory of the
 * same name, the pytest suite shows under {@code spark-submit} ({@code src/test/python/test_ways_in.py}).
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

    @Test
    void theServiceFilesNameClassesOfTheJar() throws IOException {
        try (JarFile jar = new JarFile(JAR.toFile())) {
            for (String service : List.of("org.apache.spark.ml.Estimator", "org.apache.spark.ml.Transformer")) {
                ZipEntry entry = jar.getEntry("META-INF/services/" + service);
                assertNotNull(entry, service);
                List<String> classes = new String(jar.getInputStream(entry).readAllBytes(), StandardCharsets.UTF_8).lines()
                        .filter(line -> !line.isBlank()).toList();
                assertEquals(Scores.builtIn().size(), classes.size(), service);
                for (String type : classes) {
                    assertNotNull(jar.getEntry(type.replace('.', '/') + ".class"), type + " in the jar");
                }
            }
        }
    }
}
