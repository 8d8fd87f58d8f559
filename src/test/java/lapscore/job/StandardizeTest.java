package lapscore.job;

import static lapscore.job.JobRuns.printed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import lapscore.job.files.InputTable;
import lapscore.selection.LaplacianScoreSelector;
import lapscore.selection.base.FeatureSelectorModel;
import org.apache.spark.ml.feature.StandardScaler;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --standardize} scores the features as the selector fitted on Spark's {@code StandardScaler}
 * output does, while {@code --output} keeps the original values; without it, a note suggests it when
 * the features' standard deviations lie more than 1000 times apart.
 */
class StandardizeTest {

    private static final String[] FEATURES = {"proline", "hue", "alcohol"};

    /** Two classes; proline in the hundreds, hue near 1: standard deviations about 1000 times apart. */
    private static String wineLike(Path dir) throws Exception {
        Random random = new Random(2);
        List<String> lines = new ArrayList<>(List.of(String.join(",", FEATURES) + ",label"));
        for (int row = 0; row < 80; row++) {
            int label = row % 2;
            lines.add(String.format(Locale.ROOT, "%.1f,%.3f,%.2f,%d", 750 + 300 * label + 300 * random.nextGaussian(),
                    1 + 0.3 * label + 0.2 * random.nextGaussian(), 13 + 0.8 * random.nextGaussian(), label));
        }
        return Files.write(dir.resolve("wine.csv"), lines).toString();
    }

    private static FeatureSelectorModel<?> fit(String... args) throws Exception {
        return FitCommand.run(JobRuns.SPARK, args, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    }

    @Test
    void scoresAreThoseOfTheSelectorOnStandardScalerOutputAndTheOutputKeepsTheOriginalValues(@TempDir Path dir) throws Exception {
        String input = wineLike(dir);
        Path output = dir.resolve("reduced");
        FeatureSelectorModel<?> model = fit("--input", input, "--label-col", "label", "--standardize", "--num-features", "2",
                "--output", output.toString());

        Dataset<Row> table = JobRuns.SPARK.read().option("header", true).option("inferSchema", true).csv(input);
        Dataset<Row> assembled = new VectorAssembler().setInputCols(FEATURES).setOutputCol("raw").transform(table);
        Dataset<Row> scaled = new StandardScaler().setWithStd(true).setWithMean(false).setInputCol("raw").setOutputCol("scaled")
                .fit(assembled).transform(assembled);
        double[] reference = new LaplacianScoreSelector().setFeaturesCol("scaled").fit(scaled).scores();
        double[] unscaled = new LaplacianScoreSelector().setFeaturesCol("raw").fit(assembled).scores();
        for (int r = 0; r < FEATURES.length; r++) {
            assertEquals(reference[r], model.scores()[r], 1e-12 * Math.abs(reference[r]), FEATURES[r]);
        }
        assertTrue(Math.abs(unscaled[0] - reference[0]) > 0.1 * reference[0], "scaling changes the graph and so the scores");

        List<Row> original = table.collectAsList();
        List<Row> reduced = JobRuns.SPARK.read().parquet(output.toString()).collectAsList();
        assertEquals(original.size(), reduced.size());
        for (int i = 0; i < original.size(); i++) {
            for (int feature : model.selectedFeatures()) {
                assertEquals(original.get(i).<Double>getAs(FEATURES[feature]), reduced.get(i).<Double>getAs(FEATURES[feature]),
                        FEATURES[feature] + " of row " + i);
            }
        }
    }

    @Test
    void featuresOfSpreadsOrdersOfMagnitudeApartGetANote(@TempDir Path dir) throws Exception {
        String input = wineLike(dir);
        String note = "Note: the features' standard deviations range from ";
        String printed = printed("--input", input, "--label-col", "label");
        assertTrue(printed.contains(note) && printed.contains("(hue) to ") && printed.contains("(proline), more than 1000 times"
                + " apart: the largest dominate the distances between rows; --standardize divides every feature by its standard"
                + " deviation first"), printed);
        String standardized = printed("--input", input, "--label-col", "label", "--standardize");
        assertFalse(standardized.contains(note));
        for (String run : List.of(printed, standardized)) {
            assertEquals(1, run.lines().filter(line -> line.startsWith("[" + InputTable.CHECKS + "]")).count(),
                    "the cells' checks, the note's and --standardize's deviations are one pass: " + run);
        }
        assertFalse(printed("--input", "data/iris.csv", "--label-col", "species").contains(note), "iris spreads lie within 10x");
        assertTrue(printed("--input", input, "--label-col", "label", "--score", "fisher", "--standardize")
                .contains("Note: --standardize is skipped: this score reads no distance between rows"));
    }
}
