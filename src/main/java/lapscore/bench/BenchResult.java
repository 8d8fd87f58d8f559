package lapscore.bench;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One line of the benchmark: a graph method on one data size, with the seconds of each stage,
 * the measured recall@k, how many of the top-I features are informative (-1 when the method
 * scores nothing), the peak heap of the JVM (driver and, in local mode, executors) and what the
 * fit held, shipped and computed ({@link FitFootprint}: rows per task, rounds, shuffle bytes of the
 * largest round and of the fit, pair distances per row in the trees and in the rounds; the Markdown
 * shows "—" for what was not measured, the CSV the raw values).
 */
public record BenchResult(long rows, int dims, String method, String setting, double graphSeconds, double recallSeconds,
                          double weightsSeconds, double scoresSeconds, double recall, int informativeFound,
                          int informative, double graphGflops, long peakHeapMegabytes, FitFootprint footprint) {

    static final String CSV_HEADER = "rows,dims,method,setting,graph_s,recall_s,weights_s,scores_s,graph_weights_scores_s,"
            + "recall_at_k,informative_found,informative,graph_gflops,peak_heap_mb,rows_per_task,rounds,"
            + "largest_round_shuffle_bytes,shuffle_bytes,tree_pairs_per_row,round_pairs_per_row";

    static final String MARKDOWN_HEADER = """
            | rows | dims | method | setting | graph s | weights s | scores s | graph+weights+scores s | recall@k | informative in top I | graph GFLOP/s | peak heap MB | rows per task | rounds | largest round shuffle MB | shuffle MB | pairs per row: trees + rounds |
            |---:|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|""";

    private static final double MEGABYTE = 1 << 20;

    /** The methods run by a Python process, not a JVM ({@link PythonBaselines}). */
    private static final Set<String> PYTHON_METHODS = Set.of("pynndescent", "numpy");

    /** The columns of {@link #userTable}. */
    static final String USER_HEADER = """
            | rows x features | method | settings | Java heap | graph s | recall@k | graph s / pynndescent's at equal recall | pair distances per row: trees + rounds | most rows in one task | peak heap MB | shuffle MB |
            |---|---|---|---|---:|---:|---:|---:|---:|---:|---:|""";

    /**
     * The table a user reads: one line per result, with the Java heap {@code heap} of the JVM that
     * ran it ("—" for pynndescent and numpy, Python processes), and the graph's time over the time of a
     * pynndescent build of the same data in the same run at equal recall: the fastest build whose
     * recall is at least this line's, or, when none reaches it, the most accurate build, which then
     * does less than this line ("—" without a build).
     */
    public static String userTable(List<BenchResult> results, String heap) {
        StringBuilder text = new StringBuilder(USER_HEADER).append('\n');
        for (BenchResult result : results) {
            List<BenchResult> builds = results.stream()
                    .filter(other -> other.method.equals("pynndescent") && other.rows == result.rows && other.dims == result.dims)
                    .toList();
            double baseline = builds.stream().filter(build -> build.recall >= result.recall)
                    .min(Comparator.comparingDouble(BenchResult::graphSeconds))
                    .or(() -> builds.stream().max(Comparator.comparingDouble(BenchResult::recall)))
                    .map(BenchResult::graphSeconds).orElse(Double.NaN);
            FitFootprint footprint = result.footprint;
            text.append(String.format(Locale.ROOT, "| %,d x %d | %s | %s | %s | %.1f | %s | %s | %s | %s | %s | %s |%n", result.rows,
                    result.dims, result.method, result.setting, PYTHON_METHODS.contains(result.method) ? "—" : heap,
                    result.graphSeconds, optional(result.recall, "%.4f"),
                    optional(result.graphSeconds / baseline, "%.2f"), result.pairsPerRow(),
                    footprint.rowsPerTask() > 0 ? String.format(Locale.ROOT, "%,d", footprint.rowsPerTask()) : "—",
                    result.peakHeapMegabytes > 0 ? String.format(Locale.ROOT, "%,d", result.peakHeapMegabytes) : "—",
                    footprint.shuffleBytes() >= 0 ? String.format(Locale.ROOT, "%,.0f", footprint.shuffleBytes() / MEGABYTE) : "—"));
        }
        return text.toString();
    }


    /** The CSV of {@code results}: a header line, then one line per result. */
    public static String csv(List<BenchResult> results) {
        StringBuilder text = new StringBuilder(CSV_HEADER).append('\n');
        results.forEach(result -> text.append(result.csv()).append('\n'));
        return text.toString();
    }

    /** Graph, weights and scores: the time a fit spends after validation, without the recall estimate. */
    public double totalSeconds() {
        return graphSeconds + weightsSeconds + scoresSeconds;
    }

    String csv() {
        return String.format(Locale.ROOT, "%d,%d,%s,%s,%.3f,%.3f,%.3f,%.3f,%.3f,%.4f,%d,%d,%.2f,%d,%d,%d,%d,%d,%.1f,%.1f", rows, dims, method,
                setting.replace(',', ';'), graphSeconds, recallSeconds, weightsSeconds, scoresSeconds, totalSeconds(), recall,
                informativeFound, informative, graphGflops, peakHeapMegabytes, footprint.rowsPerTask(), footprint.rounds(),
                footprint.largestRoundShuffleBytes(), footprint.shuffleBytes(), footprint.treePairsPerRow(),
                footprint.roundPairsPerRow());
    }

    String markdown() {
        return String.format(Locale.ROOT, "| %d | %d | %s | %s | %.2f | %s | %s | %s | %s | %s | %s | %d | %s | %s | %s | %s | %s |", rows,
                dims, method, setting, graphSeconds, optional(weightsSeconds, "%.2f"), optional(scoresSeconds, "%.2f"),
                Double.isNaN(scoresSeconds) ? "—" : String.format(Locale.ROOT, "%.2f", totalSeconds()),
                optional(recall, "%.4f"), informativeFound < 0 ? "—" : informativeFound + " / " + informative,
                optional(graphGflops, "%.1f"), peakHeapMegabytes,
                footprint.rowsPerTask() > 0 ? Long.toString(footprint.rowsPerTask()) : "—",
                footprint.rounds() >= 0 ? Integer.toString(footprint.rounds()) : "—",
                footprint.rounds() > 0 ? megabytes(footprint.largestRoundShuffleBytes()) : "—",
                footprint.shuffleBytes() >= 0 ? megabytes(footprint.shuffleBytes()) : "—", pairsPerRow());
    }

    /** Pair distances per row of the trees and of the rounds, "—" when not counted (exact graph, baselines). */
    private String pairsPerRow() {
        double trees = footprint.treePairsPerRow();
        double rounds = footprint.roundPairsPerRow();
        if (Double.isNaN(trees) || trees + rounds == 0) {
            return "—";
        }
        return String.format(Locale.ROOT, "%.0f + %.0f", trees, rounds);
    }

    private static String optional(double value, String format) {
        return Double.isNaN(value) ? "—" : String.format(Locale.ROOT, format, value);
    }

    private static String megabytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f", bytes / MEGABYTE);
    }
}
