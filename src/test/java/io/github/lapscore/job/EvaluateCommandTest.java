package io.github.lapscore.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import javax.imageio.ImageIO;

import io.github.lapscore.Caches;
import io.github.lapscore.evaluation.EvaluationTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code lapscore evaluate} end to end on iris, with few restarts and splits so that it stays fast. */
class EvaluateCommandTest {

    /** What {@code evaluate} with {@code args} prints; checks that it leaves nothing cached, whether it succeeds or fails. */
    private static String evaluate(String... args) {
        return Caches.leavesNothingCached("evaluate", () -> {
            ByteArrayOutputStream printed = new ByteArrayOutputStream();
            try {
                EvaluateCommand.run(JobRuns.SPARK, args, new PrintStream(printed, true, StandardCharsets.UTF_8));
            } catch (IOException failed) {
                throw new UncheckedIOException(failed);
            }
            return printed.toString(StandardCharsets.UTF_8);
        });
    }

    @Test
    void writesTheTablesChartsAndFeatureMapsOfEverySelector(@TempDir Path root) throws Exception {
        Path out = root.resolve("evaluation");
        String printed = evaluate("--input", "data/iris.csv", "--label-col", "species", "--output-dir", out.toString(),
                "--restarts", "2", "--splits", "2", "--num-features", "1,2,9", "--image-shape", "2x2");
        List<String> csv = Files.readAllLines(out.resolve("evaluation.csv"));
        assertFalse(Files.exists(out.resolve(".evaluation.csv.crc")), "no checksum files beside the outputs");
        assertEquals(EvaluationTable.HEADER, csv.get(0));
        assertEquals("selector,num_features,accuracy,nmi,knn_accuracy", csv.get(0));
        Set<String> selectors = csv.stream().skip(1).map(line -> line.split(",")[0]).collect(Collectors.toSet());
        assertEquals(Set.of("all", "variance", "laplacian", "laplacian+su", "fisher", "lkr"), selectors);
        assertTrue(csv.stream().anyMatch(line -> line.startsWith("all,4,")), "the baseline uses all d = 4 features");
        // 5 selectors x m in {1, 2, 4} (9 is capped at d = 4), and the baseline.
        assertEquals(1 + 1 + 5 * 3, csv.size());
        for (String line : csv.subList(1, csv.size())) {
            String[] cells = line.split(",");
            for (int metric = 2; metric < 5; metric++) {
                double value = Double.parseDouble(cells[metric]);
                assertTrue(value >= 0 && value <= 1, line);
            }
        }
        // On iris every feature set clusters far better than chance (1/3).
        assertTrue(csv.stream().skip(1).allMatch(line -> Double.parseDouble(line.split(",")[2]) > 0.5), String.join("\n", csv));
        String markdown = Files.readString(out.resolve("evaluation.md"));
        assertTrue(markdown.startsWith("| selector | num_features | accuracy | nmi | knn_accuracy |"), markdown);
        assertTrue(printed.contains(markdown), "the table is printed");
        // Redundancy removal (default threshold 0.5) is laplacian+su's only: on iris it drops one petal
        // feature, so laplacian+su offers 3 features, the plain Laplacian Score all 4.
        assertTrue(markdown.contains("| laplacian+su | 4 (3 used) |"), markdown);
        assertTrue(markdown.contains("| laplacian | 4 |"), markdown);
        assertTrue(printed.contains("[evaluate] laplacian m=2: accuracy "), printed);
        for (String image : List.of("accuracy.png", "nmi.png")) {
            BufferedImage read = ImageIO.read(out.resolve(image).toFile());
            assertNotNull(read, image);
            assertTrue(read.getWidth() >= 400 && read.getHeight() >= 300, image);
        }
        for (String selector : List.of("variance", "laplacian", "laplacian+su", "fisher", "lkr")) {
            BufferedImage map = ImageIO.read(out.resolve("feature-map-" + selector + ".png").toFile());
            assertNotNull(map, selector);
            assertTrue(map.getWidth() >= 64 && map.getHeight() >= 64, selector);
        }
    }

    @Test
    void refusesAnExistingOutputDirectoryWithoutOverwrite(@TempDir Path root) throws Exception {
        Path out = Files.createDirectories(root.resolve("mine"));
        Files.writeString(out.resolve("notes.txt"), "keep");
        String[] args = {"--input", "data/iris.csv", "--label-col", "species", "--output-dir", out.toString(),
                "--selectors", "variance", "--restarts", "1", "--splits", "1", "--num-features", "2"};
        String message = assertThrows(IllegalArgumentException.class, () -> evaluate(args)).getMessage();
        assertEquals("--output-dir '" + out + "' already exists; choose another path or pass --overwrite to replace it", message);
        assertEquals("keep", Files.readString(out.resolve("notes.txt")));
        assertFalse(Files.exists(out.resolve("evaluation.csv")));
    }

    @Test
    void aLabelOfOneClassIsRefusedBeforeTheSelectorsRun(@TempDir Path root) throws Exception {
        List<String> iris = Files.readAllLines(Path.of("data/iris.csv"));
        Path setosa = Files.write(root.resolve("setosa.csv"), iris.subList(0, 51));
        Path out = root.resolve("out");
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        String message = assertThrows(IllegalArgumentException.class, () -> EvaluateCommand.run(JobRuns.SPARK, new String[]{
                "--input", setosa.toString(), "--label-col", "species", "--output-dir", out.toString(), "--restarts", "1", "--splits",
                "1"}, new PrintStream(printed, true, StandardCharsets.UTF_8))).getMessage();
        assertEquals("--label-col 'species' has a single class ('0'); evaluate compares k-means clusters (k = number of classes)"
                + " and 1-NN predictions with the classes, so it needs a label with at least 2", message);
        assertFalse(printed.toString(StandardCharsets.UTF_8).contains("[evaluate]"), "no selector was evaluated");
        assertFalse(Files.exists(out));
    }

    @Test
    void fitOnlyOptionsAndSupervisedGraphsAreRefused(@TempDir Path root) {
        String out = root.resolve("out").toString();
        String message = assertThrows(IllegalArgumentException.class, () -> evaluate("--input", "data/iris.csv", "--label-col",
                "species", "--output-dir", out, "--score", "fisher")).getMessage();
        assertTrue(message.startsWith("--score does not apply to evaluate"), message);
        message = assertThrows(IllegalArgumentException.class, () -> evaluate("--input", "data/iris.csv", "--label-col",
                "species", "--output-dir", out, "--graph", "class", "--selectors", "laplacian")).getMessage();
        assertTrue(message.startsWith("--graph class reads the labels"), message);
    }

    @Test
    void laplacianSuRefusesMoreFeaturesThanItsHistogramsHold(@TempDir Path root) throws Exception {
        StringBuilder csv = new StringBuilder();
        for (int feature = 0; feature < 300; feature++) {
            csv.append('f').append(feature).append(',');
        }
        csv.append("label\n");
        for (int row = 0; row < 6; row++) {
            for (int feature = 0; feature < 300; feature++) {
                csv.append((row * 7 + feature) % 5).append(',');
            }
            csv.append(row % 2).append('\n');
        }
        Path input = Files.writeString(root.resolve("wide.csv"), csv);
        String message = assertThrows(IllegalArgumentException.class, () -> evaluate("--input", input.toString(), "--label-col",
                "label", "--output-dir", root.resolve("out").toString(), "--selectors", "laplacian+su")).getMessage();
        assertEquals("laplacian+su takes all 300 features as candidates of redundancy removal, too many for its pair histograms"
                + " with --bins 10; use fewer --bins or leave laplacian+su out of --selectors", message);
    }
}
