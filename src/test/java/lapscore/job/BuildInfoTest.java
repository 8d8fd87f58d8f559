package lapscore.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import lapscore.testkit.SparkTestSession;
import org.junit.jupiter.api.Test;

/** {@code lapscore --version}: the versions it prints are the pom's and the running Spark's. */
class BuildInfoTest {

    @Test
    void versionLineNamesThePomVersionAndTheRunningSpark() throws Exception {
        String pom = Files.readString(Path.of("pom.xml"));
        String line = BuildInfo.versionLine();
        Matcher printed = Pattern.compile("lapscore (\\S+) \\(built for Spark (\\S+), Scala (\\S+); running on Spark (\\S+), "
                + "Scala (\\S+), Java (\\S+)\\)").matcher(line);
        assertTrue(printed.matches(), line);
        assertEquals(firstTag(pom, "version"), printed.group(1));
        assertTrue(pom.contains("<spark.version>" + printed.group(2) + "</spark.version>"), "a Spark version of the pom: " + line);
        assertTrue(pom.contains("<scala.binary.version>" + printed.group(3) + "</scala.binary.version>"), line);
        assertEquals(SparkTestSession.spark().version(), printed.group(4));
        assertTrue(printed.group(5).startsWith(printed.group(3) + "."), line);
        assertEquals(System.getProperty("java.version"), printed.group(6));
    }

    /** The project's own {@code <tag>}, the one right after its {@code <artifactId>}. */
    private static String firstTag(String pom, String tag) {
        Matcher matcher = Pattern.compile("<artifactId>spark-laplacian-score</artifactId>\\s*<" + tag + ">([^<]+)</" + tag + ">")
                .matcher(pom);
        assertTrue(matcher.find(), "the pom's " + tag);
        return matcher.group(1);
    }
}
