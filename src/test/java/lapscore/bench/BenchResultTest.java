package lapscore.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** A result's CSV and Markdown lines have the columns of their headers, the footprint's among them. */
class BenchResultTest {

    private static final BenchResult MEASURED = new BenchResult(1000, 50, "approximate", "4 trees, K = 20", 1.5, 0.2, 0.3, 0.4,
            0.95, 9, 10, Double.NaN, 512, new FitFootprint(1234, 3, 5L << 20, 12L << 20, 2048.0, 5120.4));
    private static final BenchResult BASELINE = new BenchResult(1000, 50, "pynndescent", "n_neighbors 30", 1.0, Double.NaN,
            Double.NaN, Double.NaN, 0.9, -1, 0, Double.NaN, 0, FitFootprint.NOT_MEASURED);

    @Test
    void csvLinesHaveTheHeadersColumns() {
        List<String> lines = BenchResult.csv(List.of(MEASURED, BASELINE)).lines().toList();
        int columns = BenchResult.CSV_HEADER.split(",").length;
        lines.forEach(line -> assertEquals(columns, line.split(",", -1).length, line));
        assertTrue(lines.get(1).endsWith(",512,1234,3,5242880,12582912,2048.0,5120.4"), lines.get(1));
        assertTrue(lines.get(2).endsWith(",0,-1,-1,-1,-1,NaN,NaN"), lines.get(2));
    }

    @Test
    void markdownLinesHaveTheHeadersColumns() {
        int columns = cells(BenchResult.MARKDOWN_HEADER.lines().findFirst().orElseThrow()).size();
        assertEquals(columns, cells(BenchResult.MARKDOWN_HEADER.lines().skip(1).findFirst().orElseThrow()).size());
        assertEquals(columns, cells(MEASURED.markdown()).size());
        assertEquals(columns, cells(BASELINE.markdown()).size());
        assertEquals(List.of("512", "1234", "3", "5.0", "12.0", "2048 + 5120"), cells(MEASURED.markdown()).subList(columns - 6, columns));
        assertEquals(List.of("0", "—", "—", "—", "—", "—"), cells(BASELINE.markdown()).subList(columns - 6, columns));
    }

    /**
     * The user's table: one line per result, the graph's time over that of pynndescent's build of the
     * same data at equal recall: its fastest build at least as accurate as the line, else its most
     * accurate one; "—" without one.
     */
    @Test
    void theUsersTableGivesEachTimeOverPynndescentAtEqualRecall() {
        BenchResult other = new BenchResult(2000, 50, "approximate", "4 trees", 3.0, 0.2, 0.3, 0.4, 0.9, 9, 10, Double.NaN, 512,
                FitFootprint.NOT_MEASURED);
        BenchResult faster = new BenchResult(1000, 50, "pynndescent", "n_neighbors 15", 0.5, Double.NaN,
                Double.NaN, Double.NaN, 0.8, -1, 0, Double.NaN, 0, FitFootprint.NOT_MEASURED);
        BenchResult between = new BenchResult(1000, 50, "approximate", "4 trees, K = 15", 2.0, 0.2, 0.3, 0.4, 0.85, 9, 10, Double.NaN,
                512, FitFootprint.NOT_MEASURED);
        BenchResult below = new BenchResult(1000, 50, "approximate", "4 trees, K = 10", 2.0, 0.2, 0.3, 0.4, 0.7, 9, 10, Double.NaN,
                512, FitFootprint.NOT_MEASURED);
        List<String> lines = BenchResult.userTable(List.of(MEASURED, faster, BASELINE, other, between, below), "3.2 GB (-Xmx3g)")
                .lines().toList();
        assertEquals(8, lines.size());
        int columns = cells(lines.get(0)).size();
        lines.forEach(line -> assertEquals(columns, cells(line).size(), line));
        assertEquals(List.of("1,000 x 50", "approximate", "4 trees, K = 20", "3.2 GB (-Xmx3g)", "1.5", "0.9500", "1.50", "2048 + 5120",
                "1,234", "512", "12"), cells(lines.get(2)));
        assertEquals("—", cells(lines.get(3)).get(3), "pynndescent runs in Python, not in the JVM's heap");
        assertEquals("1.00", cells(lines.get(3)).get(6), "the fastest build at least as accurate: itself");
        assertEquals("1.00", cells(lines.get(4)).get(6), "pynndescent against itself");
        assertEquals("—", cells(lines.get(5)).get(6), "no pynndescent build of 2 000 rows");
        assertEquals("2.00", cells(lines.get(6)).get(6), "recall 0.85: the build of 0.9, not the faster one of 0.8");
        assertEquals("4.00", cells(lines.get(7)).get(6), "recall 0.7: the fastest build, which is more accurate");
    }

    private static List<String> cells(String line) {
        String inner = line.strip();
        return List.of(inner.substring(1, inner.length() - 1).split("\\|", -1)).stream().map(String::strip).toList();
    }
}
