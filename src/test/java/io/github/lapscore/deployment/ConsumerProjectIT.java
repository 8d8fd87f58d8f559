package io.github.lapscore.deployment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * What a project that depends on the library gets when it declares it as the README says.
 * {@code src/it/consumer} is such a project: its dependencies are README's block, and one class of it
 * uses the library's estimators. Before the integration tests, maven-invoker-plugin installs the
 * library just built into {@code target/it-repo} (not the user's local repository) and builds that
 * project against it, which writes the project's dependency tree (see pom.xml); a consumer that cannot
 * be built fails the build there. These tests read what the build left.
 */
class ConsumerProjectIT {

    private static final Path CONSUMER = Path.of(System.getProperty("lapscore.consumer", "target/it/consumer"));
    /** A line of Maven's dependency tree naming a JUnit artifact in compile or runtime scope. */
    private static final Pattern JUNIT_ON_THE_CLASS_PATH =
            Pattern.compile("\\b(org\\.junit[\\w.]*|junit):[^:\\s]+:\\S*:(compile|runtime)\\b");
    /** A line of Maven's dependency tree naming an artifact (group:artifact:type[:classifier]:version) in compile or runtime scope. */
    private static final Pattern ARTIFACT_ON_THE_CLASS_PATH =
            Pattern.compile("\\b([\\w.-]+):([\\w.-]+):[\\w.-]+(?::[\\w.-]+)?:[\\w.-]+:(compile|runtime)\\b");

    @Test
    void compilesAgainstTheLibrarysApi() {
        assertTrue(Files.isRegularFile(CONSUMER.resolve("target/classes/example/UsesTheLibrary.class")),
                "the consumer project was not compiled; see " + CONSUMER.resolve("build.log"));
    }

    @Test
    void noJUnitReachesTheConsumersClassPath() throws IOException {
        Path tree = CONSUMER.resolve("target/dependency-tree.txt");
        List<String> junit = Files.readAllLines(tree).stream()
                .filter(line -> JUNIT_ON_THE_CLASS_PATH.matcher(line).find())
                .toList();
        assertEquals(List.of(), junit, "JUnit on the compile or runtime class path of a project using the library (" + tree + ")");
    }

    /**
     * Spark is provided by the consumer (README's block), so the library alone may reach its class
     * path: the runnable jar's extras (XChart, which only {@code evaluate}'s charts use, and what it
     * pulls in) are optional dependencies of the library, and nothing else is in compile scope.
     */
    @Test
    void nothingButTheLibraryReachesTheConsumersClassPath() throws IOException {
        Path tree = CONSUMER.resolve("target/dependency-tree.txt");
        List<String> lines = Files.readAllLines(tree);
        assertTrue(lines.stream().anyMatch(line -> onTheClassPath(line).equals("io.github.lapscore:spark-laplacian-score")),
                "the library on the consumer's class path (" + tree + ")");
        List<String> others = lines.stream()
                .map(ConsumerProjectIT::onTheClassPath)
                .filter(artifact -> !artifact.isEmpty() && !artifact.equals("io.github.lapscore:spark-laplacian-score"))
                .toList();
        assertEquals(List.of(), others, "artifacts besides the library on the compile or runtime class path of a project"
                + " using it (" + tree + ")");
    }

    /** The {@code group:artifact} of a dependency-tree line in compile or runtime scope, else empty. */
    private static String onTheClassPath(String line) {
        Matcher artifact = ARTIFACT_ON_THE_CLASS_PATH.matcher(line);
        return artifact.find() ? artifact.group(1) + ":" + artifact.group(2) : "";
    }

    @Test
    void declaresTheLibraryAsTheReadmeSays() throws IOException {
        Matcher readmeBlock = Pattern.compile("(?s)```xml\\n(<dependency>.*?)```").matcher(Files.readString(Path.of("README.md")));
        assertTrue(readmeBlock.find() && readmeBlock.group(1).contains("<artifactId>spark-laplacian-score</artifactId>"),
                "README.md's dependency block");
        Matcher consumerDependencies = Pattern.compile("(?s)\\n  <dependencies>(.*?)</dependencies>")
                .matcher(Files.readString(CONSUMER.resolve("pom.xml")));
        assertTrue(consumerDependencies.find(), "the consumer's <dependencies>");
        assertEquals(withoutWhitespace(readmeBlock.group(1)), withoutWhitespace(consumerDependencies.group(1)),
                "src/it/consumer/pom.xml declares the dependencies README.md tells users to declare");
    }

    private static String withoutWhitespace(String xml) {
        return xml.replaceAll("\\s+", "");
    }
}
