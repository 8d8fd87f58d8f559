package lapscore.deployment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

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
        assertTrue(Files.isRegularFile(CONSUMER.resolve("target/classes/example/UsesTheLibrary.class"))
                        && Files.isRegularFile(CONSUMER.resolve("target/classes/example/SelectIrisFeatures.class")),
                "the consumer project was not compiled; see " + CONSUMER.resolve("build.log"));
    }

    /**
     * The complete program of README's "From Java" runs as README says, with the library's jar and
     * Spark's jars beside its classes (Spark is provided: {@code spark-submit} gives it on a cluster),
     * and prints the ranking and the names of the kept features read from the column metadata.
     */
    @Test
    void theCompleteJavaProgramRunsWithSparkBesideIt() throws Exception {
        String classPath = String.join(File.pathSeparator, CONSUMER.resolve("target/classes").toString(),
                "target/spark-laplacian-score.jar", Files.readString(Path.of("target/spark-classpath.txt")).trim());
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "@conf/spark-jvm.options", "-Dlog4j2.configurationFile=conf/log4j2.properties", "-Dspark.ui.enabled=false",
                "-cp", classPath, "example.SelectIrisFeatures", "data/iris.csv").redirectErrorStream(true);
        builder.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
        Process run = builder.start();
        String printed = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(run.waitFor(5, TimeUnit.MINUTES), printed);
        assertEquals(0, run.exitValue(), printed);
        List<String> lines = printed.lines().filter(line -> !line.startsWith("WARNING")).toList();
        assertEquals(List.of("petal_length", "petal_width", "sepal_length", "sepal_width", "kept:"),
                lines.stream().map(line -> line.split(" ")[0]).toList(), printed);
        assertEquals("kept: petal_length, petal_width", lines.get(lines.size() - 1));
    }

    /** README's "From Java" passage is lines of the consumer's {@code SelectIrisFeatures} in a row, word for word. */
    @Test
    void readmesJavaProgramIsTheOneThatRuns() throws IOException {
        Matcher block = Pattern.compile("(?s)## From Java\n.*?```java\n(.*?)```").matcher(Files.readString(Path.of("README.md")));
        assertTrue(block.find(), "README.md's From Java block");
        String program = Files.readString(CONSUMER.resolve("src/main/java/example/SelectIrisFeatures.java"));
        assertTrue(block.group(1).lines().count() >= 10, "README shows the program's work, not a line of it");
        assertTrue(stripped(program).contains(stripped(block.group(1))),
                "README's passage is lines of src/it/consumer/.../SelectIrisFeatures.java in a row:\n" + block.group(1));
    }

    /** The lines of {@code text} without their leading spaces, one per line. */
    private static String stripped(String text) {
        return text.lines().map(String::strip).collect(Collectors.joining("\n", "\n", "\n"));
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
