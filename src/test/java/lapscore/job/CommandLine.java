package lapscore.job;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code lapscore} as a user does, in a JVM of its own, to see what a terminal shows: the
 * main class with {@code bin/lapscore}'s JVM options ({@code conf/spark-jvm.options}) and logging
 * ({@code conf/log4j2.properties}), on this test run's class path, so that it needs no packaged jar.
 * Spark's log lines, printed before the job's own line, are only visible this way.
 */
final class CommandLine {

    /** The project's directory: Maven runs the tests there. */
    private static final Path HOME = Path.of("").toAbsolutePath();

    private CommandLine() {
    }

    /** How one run ended: its exit status and what it printed on standard output and standard error. */
    record Run(int status, String out, String err) {

        /** The lines of standard error, each checked to be no line of a stack trace. */
        List<String> errLinesWithoutStackTrace() {
            List<String> lines = err.lines().toList();
            for (String line : lines) {
                assertFalse(line.startsWith("\tat ") || line.startsWith("Caused by: ") || line.matches("\\s*\\.\\.\\. \\d+ more"),
                        "a stack trace on standard error:\n" + err);
            }
            return lines;
        }

        /** Checks that standard error shows no stack trace and ends with {@code lapscore: <line>}. */
        void failedWith(int expectedStatus, String line) {
            List<String> lines = errLinesWithoutStackTrace();
            assertTrue(!lines.isEmpty() && lines.get(lines.size() - 1).equals("lapscore: " + line),
                    "expected the last line 'lapscore: " + line + "' in:\n" + err);
            assertTrue(status == expectedStatus, "exit status " + status + ", expected " + expectedStatus + "; standard error:\n" + err);
        }
    }

    /** Runs {@code lapscore args...} in the project's directory. */
    static Run run(String... args) throws IOException, InterruptedException {
        return runIn(HOME, args);
    }

    /** Runs {@code lapscore args...} with {@code directory} as the working directory. */
    static Run runIn(Path directory, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "@" + HOME.resolve("conf/spark-jvm.options"),
                "-Dlog4j2.configurationFile=" + HOME.resolve("conf/log4j2.properties"),
                "-cp", testClassPath(), LapScoreJob.class.getName()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile("lapscore-out", ".txt");
        Path err = Files.createTempFile("lapscore-err", ".txt");
        try {
            ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile());
            // As bin/lapscore sets it: local mode talks to itself only.
            builder.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
            Process process = builder.start();
            if (!process.waitFor(10, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IllegalStateException("lapscore " + String.join(" ", args) + " did not end");
            }
            return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /**
     * The class path of this test run: surefire and failsafe pass it in {@code surefire.test.class.path},
     * since their own JVM's class path may be a single manifest jar.
     */
    private static String testClassPath() {
        return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    }
}
