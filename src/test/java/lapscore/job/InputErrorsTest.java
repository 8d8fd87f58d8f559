package lapscore.job;

import static lapscore.job.JobRuns.error;
import static lapscore.job.JobRuns.printed;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.apache.hadoop.util.VersionInfo;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Input the job cannot use is explained in one line that names the option or column and what to do. */
class InputErrorsTest {

    private static String csv(Path dir, String name, String... lines) throws Exception {
        return Files.write(dir.resolve(name), List.of(lines)).toString();
    }

    @Test
    void missingInputPath(@TempDir Path dir) {
        String input = dir.resolve("nope.csv").toString();
        assertEquals("--input: '" + input + "' does not exist; check the path", error("--input", input));
    }

    @Test
    void wrongFormatForTheFile() {
        String message = error("--input", "data/iris.csv", "--format", "parquet");
        assertTrue(message.startsWith("--input: cannot read 'data/iris.csv' as parquet ("), message);
        assertTrue(message.endsWith("); check --format"), message);
    }

    @Test
    void aStrayFileInACsvFolderIsNamedWithTheFix(@TempDir Path dir) throws Exception {
        List<String> iris = Files.readAllLines(Path.of("data/iris.csv"));
        Path folder = Files.createDirectories(dir.resolve("table"));
        Files.write(folder.resolve("part-00000.csv"), iris.subList(0, 76));
        List<String> secondPart = new ArrayList<>(List.of(iris.get(0)));
        secondPart.addAll(iris.subList(76, iris.size()));
        Files.write(folder.resolve("part-00001.csv"), secondPart);
        Files.write(folder.resolve("_SUCCESS"), List.of());
        Files.writeString(folder.resolve("notes.txt"), "Downloaded from UCI\nspecies is the label\n");
        assertEquals("--input: '" + folder + "' holds 'notes.txt' besides its CSV files, and Spark would read it as CSV rows too;"
                + " move it out, or give a glob of the CSV files such as '" + folder + "/*.csv'",
                error("--input", folder.toString(), "--format", "csv", "--label-col", "species"));
        printed("--input", folder + "/*.csv", "--format", "csv", "--label-col", "species", "--num-features", "1");
    }

    @Test
    void csvFilesOfDifferentHeadersInOneFolderAreNamed(@TempDir Path dir) throws Exception {
        Path folder = Files.createDirectories(dir.resolve("mixed"));
        Files.copy(Path.of("data/iris.csv"), folder.resolve("a-iris.csv"));
        Files.copy(Path.of("data/digits.csv"), folder.resolve("b-digits.csv"));
        String message = error("--input", folder.toString(), "--format", "csv", "--label-col", "digit");
        assertEquals("--input: '" + folder + "' holds CSV files whose first lines differ: 'a-iris.csv' (5 columns:"
                + " sepal_length,sepal_width,petal_length,...) and 'b-digits.csv' (65 columns: " + String.join(",",
                List.of(Files.readAllLines(Path.of("data/digits.csv")).get(0).split(",")).subList(0, 3)) + ",...); every file's"
                + " first line is read as its header, and Spark reads all of them with one, so give the files of one table, each"
                + " starting with the same header", message);
        Path split = Files.createDirectories(dir.resolve("split"));
        List<String> iris = Files.readAllLines(Path.of("data/iris.csv"));
        Files.write(split.resolve("part-00000.csv"), iris.subList(0, 76));
        Files.write(split.resolve("part-00001.csv"), iris.subList(76, iris.size()));
        assertTrue(error("--input", split.toString(), "--format", "csv", "--label-col", "species")
                .contains("'part-00001.csv' (5 columns: " + iris.get(76).substring(0, iris.get(76).lastIndexOf(',')).replaceAll(
                        "^(([^,]*,){2}[^,]*).*", "$1") + ",...)"), "a part split off without its header is named too");
    }

    @Test
    void binaryContentReadAsCsvSaysSoWithoutItsBytes(@TempDir Path dir) throws Exception {
        String parquet = dir.resolve("table.parquet").toString();
        JobRuns.SPARK.read().option("header", true).csv("data/iris.csv").write().parquet(parquet);
        assertEquals("--input: '" + parquet + "' does not look like CSV text (binary content); check --format",
                error("--input", parquet, "--format", "csv"));
    }

    /** The one message with a package name: the Maven coordinates of the module to add (so not checked by {@link JobRuns#error}). */
    @Test
    void s3aPathsNeedHadoopAws() {
        assertEquals("--input: no file system for s3a:// paths is on the class path; add Hadoop's hadoop-aws module of the Hadoop"
                + " version Spark runs on (spark-submit --packages org.apache.hadoop:hadoop-aws:" + VersionInfo.getVersion() + ")",
                assertThrows(IllegalArgumentException.class, () -> printed("--input", "s3a://bucket/x.csv")).getMessage());
    }

    @Test
    void webAddressesAreNotAFileSystem() {
        assertEquals("--input: 'https://example.org/x.csv' is a web address, and https is not a file system Spark reads; download"
                + " the file first (e.g. curl -O) and give its local path", error("--input", "https://example.org/x.csv"));
    }

    @Test
    void anUnknownSchemeIsNamed(@TempDir Path dir) {
        assertEquals("--scores-out: no file system for foo:// paths is on the class path; give a local or hdfs:// path, or add"
                + " the Hadoop module that serves foo://",
                error("--input", "data/iris.csv", "--scores-out", "foo://bucket/scores.csv"));
    }

    @Test
    void libsvmIndicesFromZero(@TempDir Path dir) throws Exception {
        String input = csv(dir, "zero.libsvm", "1 1:0.5 2:1.5", "0 0:1.0 2:3.0", "1 1:2.0 2:0.5");
        assertEquals("--input: LibSVM indices must be 1-based and ascending (first offending line 2: '0 0:1.0 2:3.0');"
                + " renumber the features from 1", error("--input", input));
    }

    @Test
    void csvWithAHeaderButNoRows(@TempDir Path dir) throws Exception {
        String input = csv(dir, "empty.csv", "a,b,c");
        assertEquals("--input: '" + input + "' has no rows; give a file with data", error("--input", input));
    }

    @Test
    void emptyFile(@TempDir Path dir) throws Exception {
        String input = csv(dir, "nothing.csv");
        assertEquals("--input: '" + input + "' has no rows; give a file with data", error("--input", input));
    }

    @Test
    void csvWithoutHeaderReadWithTheDefaultHeader(@TempDir Path dir) throws Exception {
        List<String> iris = Files.readAllLines(Path.of("data/iris.csv"));
        String input = Files.write(dir.resolve("plain.csv"), iris.subList(1, iris.size())).toString();
        String message = error("--input", input);
        assertTrue(message.startsWith("--input: the first line looks like data, not column names (5.1, 3.5, 1.4, 0.2, 0)"),
                message);
        assertTrue(message.contains("pass --header false"), message);
    }

    @Test
    void columnNamesWithDotsWork(@TempDir Path dir) throws Exception {
        String input = csv(dir, "dots.csv", "a.x,b.y,c.z,kind.of", "1,2,0,p", "2,1,1,q", "3,4,0,p", "4,3,1,q", "5,6,0,p", "6,5,2,q");
        Path scores = dir.resolve("scores.csv");
        Path reduced = dir.resolve("reduced");
        printed("--input", input, "--label-col", "kind.of", "--k", "2", "--num-features", "1", "--scores-out", scores.toString(),
                "--output", reduced.toString());
        assertTrue(Files.readAllLines(scores).get(1).startsWith("0,a.x,"), Files.readAllLines(scores).toString());
        assertEquals("kind.of", JobRuns.SPARK.read().parquet(reduced.toString()).columns()[0]);
        assertEquals(2, JobRuns.SPARK.read().parquet(reduced.toString()).columns().length);

        String holes = csv(dir, "dotholes.csv", "a.x,b.y", "1,2", "2,", "3,4", "4,3");
        assertEquals("Feature column 'b.y' has 1 null or NaN value (the first at data row 2); remove or impute it, or pass"
                + " --handle-invalid skip to drop such rows", error("--input", holes, "--k", "1"));
    }

    @Test
    void aNumericColumnWithOneWord(@TempDir Path dir) throws Exception {
        String input = csv(dir, "stray.csv", "a,b", "1,2", "3,x", "5,6", "7,8");
        assertEquals("Column 'b' holds numbers but also the text 'x' at data row 2; fix or remove it, or leave the column out"
                + " with --features", error("--input", input, "--k", "1"));
    }

    /**
     * A quote that is not closed makes its cell run to the end of the line (Spark's parser, one line a
     * row): the text then holds the delimiter, and the message says what that means.
     */
    @Test
    void anUnclosedQuoteIsNamedAsSuch(@TempDir Path dir) throws Exception {
        String input = csv(dir, "quote.csv", "a,b,c", "1,2,3", "3,1,2", "\"5,6,7", "7,3,1", "2,2,2");
        assertEquals("Column 'a' holds numbers but also the text '5,6,7' at data row 3, which holds the delimiter (comma) and so"
                + " was quoted: a quote (\") on that row is probably not closed; fix or remove it, or leave the column out with"
                + " --features", error("--input", input, "--k", "1"));
    }

    /**
     * A file separated by semicolons, tabs or vertical bars, read with commas, is named with the option
     * to pass; with {@code --delimiter} it scores as the same table separated by commas.
     */
    @Test
    void aFileSeparatedByAnotherDelimiterIsReadWithDelimiter(@TempDir Path dir) throws Exception {
        List<String> iris = Files.readAllLines(Path.of("data/iris.csv"));
        double[] byCommas = FitCommand.run(JobRuns.SPARK, new String[]{"--input", "data/iris.csv", "--label-col", "species"},
                new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8)).scores();
        String[][] delimiters = {{";", "semicolons", "';'", ";"}, {"\t", "tabs", "'\\t'", "\\t"}, {"|", "vertical bars", "'|'", "|"}};
        for (String[] delimiter : delimiters) {
            String input = Files.write(dir.resolve("iris-" + delimiter[1].charAt(0) + ".csv"),
                    iris.stream().map(line -> line.replace(",", delimiter[0])).toList()).toString();
            assertEquals("--input: the first line of '" + input + "' holds no comma but 4 " + delimiter[1] + ": the file looks"
                    + " separated by " + delimiter[1] + "; pass --delimiter " + delimiter[2], error("--input", input, "--label-col",
                    "species"));
            double[] scores = FitCommand.run(JobRuns.SPARK, new String[]{"--input", input, "--label-col", "species", "--delimiter",
                delimiter[3]}, new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8)).scores();
            assertArrayEquals(byCommas, scores, delimiter[1]);
        }
        assertEquals("--delimiter must be one character other than a quote or a backslash, e.g. ';', or \\t for a tab; got ';;'",
                error("--input", "data/iris.csv", "--delimiter", ";;"));
    }

    @Test
    void nonNumericColumnsLeftOutAreNoted(@TempDir Path dir) throws Exception {
        String input = csv(dir, "mixed.csv", "a,b,flag,name", "1,2,true,p", "3,1,false,q", "5,6,true,r", "7,3,false,s");
        String output = printed("--input", input, "--k", "1");
        assertTrue(output.contains("Note: left out the non-numeric columns flag (boolean), name (string); --features chooses"
                + " the columns"), output);
    }

    @Test
    void labelListedAmongTheFeatures() {
        assertEquals("--features lists the label column 'species'; a label is never a feature: leave it out of --features or"
                + " choose another --label-col",
                error("--input", "data/iris.csv", "--label-col", "species", "--features", "sepal_length,species"));
    }

    @Test
    void infiniteCell(@TempDir Path dir) throws Exception {
        String input = csv(dir, "inf.csv", "a,b", "1,2", "3,Inf", "5,6", "7,8");
        assertEquals("Feature column 'b' has 1 infinite value (the first at data row 2); remove or impute it, or pass"
                + " --handle-invalid skip to drop such rows", error("--input", input, "--k", "1"));
    }

    /** With --handle-invalid skip, rows with an empty, NaN or infinite cell are dropped, counted, and the rest scored. */
    @Test
    void skipDropsRowsWithBadCells(@TempDir Path dir) throws Exception {
        String clean = csv(dir, "clean.csv", "a,b,c", "1,2,0.5", "5,6,0.1", "7,8,0.3", "2,1,0.9", "4,4,0.4", "9,2,0.2");
        String holes = csv(dir, "holes.csv", "a,b,c", "1,2,0.5", "3,Inf,0.2", "5,6,0.1", ",4,0.7", "7,8,0.3", "2,1,0.9",
                "8,NaN,1", "4,4,0.4", "9,2,0.2");
        Path cleanScores = dir.resolve("clean-scores.csv");
        Path skippedScores = dir.resolve("skipped-scores.csv");
        printed("--input", clean, "--k", "2", "--scores-out", cleanScores.toString());
        String out = printed("--input", holes, "--k", "2", "--handle-invalid", "skip", "--scores-out", skippedScores.toString());
        assertTrue(out.contains("Skipped 3 rows that cannot be scored (--handle-invalid skip)"), out);
        assertTrue(out.contains("Rows 6,"), out);
        assertEquals(Files.readAllLines(cleanScores), Files.readAllLines(skippedScores));
    }

    @Test
    void headerFalseNamesColumnsByPosition(@TempDir Path dir) throws Exception {
        List<String> iris = Files.readAllLines(Path.of("data/iris.csv"));
        String input = Files.write(dir.resolve("plain.csv"), iris.subList(1, iris.size())).toString();
        Path reduced = dir.resolve("reduced");
        printed("--input", input, "--header", "false", "--label-col", "f4", "--num-features", "1", "--output", reduced.toString());
        assertArrayEquals(new String[]{"f4"}, List.of(JobRuns.SPARK.read().parquet(reduced.toString()).columns()).subList(0, 1)
                .toArray(String[]::new));
    }

    /** A two-column CSV (a, b) of {@code rows} rows of numbers, more than the rows the job types its columns from. */
    private static List<String> numbers(int rows) {
        List<String> lines = new ArrayList<>(List.of("a,b"));
        for (int i = 0; i < rows; i++) {
            lines.add(i + "," + (i * 7 % 11) + ".5");
        }
        return lines;
    }

    @Test
    void aWordBeyondTheSampledRowsIsStillNamed(@TempDir Path dir) throws Exception {
        List<String> lines = numbers(300);
        lines.set(251, "250,x");
        String input = Files.write(dir.resolve("late-word.csv"), lines).toString();
        assertEquals("Column 'b' holds numbers but also the text 'x' at data row 251; fix or remove it, or leave the column out"
                + " with --features", error("--input", input, "--k", "1"));
    }

    @Test
    void aColumnEmptyInTheSampledRowsIsStillAFeature(@TempDir Path dir) throws Exception {
        List<String> lines = numbers(300);
        for (int i = 0; i < lines.size(); i++) {
            lines.set(i, lines.get(i) + (i == 0 ? ",c" : i <= 250 ? "," : "," + i));
        }
        String input = Files.write(dir.resolve("late-column.csv"), lines).toString();
        assertEquals("Feature column 'c' has 250 null or NaN values (the first at data row 1); remove or impute them, or pass"
                + " --handle-invalid skip to drop such rows", error("--input", input, "--k", "1"));
    }

    /** A label of whole numbers in the sampled rows and a word later is read as text, as with the types of the whole file. */
    @Test
    void aLabelOfAnotherTypeBeyondTheSampledRows(@TempDir Path dir) throws Exception {
        List<String> lines = numbers(300);
        for (int i = 1; i < lines.size(); i++) {
            lines.set(i, lines.get(i) + "," + (i == 280 ? "other" : i % 3));
        }
        lines.set(0, "a,b,kind");
        String input = Files.write(dir.resolve("late-label.csv"), lines).toString();
        Path reduced = dir.resolve("reduced");
        String out = printed("--input", input, "--label-col", "kind", "--k", "3", "--num-features", "1", "--output", reduced.toString());
        assertTrue(out.contains("Note: 1 line of the input does not fit the column types (or the number of cells) of its first 200"
                + " rows; read it again with the types of all its rows"), out);
        assertEquals("string", JobRuns.SPARK.read().parquet(reduced.toString()).schema().apply("kind").dataType().simpleString());
    }

    /** The reduced data's feature columns hold the input's numbers, row for row, as Java reads them from the CSV. */
    @Test
    void reducedColumnsHoldTheInputNumbers(@TempDir Path dir) throws Exception {
        Path reduced = dir.resolve("reduced");
        printed("--input", "data/iris.csv", "--label-col", "species", "--num-features", "2", "--output", reduced.toString());
        List<String> iris = Files.readAllLines(Path.of("data/iris.csv"));
        List<String> header = Arrays.asList(iris.get(0).split(","));
        Dataset<Row> written = JobRuns.SPARK.read().parquet(reduced.toString());
        List<Row> rows = written.collectAsList();
        assertEquals(iris.size() - 1, rows.size());
        for (String column : List.of(written.columns()).subList(1, 3)) {
            int position = header.indexOf(column);
            for (int r = 0; r < rows.size(); r++) {
                assertEquals(Double.parseDouble(iris.get(r + 1).split(",")[position]), rows.get(r).getDouble(rows.get(r).fieldIndex(column)),
                        column + " at data row " + (r + 1));
            }
        }
        assertEquals(List.of("species", "double", "double"), List.of(written.columns()[0],
                written.schema().fields()[1].dataType().simpleString(), written.schema().fields()[2].dataType().simpleString()));
    }
}
