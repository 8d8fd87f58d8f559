package lapscore.deployment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code bin/standalone-cluster} signals only the daemons it started, checks its settings before using
 * them, stops what it started when a start fails, and finds its clone when it is run through a link.
 *
 * <p>Each test runs a copy of the script in a clone of its own (a temporary directory with {@code bin/}
 * and {@code target/}), where stand-ins take the daemons' place: no Spark starts. The script tells its
 * daemons by their command line, which holds the daemon's main class and
 * {@code -Dlapscore.standalone.dir=<clone>/target/standalone}; a stand-in carries the same.
 */
class StandaloneClusterScriptTest {

    private static final String MASTER_CLASS = "org.apache.spark.deploy.master.Master";

    /**
     * A stand-in for {@code java}, run from source: as a Worker it exits at once; as the Master it
     * answers the Master's JSON page on its {@code --webui-port} with no Worker registered, until it is
     * signalled.
     */
    private static final String FAILING_CLUSTER = """
            import com.sun.net.httpserver.HttpServer;
            import java.net.InetSocketAddress;
            import java.nio.charset.StandardCharsets;
            import java.util.List;

            public class FailingCluster {
                public static void main(String[] args) throws Exception {
                    List<String> arguments = List.of(args);
                    if (arguments.contains("org.apache.spark.deploy.worker.Worker")) {
                        System.exit(1);
                    }
                    int port = Integer.parseInt(arguments.get(arguments.indexOf("--webui-port") + 1));
                    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
                    byte[] page = "{\\"aliveworkers\\" : 0}".getBytes(StandardCharsets.UTF_8);
                    server.createContext("/json/", exchange -> {
                        exchange.sendResponseHeaders(200, page.length);
                        exchange.getResponseBody().write(page);
                        exchange.close();
                    });
                    server.start();
                }
            }
            """;

    @TempDir
    Path temporary;
    private Path clone;
    private String marker;
    private Process stranger;

    @BeforeEach
    void copyTheScriptIntoAClone() throws IOException {
        clone = temporary.toRealPath().resolve("clone");
        Files.createDirectories(clone.resolve("bin"));
        Files.createDirectories(clone.resolve("target/standalone"));
        Files.copy(Path.of("bin/standalone-cluster"), clone.resolve("bin/standalone-cluster"));
        marker = "-Dlapscore.standalone.dir=" + clone.resolve("target/standalone");
    }

    @AfterEach
    void endWhatTheTestStarted() {
        if (stranger != null) {
            stranger.destroyForcibly();
        }
        daemonsOfTheClone().forEach(ProcessHandle::destroyForcibly);
    }

    @Test
    void stopLeavesAProcessThatAStalePidFileNamesAlone() throws Exception {
        stranger = new ProcessBuilder("sleep", "600").start();
        for (String daemon : List.of("master", "worker-1")) {
            Files.writeString(pidFile(daemon), Long.toString(stranger.pid()));
        }
        Run stop = run(Map.of(), clone.resolve("bin/standalone-cluster"), "stop");
        assertEquals(0, stop.exit(), stop.stderr());
        assertTrue(stranger.isAlive(), "stop signalled the unrelated process " + stranger.pid());
        assertFalse(Files.exists(pidFile("master")) || Files.exists(pidFile("worker-1")), "stale pid files are removed");
    }

    @Test
    void stopStopsItsOwnDaemon() throws Exception {
        Process master = new ProcessBuilder("bash", "-c", "trap 'exit 0' TERM; while :; do sleep 1; done",
                MASTER_CLASS, marker).start();
        Files.writeString(pidFile("master"), Long.toString(master.pid()));
        Run stop = run(Map.of(), clone.resolve("bin/standalone-cluster"), "stop");
        assertEquals(0, stop.exit(), stop.stderr());
        assertTrue(master.waitFor(60, TimeUnit.SECONDS), "stop left its Master running");
        assertFalse(Files.exists(pidFile("master")));
    }

    @Test
    void theScriptFindsItsCloneThroughASymbolicLink() throws Exception {
        Path link = Files.createDirectories(temporary.resolve("elsewhere/bin")).resolve("standalone-cluster");
        Files.createSymbolicLink(link, clone.resolve("bin/standalone-cluster"));
        Files.writeString(pidFile("master"), "999999999");
        Run stop = run(Map.of(), link, "stop");
        assertEquals(0, stop.exit(), stop.stderr());
        assertFalse(Files.exists(pidFile("master")), "stop through a link did not look in the clone's target/standalone");
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', value = {
        "LAPSCORE_MASTER_PORT|7077; touch pwned",
        "LAPSCORE_MASTER_UI_PORT|$(touch pwned)",
        "LAPSCORE_WORKERS|a[$(touch pwned)]",
        "LAPSCORE_WORKER_CORES|1.5",
        "LAPSCORE_WORKER_MEMORY|2 g",
        "LAPSCORE_EXECUTOR_MEMORY|-1g"})
    void aSettingThatIsNotANumberIsRefusedWithOneLine(String variable, String value) throws Exception {
        Run start = run(Map.of(variable, value), clone.resolve("bin/standalone-cluster"), "start");
        assertEquals(2, start.exit(), start.stderr());
        assertEquals(1, start.stderr().lines().count(), start.stderr());
        assertTrue(start.stderr().startsWith("standalone-cluster: " + variable + " must be ")
                && start.stderr().contains("'" + value + "'"), start.stderr());
        assertFalse(Files.exists(clone.resolve("pwned")), "a setting ran as a command");
    }

    @Test
    void aFailedStartStopsTheDaemonsItStarted() throws Exception {
        Path jdk = standInJava();
        Path jar = clone.resolve("target/spark-laplacian-score-app.jar");
        Files.createDirectories(clone.resolve("src/main"));
        Files.writeString(clone.resolve("pom.xml"), "");
        Files.writeString(clone.resolve("target/spark-classpath.txt"), "");
        Files.writeString(jar, "");
        Instant built = Instant.now();
        for (Path source : List.of(clone.resolve("src/main"), clone.resolve("pom.xml"))) {
            Files.setLastModifiedTime(source, FileTime.from(built.minusSeconds(60)));
        }
        Map<String, String> environment = Map.of("JAVA_HOME", jdk.toString(), "LAPSCORE_WORKERS", "1",
                "LAPSCORE_MASTER_PORT", Integer.toString(freePort()), "LAPSCORE_MASTER_UI_PORT", Integer.toString(freePort()));
        Run start = run(environment, clone.resolve("bin/standalone-cluster"), "start");
        assertEquals(1, start.exit(), start.stderr());
        assertEquals(List.of(), daemonsOfTheClone().map(ProcessHandle::pid).toList(), "daemons left running: " + start.stderr());
        assertTrue(start.stderr().contains("the worker-1 exited"), start.stderr());
    }

    /** A JDK whose {@code bin/java} runs {@link #FAILING_CLUSTER} with the arguments a daemon gets. */
    private Path standInJava() throws IOException {
        Path jdk = Files.createDirectories(temporary.resolve("jdk/bin")).getParent();
        Path source = Files.writeString(temporary.resolve("FailingCluster.java"), FAILING_CLUSTER);
        Path java = jdk.resolve("bin/java");
        Files.writeString(java, "#!/usr/bin/env bash\nexec '" + Path.of(System.getProperty("java.home"), "bin", "java")
                + "' '" + source + "' \"$@\"\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return jdk;
    }

    /** The processes whose command line names a file of the clone: the daemons a start there began. */
    private Stream<ProcessHandle> daemonsOfTheClone() {
        return ProcessHandle.allProcesses().filter(process -> process.info().arguments()
                .map(arguments -> Stream.of(arguments).anyMatch(argument -> argument.contains(clone.toString())))
                .orElse(false));
    }

    private Path pidFile(String daemon) {
        return clone.resolve("target/standalone/" + daemon + ".pid");
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private Run run(Map<String, String> settings, Path script, String command) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(script.toString(), command).directory(clone.toFile());
        Map<String, String> environment = builder.environment();
        environment.keySet().removeIf(name -> name.startsWith("LAPSCORE_"));
        environment.putAll(settings);
        Process process = builder.start();
        process.getOutputStream().close();
        String stdout = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String stderr = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(5, TimeUnit.MINUTES), "the script did not end");
        return new Run(process.exitValue(), stdout, stderr);
    }

    private record Run(int exit, String stdout, String stderr) {
    }
}
