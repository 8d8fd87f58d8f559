package lapscore.job.files;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import lapscore.testkit.SparkTestSession;
import org.apache.spark.ml.attribute.AttributeGroup;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link CsvLineVectors} gives, row for row and in the same order, the labels and vectors that
 * Spark's own CSV reader and {@code VectorAssembler} give for the same files, and marks each line
 * that does not fit the types.
 */
class CsvLineVectorsTest {

    private static final SparkSession SPARK = SparkTestSession.spark();

    /** Lines of data for the columns a, b, c, label: quoted and padded numbers, empty cells, Spark's NaN and infinities, blank lines. */
    private static List<String> awkwardLines(Random random, int rows) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            lines.add(random.nextGaussian() + "," + random.nextInt(100) + "," + String.format("%.6e", random.nextDouble() * 1e-5) + ","
                    + random.nextInt(3));
            switch (i % 9) {
                case 1 -> lines.add("\"4.25\",-0.0,1e-3,2");
                case 2 -> lines.add("");
                case 3 -> lines.add("7,,9,1");
                case 4 -> lines.add("NaN,Inf,-Inf,2");
                case 5 -> lines.add("0.12345678901234567890, 5,6 ,1");
                case 6 -> lines.add("   ");
                case 7 -> lines.add("0,0,0,0");
                default -> {
                }
            }
        }
        return lines;
    }

    /** Writes a directory of three CSV files of different sizes, one with Windows line ends. */
    private static String directory(Path dir, boolean header) throws Exception {
        Random random = new Random(3);
        Path csv = Files.createDirectories(dir.resolve(header ? "with-header.csv" : "plain.csv"));
        int[] rows = {40, 400, 7};
        for (int f = 0; f < rows.length; f++) {
            List<String> lines = new ArrayList<>();
            if (header) {
                lines.add("a,b,c,label");
            }
            lines.addAll(awkwardLines(random, rows[f]));
            String separator = f == 1 ? "\r\n" : "\n";
            Files.writeString(csv.resolve("part-" + f + ".csv"), String.join(separator, lines) + separator, StandardCharsets.UTF_8);
        }
        return csv.toString();
    }

    @Test
    void rowsEqualThoseOfSparksCsvReaderWithAHeader(@TempDir Path dir) throws Exception {
        rowsEqualThoseOfSparksCsvReader(directory(dir, true), true);
    }

    @Test
    void rowsEqualThoseOfSparksCsvReaderWithoutAHeader(@TempDir Path dir) throws Exception {
        rowsEqualThoseOfSparksCsvReader(directory(dir, false), false);
    }

    private static void rowsEqualThoseOfSparksCsvReader(String path, boolean header) {
        Dataset<Row> typed = SPARK.read().option("header", header).schema("a double, b double, c double, label int").csv(path);
        List<Row> expected = new VectorAssembler().setInputCols(new String[]{"a", "c"}).setHandleInvalid("keep").setOutputCol("v")
                .transform(typed).select("label", "v").collectAsList();
        Dataset<Row> parsed = CsvLineVectors.read(SPARK, path, new CsvLayout(header, CsvLayout.COMMA), 4, new int[]{0, 2}, List.of("a", "c"), 3, "label",
                DataTypes.IntegerType, "v");
        List<Row> actual = parsed.collectAsList();

        assertEquals(expected.size(), actual.size());
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i).get(0), actual.get(i).get(0), "label of row " + i);
            Vector want = expected.get(i).getAs(1);
            Vector got = actual.get(i).getAs(1);
            assertArrayEquals(bits(want.toArray()), bits(got.toArray()), "vector of row " + i);
            assertEquals(want.getClass(), got.getClass(), "dense or sparse storage of row " + i);
            assertNull(actual.get(i).get(2), "misfit of row " + i);
        }
        AttributeGroup attributes = AttributeGroup.fromStructField(parsed.schema().apply("v"));
        assertEquals(2, attributes.size());
        assertArrayEquals(new String[]{"a", "c"}, new String[]{attributes.getAttr(0).name().get(), attributes.getAttr(1).name().get()});
    }

    private static long[] bits(double[] values) {
        long[] bits = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            bits[i] = Double.doubleToLongBits(values[i]);
        }
        return bits;
    }

    @Test
    void linesThatDoNotFitAreKept(@TempDir Path dir) throws Exception {
        List<String> misfits = List.of("1,2,3", "1,x,3,1", "1,2,3,one", "1,2,3,4,5", "1,2,3,1.5");
        List<String> lines = new ArrayList<>(List.of("a,b,c,label", "1,2,3,1"));
        for (String misfit : misfits) {
            lines.add(misfit);
            lines.add("4,5,6,0");
        }
        String path = Files.write(dir.resolve("misfits.csv"), lines).toString();
        List<Row> rows = CsvLineVectors.read(SPARK, path, new CsvLayout(true, CsvLayout.COMMA), 4, new int[]{0, 1, 2}, List.of("a", "b", "c"), 3, "label",
                DataTypes.IntegerType, "v").collectAsList();
        List<String> kept = new ArrayList<>();
        for (Row row : rows) {
            if (!row.isNullAt(2)) {
                kept.add(row.getString(2));
            }
        }
        assertEquals(misfits, kept);
        assertEquals(1 + 2 * misfits.size(), rows.size());
    }

    /** A text label is kept as text, an empty one as null; a double label is parsed like a feature. */
    @Test
    void labelsOfEachType(@TempDir Path dir) throws Exception {
        String path = Files.write(dir.resolve("labels.csv"), List.of("a,label", "1,setosa", "2,", "3,\"vir, ginica\"")).toString();
        List<Row> text = CsvLineVectors.read(SPARK, path, new CsvLayout(true, CsvLayout.COMMA), 2, new int[]{0}, List.of("a"), 1, "label", DataTypes.StringType, "v")
                .collectAsList();
        assertEquals("setosa", text.get(0).get(0));
        assertNull(text.get(1).get(0));
        assertEquals("vir, ginica", text.get(2).get(0));
        String numbers = Files.write(dir.resolve("numbers.csv"), List.of("a,label", "1,0.5", "2,Inf")).toString();
        List<Row> doubles = CsvLineVectors.read(SPARK, numbers, new CsvLayout(true, CsvLayout.COMMA), 2, new int[]{0}, List.of("a"), 1, "label", DataTypes.DoubleType, "v")
                .collectAsList();
        assertEquals(0.5, doubles.get(0).get(0));
        assertEquals(Double.POSITIVE_INFINITY, doubles.get(1).get(0));
    }
}
