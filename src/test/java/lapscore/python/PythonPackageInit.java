package lapscore.python;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * The package's {@code lapscore/__init__.py} rendered from the same stages as {@link PythonModule}:
 * every estimator and model re-exported, the session helpers of {@code lapscore/_session.py}, and
 * {@code __version__}, the library's Maven version in the spelling Python packaging accepts
 * (PEP 440): a release such as {@code 0.2.0} unchanged, a snapshot {@code 0.2.0-SNAPSHOT} as
 * {@code 0.2.0.dev0}, the rule PySpark follows for Spark's own snapshots.
 */
final class PythonPackageInit {

    private static final List<String> SESSION_HELPERS = List.of("jar_path", "start");

    private final List<PythonStage> stages;
    private final String mavenVersion;

    PythonPackageInit(List<PythonStage> stages, String mavenVersion) {
        this.stages = stages;
        this.mavenVersion = mavenVersion;
    }

    /** The version Maven wrote into the library's {@code build.properties} when it built the classes. */
    static String builtVersion() {
        Properties built = new Properties();
        try (InputStream in = PythonPackageInit.class.getResourceAsStream("/lapscore/job/build.properties")) {
            built.load(in);
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
        return built.getProperty("version");
    }

    /** The PEP 440 spelling of a Maven version. */
    static String pythonVersion(String mavenVersion) {
        return mavenVersion.endsWith("-SNAPSHOT") ? mavenVersion.replace("-SNAPSHOT", ".dev0") : mavenVersion;
    }

    /** The file's text. */
    String render() {
        List<String> classes = stages.stream()
                .flatMap(stage -> Stream.of(stage.estimator().getSimpleName(), stage.model().getSimpleName()))
                .sorted().toList();
        StringBuilder text = new StringBuilder();
        text.append("# Generated from the Java params by PythonApiTest (src/test/java/lapscore/python); do not edit.\n")
                .append("# After changing a score, a param or the version, regenerate with ").append(PythonModule.REGENERATE)
                .append('\n')
                .append("\"\"\"Feature selection for Spark ML by the Laplacian Score and related graph scores, from PySpark.\n\n")
                .append("The classes in :mod:`lapscore.selection` are the Python face of the Java estimators and models of\n")
                .append("the same names, in the library's jar: the same params, defaults and docs. They are ``JavaEstimator``\n")
                .append("and ``JavaModel`` subclasses, so they work in a ``pyspark.ml.Pipeline``, save and load, and run\n")
                .append("unchanged over Spark Connect when the server has the jar.\n\n")
                .append("The wheel carries the jar: :func:`start` returns a session that has it, and :func:`jar_path` gives\n")
                .append("its path for ``spark-submit --jars``. The jar carries this package too, so\n")
                .append("``spark.jars.packages`` with the library's Maven coordinates needs no wheel.\n")
                .append("\"\"\"\n\n")
                .append("from lapscore._session import ").append(String.join(", ", SESSION_HELPERS)).append('\n')
                .append("from lapscore.selection import (\n");
        classes.forEach(name -> text.append("    ").append(name).append(",\n"));
        text.append(")\n\n")
                .append("__version__ = ").append(PythonModule.literal(pythonVersion(mavenVersion))).append("\n\n")
                .append("__all__ = [\n");
        Stream.concat(classes.stream(), SESSION_HELPERS.stream()).sorted()
                .forEach(name -> text.append("    ").append(PythonModule.literal(name)).append(",\n"));
        text.append("]\n");
        return text.toString();
    }
}
