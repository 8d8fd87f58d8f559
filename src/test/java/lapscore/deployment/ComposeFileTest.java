package lapscore.deployment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * The top-level {@code docker-compose.yml} describes the cluster it claims: one master, two workers
 * that find it, and a Jupyter server, on the Spark, Scala and Java the library is built for, with
 * pinned images, ports on 127.0.0.1 only, health checks that the start-up order waits on, and the
 * mounts the Jupyter server's start script reads. The Jupyter server has no token written in the
 * repository and keeps its Host-header check (remote access off), so that a web page cannot reach it
 * by DNS rebinding. No Docker engine runs here; CI also checks the
 * file against the Compose schema with {@code docker-compose config -q}.
 */
class ComposeFileTest {

    private static final Path REPOSITORY = Path.of("").toAbsolutePath();
    /** A token taken from the environment of {@code docker compose up}, without a default written here. */
    private static final Pattern TOKEN_FROM_THE_ENVIRONMENT = Pattern.compile("\\$\\{JUPYTER_TOKEN(:?-|:?\\?[^}]*)?}");
    private static Map<String, Map<String, Object>> services;
    private static String pom;

    @BeforeAll
    @SuppressWarnings("unchecked")
    static void readFiles() throws IOException {
        Map<String, Object> compose = new Yaml().load(Files.readString(REPOSITORY.resolve("docker-compose.yml")));
        services = (Map<String, Map<String, Object>>) compose.get("services");
        pom = Files.readString(REPOSITORY.resolve("pom.xml"));
    }

    @Test
    void oneMasterTwoWorkersAndAJupyterServer() {
        assertEquals(Set.of("spark-master", "spark-worker-1", "spark-worker-2", "jupyter"), services.keySet());
        assertTrue(command("spark-master").contains("org.apache.spark.deploy.master.Master"));
        for (String worker : List.of("spark-worker-1", "spark-worker-2")) {
            assertTrue(command(worker).contains("org.apache.spark.deploy.worker.Worker"), worker);
        }
    }

    @Test
    void imagesArePinnedToTheSparkScalaAndJavaOfTheBuild() throws IOException {
        String tag = pomProperty("spark.version") + "-scala" + pomProperty("scala.binary.version") + "-java17-";
        Set<String> images = new TreeSet<>();
        for (String name : List.of("spark-master", "spark-worker-1", "spark-worker-2")) {
            images.add((String) services.get(name).get("image"));
        }
        images.add((String) args(services.get("jupyter")).get("SPARK_IMAGE"));
        Matcher dockerfileDefault = Pattern.compile("ARG SPARK_IMAGE=(\\S+)").matcher(Files.readString(jupyterContext().resolve("Dockerfile")));
        assertTrue(dockerfileDefault.find(), "the Dockerfile's default image");
        images.add(dockerfileDefault.group(1));
        for (String image : images) {
            assertNotNull(image);
            assertTrue(image.startsWith("apache/spark:" + tag) && image.endsWith("-ubuntu"), image + " is not apache/spark:" + tag + "…-ubuntu");
            assertFalse(image.contains("latest"), image);
        }
    }

    @Test
    void everyPortIsBoundToLoopbackOnly() {
        Set<String> hostPorts = new TreeSet<>();
        services.forEach((name, service) -> {
            for (Object port : list(service.get("ports"))) {
                String mapping = String.valueOf(port);
                assertTrue(mapping.startsWith("127.0.0.1:"), name + " publishes " + mapping + " beyond 127.0.0.1");
                assertTrue(hostPorts.add(mapping.split(":")[1]), name + " reuses host port " + mapping);
            }
        });
        assertTrue(hostPorts.containsAll(Set.of("7077", "8080", "8888")), "master, its web UI and Jupyter: " + hostPorts);
    }

    @Test
    void workersAndNotebooksUseTheMastersAddress() {
        List<String> master = command("spark-master");
        String url = "spark://" + master.get(master.indexOf("--host") + 1) + ":" + master.get(master.indexOf("--port") + 1);
        assertEquals("spark-master", master.get(master.indexOf("--host") + 1), "the master's host is its service name");
        for (String worker : List.of("spark-worker-1", "spark-worker-2")) {
            List<String> command = command(worker);
            assertEquals(url, command.get(command.size() - 1), worker);
        }
        assertEquals(url, environment("jupyter").get("SPARK_MASTER_URL"));
        assertEquals(services.get("jupyter").get("hostname"), environment("jupyter").get("SPARK_DRIVER_HOST"),
                "the executors reach the notebooks' driver by the Jupyter server's host name");
    }

    @Test
    void startUpWaitsForHealthyServices() {
        services.forEach((name, service) -> assertNotNull(service.get("healthcheck"), name + " has no health check"));
        assertTrue(String.valueOf(services.get("spark-master").get("healthcheck")).contains("/7077"), "the master's check probes its port");
        for (String worker : List.of("spark-worker-1", "spark-worker-2")) {
            assertEquals(Map.of("spark-master", Map.of("condition", "service_healthy")), services.get(worker).get("depends_on"), worker);
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> jupyter = (Map<String, Object>) services.get("jupyter").get("depends_on");
        assertEquals(Set.of("spark-master", "spark-worker-1", "spark-worker-2"), jupyter.keySet());
        jupyter.values().forEach(condition -> assertEquals(Map.of("condition", "service_healthy"), condition));
    }

    @Test
    void jupyterMountsWhatItsStartScriptAndKernelRead() throws IOException {
        Map<String, String> mounts = new TreeMap<>();
        for (Object volume : list(services.get("jupyter").get("volumes"))) {
            String[] parts = String.valueOf(volume).split(":");
            mounts.put(parts[1], parts[0] + (parts.length > 2 ? ":" + parts[2] : ""));
        }
        assertEquals(Map.of("/opt/lapscore/notebooks", "./notebooks", "/opt/lapscore/target", "./target:ro",
                "/opt/lapscore/data", "./data:ro", "/opt/lapscore/conf", "./conf:ro"), mounts);
        for (String committed : List.of("notebooks", "data", "conf")) {
            assertTrue(Files.isDirectory(REPOSITORY.resolve(committed)), committed);
        }
        String script = Files.readString(jupyterContext().resolve("start-jupyter.sh"));
        Matcher appJar = Pattern.compile("<outputFile>\\$\\{project.build.directory}/([^<]+)</outputFile>").matcher(pom);
        Set<String> outputs = new TreeSet<>();
        while (appJar.find()) {
            outputs.add(appJar.group(1));
        }
        assertTrue(outputs.contains("spark-laplacian-score-app.jar"), "the pom builds the runnable jar: " + outputs);
        assertTrue(script.contains("/opt/lapscore/target/spark-laplacian-score-app.jar"), "the start script's jar");
        assertTrue(Files.readString(jupyterContext().resolve("kernel.json")).contains("/opt/lapscore/conf/spark-jvm.options"),
                "the kernel's JVM options");
        for (String worker : List.of("spark-worker-1", "spark-worker-2")) {
            assertEquals(List.of("./data:/opt/lapscore/data:ro"), services.get(worker).get("volumes"),
                    worker + " sees the data at the notebooks' path");
        }
    }

    @Test
    void jupyterImageRunsTheKernelAndNotebooksOfTheRepository() throws IOException {
        String runner = Files.readString(REPOSITORY.resolve("notebooks/run.sh"));
        String dockerfile = Files.readString(jupyterContext().resolve("Dockerfile"));
        String kernelSpec = Files.readString(jupyterContext().resolve("kernel.json"));
        Matcher runnerVersion = Pattern.compile("kernel_version=(\\S+)").matcher(runner);
        Matcher imageVersion = Pattern.compile("ARG KERNEL_VERSION=(\\S+)").matcher(dockerfile);
        assertTrue(runnerVersion.find() && imageVersion.find(), "kernel versions");
        assertEquals(runnerVersion.group(1), imageVersion.group(1), "the image's kernel is the one CI runs the notebooks with");
        for (String part : List.of("org.rapaio.jupyter.kernel.MainApp", "spark-jvm.options", "-Djava.awt.headless=true")) {
            assertTrue(runner.contains(part) && kernelSpec.contains(part), part);
        }
        assertTrue(kernelSpec.contains("/opt/spark/jars/*") && kernelSpec.contains("/opt/lapscore/target/spark-laplacian-score-app.jar"),
                "the kernel sees the image's Spark and the mounted runnable jar");
        String notebook = Files.readString(REPOSITORY.resolve("notebooks/cluster.ipynb"));
        for (String variable : environment("jupyter").keySet()) {
            if (variable.startsWith("SPARK_")) {
                assertTrue(notebook.contains("\\\"" + variable + "\\\""), "cluster.ipynb reads " + variable);
            }
        }
    }

    @Test
    void jupyterHasNoPublishedToken() throws IOException {
        Object token = environment("jupyter").get("JUPYTER_TOKEN");
        assertTrue(token == null || TOKEN_FROM_THE_ENVIRONMENT.matcher(String.valueOf(token)).matches(),
                "JUPYTER_TOKEN must come from the user's environment, with no default in the file: " + token);
        String command = jupyterCommand();
        assertFalse(command.contains("token"),
                "the start script sets the token (an empty one turns authentication off, a written one is public): " + command);
    }

    @Test
    void jupyterListensOnLocalhostOnlyAndChecksTheHostHeader() throws IOException {
        String command = jupyterCommand();
        assertTrue(command.contains("--ServerApp.allow_remote_access=False"),
                "listening on 0.0.0.0 turns Jupyter's Host-header check off unless remote access is off: " + command);
        for (String widening : List.of("allow_remote_access=True", "local_hostnames", "allow_origin", "disable_check_xsrf")) {
            assertFalse(command.contains(widening), widening + " in " + command);
        }
        assertTrue(list(services.get("jupyter").get("ports")).contains("127.0.0.1:8888:8888"),
                "Jupyter's port is published on the host's loopback address");
    }

    /** The command line that start-jupyter.sh runs Jupyter with, its continued lines joined. */
    private static String jupyterCommand() throws IOException {
        String script = Files.readString(jupyterContext().resolve("start-jupyter.sh")).replace("\\\n", " ");
        return script.lines().filter(line -> line.startsWith("exec jupyter ")).findFirst()
                .orElseThrow(() -> new AssertionError("start-jupyter.sh does not exec jupyter"));
    }

    private static Path jupyterContext() {
        @SuppressWarnings("unchecked")
        Map<String, Object> build = (Map<String, Object>) services.get("jupyter").get("build");
        return REPOSITORY.resolve((String) build.get("context"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> args(Map<String, Object> service) {
        return (Map<String, Object>) ((Map<String, Object>) service.get("build")).get("args");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> environment(String service) {
        return (Map<String, Object>) services.get(service).get("environment");
    }

    @SuppressWarnings("unchecked")
    private static List<String> command(String service) {
        return (List<String>) services.get(service).get("command");
    }

    private static List<?> list(Object value) {
        return value == null ? List.of() : (List<?>) value;
    }

    private static String pomProperty(String name) {
        Matcher matcher = Pattern.compile("<" + Pattern.quote(name) + ">([^<]+)</").matcher(pom);
        assertTrue(matcher.find(), name);
        return matcher.group(1);
    }
}
