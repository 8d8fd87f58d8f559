package lapscore.bench;

import static org.apache.spark.sql.functions.col;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import lapscore.graph.search.RecallSample;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The single-machine baselines, run on the same rows under {@code /usr/bin/python3} with as many
 * threads as Spark has cores: pynndescent (McInnes's implementation of NN-descent, Debian's
 * {@code python3-pynndescent}, by {@code bin/pynndescent-knn.py}) and the exact graph in plain numpy
 * (every pair, by {@code bin/numpy-knn.py}). The rows are streamed from the executors to a raw file
 * once for all builds (the harness's own I/O, not part of any time); each script times its build
 * alone (pynndescent's after a warm-up build that compiles its numba code) and returns the k
 * nearest neighbours of the recall sample's rows, whose distances are recomputed here so that
 * recall is measured exactly as for the other graphs.
 */
final class PythonBaselines {

    /** The interpreter that has Debian's packages (a pyenv or virtualenv python3 on the PATH may not). */
    static final Path PYTHON = Path.of("/usr/bin/python3");

    private PythonBaselines() {
    }

    /**
     * One build by a script: the method it stands for in the results, the script and its options
     * besides the data's ({@code --data --dims --queries --k}), and the line's setting, made from the
     * numbers the script printed before its neighbours ("seconds S", "compile_seconds C", ...).
     */
    record Build(String method, Path script, List<String> options, Function<Map<String, Double>, String> setting) {
    }

    /** Whether {@code /usr/bin/python3} can import {@code module}. */
    static boolean available(String module) {
        if (!Files.isExecutable(PYTHON)) {
            return false;
        }
        try {
            Process probe = new ProcessBuilder(PYTHON.toString(), "-c", "import " + module).redirectErrorStream(true).start();
            probe.getInputStream().readAllBytes();
            return probe.waitFor(120, TimeUnit.SECONDS) && probe.exitValue() == 0;
        } catch (IOException | InterruptedException failed) {
            return false;
        }
    }

    /**
     * Runs every build of {@code builds} on {@code rows} (columns {@code id} 0..m-1 and
     * {@code features}) and returns each one's time and recall@k on {@code sample}; an
     * {@link IllegalStateException} when a script fails. The rows are written out once for all builds.
     */
    static List<BenchResult> run(Dataset<Row> rows, long numRows, int dims, int k, List<Build> builds, RecallSample sample)
            throws IOException, InterruptedException {
        Path directory = Files.createTempDirectory("lapscore-baselines");
        Path data = directory.resolve("rows.f64");
        Path queries = directory.resolve("queries.i64");
        try {
            writeRows(rows, dims, data);
            writeIds(sample.ids(), queries);
            List<BenchResult> results = new ArrayList<>();
            for (Build build : builds) {
                results.add(build(rows, numRows, dims, k, build, sample, data, queries));
            }
            return results;
        } finally {
            try (var files = Files.list(directory)) {
                for (Path file : (Iterable<Path>) files::iterator) {
                    Files.delete(file);
                }
            }
            Files.delete(directory);
        }
    }

    /** One build on the rows and queries written out. */
    private static BenchResult build(Dataset<Row> rows, long numRows, int dims, int k, Build build, RecallSample sample,
                                     Path data, Path queries) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(PYTHON.toString(), build.script().toString(), "--data", data.toString(),
                "--dims", String.valueOf(dims), "--queries", queries.toString(), "--k", String.valueOf(k)));
        command.addAll(build.options());
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        List<String> lines;
        try (InputStream output = process.getInputStream()) {
            lines = new String(output.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
        if (process.waitFor() != 0) {
            throw new IllegalStateException(build.method() + " baseline failed (exit code " + process.exitValue() + ")");
        }
        Map<String, Double> numbers = new HashMap<>();
        Map<Long, long[]> neighbours = new HashMap<>();
        for (String line : lines.stream().filter(text -> !text.isBlank()).toList()) {
            String[] words = line.trim().split(" ");
            if (Character.isLetter(words[0].charAt(0))) {
                numbers.put(words[0], Double.parseDouble(words[1]));
            } else {
                long[] ids = Arrays.stream(words).mapToLong(Long::parseLong).toArray();
                neighbours.put(ids[0], Arrays.copyOfRange(ids, 1, ids.length));
            }
        }
        if (!numbers.containsKey("seconds")) {
            throw new IllegalStateException(build.method() + " baseline printed no time");
        }
        return new BenchResult(numRows, dims, build.method(), build.setting().apply(numbers), numbers.get("seconds"), Double.NaN,
                Double.NaN, Double.NaN, sample.recallOf(distances(rows, sample, neighbours)), -1, 0, Double.NaN, 0,
                FitFootprint.NOT_MEASURED);
    }

    /** The rows in id order as little-endian doubles, streamed one partition at a time. */
    private static void writeRows(Dataset<Row> rows, int dims, Path file) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(8 * dims).order(ByteOrder.LITTLE_ENDIAN);
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
            Iterator<Row> ordered = rows.orderBy("id").select("features").toLocalIterator();
            while (ordered.hasNext()) {
                Vector vector = ordered.next().getAs(0);
                buffer.clear();
                for (int c = 0; c < dims; c++) {
                    buffer.putDouble(vector.apply(c));
                }
                out.write(buffer.array());
            }
        }
    }

    private static void writeIds(long[] ids, Path file) throws IOException {
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file)))) {
            for (long id : ids) {
                out.writeLong(Long.reverseBytes(id));
            }
        }
    }

    /** The exact distances from every sampled row to the neighbours a baseline returned for it. */
    private static Map<Long, double[]> distances(Dataset<Row> rows, RecallSample sample, Map<Long, long[]> neighbours) {
        Object[] wanted = neighbours.values().stream().flatMapToLong(Arrays::stream).distinct().boxed().toArray();
        Map<Long, Vector> vectors = new HashMap<>();
        for (Row row : rows.filter(col("id").isin(wanted)).collectAsList()) {
            vectors.put(row.getLong(0), row.getAs(1));
        }
        long[] ids = sample.ids();
        Map<Long, double[]> distances = new HashMap<>();
        for (int i = 0; i < ids.length; i++) {
            Vector own = sample.vector(i);
            distances.put(ids[i], Arrays.stream(Optional.ofNullable(neighbours.get(ids[i])).orElse(new long[0]))
                    .mapToDouble(id -> Math.sqrt(Vectors.sqdist(own, vectors.get(id)))).toArray());
        }
        return distances;
    }
}
