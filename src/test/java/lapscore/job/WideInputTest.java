package lapscore.job;

import static lapscore.job.JobRuns.error;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import lapscore.selection.base.FeatureSelectorModel;
import lapscore.testkit.DenseLaplacianReference;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table of thousands of numeric columns, as gene expression data come: the job scores it as a
 * dense reference does, and a bad cell is named by its column, as the user wrote it, and its row.
 */
class WideInputTest {

    private static final int ROWS = 60;
    private static final int COLUMNS = 2_500;

    /** Column c is "g" + c, but for column 7, named "probe.7" (a name Spark would read as a path). */
    private static String name(int column) {
        return column == 7 ? "probe.7" : "g" + column;
    }

    private static double[][] values(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[][] x = new double[ROWS][COLUMNS];
        for (int i = 0; i < ROWS; i++) {
            int cluster = i % 3;
            for (int c = 0; c < COLUMNS; c++) {
                x[i][c] = (c < 10 ? 4.0 * cluster : 0.0) + random.nextGaussian();
            }
        }
        return x;
    }

    /** The rows as a Parquet table of a label column and the columns of {@code x}; {@code missing} (row, column) cells null. */
    private static String parquet(Path dir, double[][] x, int[]... missing) {
        StructType schema = new StructType().add("tissue", DataTypes.StringType);
        for (int c = 0; c < COLUMNS; c++) {
            schema = schema.add(name(c), DataTypes.DoubleType);
        }
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            Object[] cells = new Object[COLUMNS + 1];
            cells[0] = "t" + i % 3;
            for (int c = 0; c < COLUMNS; c++) {
                cells[c + 1] = x[i][c];
            }
            for (int[] cell : missing) {
                if (cell[0] == i) {
                    cells[cell[1] + 1] = null;
                }
            }
            rows.add(RowFactory.create(cells));
        }
        String path = dir.resolve("wide.parquet").toString();
        JobRuns.SPARK.createDataFrame(rows, schema).coalesce(1).write().parquet(path);
        return path;
    }

    @Test
    void scoresEveryColumnAsADenseReference(@TempDir Path dir) throws Exception {
        double[][] x = values(11L);
        String input = parquet(dir, x);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        FeatureSelectorModel<?> model = FitCommand.run(JobRuns.SPARK, new String[]{"--input", input, "--label-col", "tissue",
                "--num-features", "10"}, new PrintStream(printed, true, StandardCharsets.UTF_8));
        double[] expected = new DenseLaplacianReference(x, 5, "euclidean", "heat", Double.NaN, false).scores(x, false);
        assertArrayEquals(expected, model.scores(), 1e-9);
        String output = printed.toString(StandardCharsets.UTF_8);
        assertFalse(output.contains("WARN"), output);
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), java.util.Arrays.stream(model.selectedFeatures()).boxed().toList(),
                "the ten columns that carry the clusters");
    }

    /** More cells a line than the CSV parser takes by default (20 480), in both of the job's ways of reading a CSV. */
    @Test
    void aCsvWiderThanTheParsersDefault(@TempDir Path dir) throws Exception {
        int columns = 21_000;
        SplittableRandom random = new SplittableRandom(13L);
        List<String> lines = new ArrayList<>();
        lines.add(String.join(",", java.util.stream.IntStream.range(0, columns).mapToObj(c -> "gene" + c).toList()));
        for (int i = 0; i < 12; i++) {
            lines.add(String.join(",", java.util.stream.IntStream.range(0, columns)
                    .mapToObj(c -> Double.toString(random.nextGaussian())).toList()));
        }
        java.nio.file.Files.write(dir.resolve("wide.csv"), lines);
        lines.set(5, lines.get(5).replaceFirst("^[^,]*,", "n/a,"));
        java.nio.file.Files.write(dir.resolve("text.csv"), lines);
        String printed = JobRuns.printed("--input", dir.resolve("wide.csv").toString(), "--num-features", "3");
        assertFalse(printed.contains("WARN"), printed);
        assertEquals("Column 'gene0' holds numbers but also the text 'n/a' at data row 5; fix or remove it, or leave the column"
                + " out with --features", error("--input", dir.resolve("text.csv").toString()));
    }

    @Test
    void aMissingCellIsNamedByColumnAndRow(@TempDir Path dir) {
        String input = parquet(dir, values(12L), new int[]{40, 7}, new int[]{52, 7}, new int[]{45, 2_222});
        assertEquals("Feature column 'probe.7' has 2 null or NaN values (the first at data row 41); remove or impute them, or"
                + " pass --handle-invalid skip to drop such rows", error("--input", input, "--label-col", "tissue"));
    }
}
