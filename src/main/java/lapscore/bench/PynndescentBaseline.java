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
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import lapscore.graph.search.RecallSample;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The single-machine baseline: the kNN graph of the same rows built by pynndescent (McInnes's
 * implementation of NN-descent, Debian's {@code python3-pynndescent}), run by
 * {@code bin/pynndescent-knn.py} under {@code /usr/bin/python3} with as many threads as Spark has
 * cores. The rows are streamed from the executors to a raw file (the harness's own I/O, not part of
 * either time); the script times the build alone, after a warm-up build that compiles its numba
 * code, and returns the k nearest neighbours of the recall sample's rows, whose distances are
 * recomputed here so that recall is measured exactly as for the other graphs.
 */
final class PynndescentBaseline {

    /** The interpreter that has Debian's packages (a pyenv or virtualenv python3 on the PATH may not). */
    static final Path PYTHON = Path.of("/usr/bin/python3");

    private PynndescentBaseline() {
    }

    /** Whether {@code /usr/bin/python3} can import pynndescent. */
    static boolean available() {
        if (!Files.isExecutable(PYTHON)) {
            return false;
        }
        try {
            Process probe = new ProcessBuilder(PYTHON.toString(), "-c", "import pynndescent").redirectErrorStream(true).start();
            probe.getInputStream().readAllBytes();
            return probe.waitFor(120, TimeUnit.SECONDS) && probe.exitValue() == 0;
        } catch (IOException | InterruptedException failed) {
            return false;
        }
    }

    /**
     * Builds the graph of {@code rows} (columns {@code id} 0..m-1 and {@code features}) with
     * {@code threads} threads, once for each n_neighbors of {@code neighbors}, and returns each
     * build's time and recall@k on {@code sample}; an {@link IllegalStateException} when the script
     * fails. The rows are written out once for all builds.
     */
    static List<BenchResult> run(Dataset<Row> rows, long numRows, int dims, int k, List<Integer> neighbors, RecallSample sample,
                                 int threads, long seed, Path script) throws IOException, InterruptedException {
        Path directory = Files.createTempDirectory("lapscore-pynndescent");
        Path data = directory.resolve("rows.f64");
        Path queries = directory.resolve("queries.i64");
        try {
            writeRows(rows, dims, data);
            writeIds(sample.ids(), queries);
            List<BenchResult> results = new ArrayList<>();
            for (int build : neighbors) {
                results.add(build(rows, numRows, dims, k, build, sample, threads, seed, script, data, queries));
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

    /** One build of the script on the rows and queries written out, with n_neighbors {@code neighbors}. */
    private static BenchResult build(Dataset<Row> rows, long numRows, int dims, int k, int neighbors, RecallSample sample,
                                     int threads, long seed, Path script, Path data, Path queries)
            throws IOException, InterruptedException {
        Process process = new ProcessBuilder(PYTHON.toString(), script.toString(), "--data", data.toString(), "--dims",
                String.valueOf(dims), "--queries", queries.toString(), "--k", String.valueOf(k), "--neighbors",
                String.valueOf(neighbors), "--threads", String.valueOf(threads), "--seed",
                String.valueOf(Math.floorMod(seed, Integer.MAX_VALUE)))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        List<String> lines;
        try (InputStream output = process.getInputStream()) {
            lines = new String(output.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
        if (process.waitFor() != 0 || lines.size() < 2) {
            throw new IllegalStateException("pynndescent baseline failed (exit code " + process.exitValue() + ")");
        }
        double seconds = Double.parseDouble(lines.get(0).split(" ")[1]);
        double compileSeconds = Double.parseDouble(lines.get(1).split(" ")[1]);
        Map<Long, long[]> neighbours = new HashMap<>();
        for (String line : lines.subList(2, lines.size())) {
            long[] numbers = Arrays.stream(line.trim().split(" ")).mapToLong(Long::parseLong).toArray();
            neighbours.put(numbers[0], Arrays.copyOfRange(numbers, 1, numbers.length));
        }
        String setting = String.format(Locale.ROOT, "pynndescent, n_neighbors %d, best %d kept, %d threads (+%.1f s numba"
                + " compilation)", neighbors, k, threads, compileSeconds);
        return new BenchResult(numRows, dims, "pynndescent", setting, seconds, Double.NaN, Double.NaN, Double.NaN,
                sample.recallOf(distances(rows, sample, neighbours)), -1, 0, Double.NaN, 0,
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

    /** The exact distances from every sampled row to the neighbours pynndescent returned for it. */
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
