package lapscore.job;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * What {@code lapscore --version} prints: this library's version and the Spark and Scala versions it
 * was built for (from {@code build.properties}, which Maven fills in when it builds the jar), beside
 * the Spark, Scala and Java versions it runs on, so that a user can tell a jar built for one Spark
 * from a cluster running another.
 */
final class BuildInfo {

    private BuildInfo() {
    }

    /** One line, e.g. {@code lapscore 0.1.0 (built for Spark 4.2.0, Scala 2.13; running on Spark 4.2.0, Scala 2.13.18, Java 17.0.15)}. */
    static String versionLine() {
        Properties built = resource("/lapscore/job/build.properties");
        Properties spark = resource("/spark-version-info.properties");
        return "lapscore " + built.getProperty("version") + " (built for Spark " + built.getProperty("spark") + ", Scala "
                + built.getProperty("scala") + "; running on Spark " + spark.getProperty("version", "unknown") + ", Scala "
                + scala.util.Properties.versionNumberString() + ", Java " + System.getProperty("java.version") + ")";
    }

    private static Properties resource(String name) {
        Properties properties = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream(name)) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
        return properties;
    }
}
