package lapscore.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javax.imageio.ImageIO;

import lapscore.data.CacheScope;
import lapscore.evaluation.EvaluationTable;
import lapscore.evaluation.Experiment;
import lapscore.evaluation.SelectedFeaturesTable;
import lapscore.evaluation.StratifiedSplit;
import lapscore.evaluation.kmeans.KMeansRestarts;
import lapscore.job.files.InputTable;
import lapscore.job.options.FitOption;
import lapscore.job.options.JobArguments;
import lapscore.selection.McfsSelector;
import lapscore.selection.McfsSelectorModel;
import lapscore.selection.SpecSelector;
import lapscore.testkit.Caches;
import org.apache.spark.ml.feature.StringIndexer;
import org.apache.spark.ml.feature.VectorSlicer;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code lapscore evaluate} end to end on iris, with few restarts and splits so that it stays fast. */
class EvaluateCommandTest {

    /** Columns of the rows this test prepares as the command does: the class index, and the chosen features. */
    private static final String CLASS = "class";
    private static final String SLICED = "sliced";

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
        assertEquals("selector,num_features,accuracy,nmi,knn_accuracy,accuracy_mean,accuracy_sd,nmi_mean,nmi_sd", csv.get(0));
        Set<String> selectors = csv.stream().skip(1).map(line -> line.split(",")[0]).collect(Collectors.toSet());
        assertEquals(Set.of("all", "variance", "laplacian", "laplacian+su", "fisher", "lkr"), selectors);
        assertTrue(csv.stream().anyMatch(line -> line.startsWith("all,4,")), "the baseline uses all d = 4 features");
        // 5 selectors x m in {1, 2, 4} (9 is capped at d = 4), and the baseline.
        assertEquals(1 + 1 + 5 * 3, csv.size());
        for (String line : csv.subList(1, csv.size())) {
            String[] cells = line.split(",");
            for (int metric = 2; metric < cells.length; metric++) {
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

    /**
     * The command's metrics against plain references computed here from what it clustered and classified. Its
     * k-means is seeded, so its runs end at the centres of {@link KMeansRestarts} run here on the same rows, features
     * and seeds, and each row's cluster is its nearest centre (plain loop); its splits are the seeded {@link StratifiedSplit}s. From those, this test computes
     * the clustering accuracy (the best of all 3! mappings of clusters to classes), the NMI (from the contingency
     * counts) and the 1-NN accuracy (a plain double loop, the first of equally near training rows winning) on the
     * baseline's features and on the variance ranking, itself computed here by a plain loop. The best run is the one
     * whose centres give the lowest cost here; the mean and standard deviation over the restarts are those of the
     * accuracies and NMIs computed here from every run's assignments. features.csv names the first m features of the
     * variance ranking computed here.
     */
    @Test
    void metricsEqualPlainReferencesOnTheCommandsClusteringsAndSplits(@TempDir Path root) throws Exception {
        int restarts = 6;
        int splits = 2;
        long seed = 7;
        Path out = root.resolve("evaluation");
        evaluate("--input", "data/iris.csv", "--label-col", "species", "--output-dir", out.toString(), "--selectors", "variance",
                "--restarts", Integer.toString(restarts), "--splits", Integer.toString(splits), "--eval-seed", Long.toString(seed),
                "--num-features", "1,2,3");
        Map<String, double[]> reported = new HashMap<>();
        List<String> csv = Files.readAllLines(out.resolve("evaluation.csv"));
        for (String line : csv.subList(1, csv.size())) {
            String[] cells = line.split(",");
            reported.put(cells[0] + " m=" + cells[1], Arrays.stream(cells).skip(2).mapToDouble(Double::parseDouble).toArray());
        }
        List<String> featuresFile = Files.readAllLines(out.resolve("features.csv"));
        String[] names = Files.readAllLines(Path.of("data/iris.csv")).get(0).split(",");

        // The rows as the command prepares them: the input's feature vectors and the species indexed 0..2.
        try (InputTable input = iris(); CacheScope caches = new CacheScope()) {
            String features = input.vectorColumn();
            Dataset<Row> rows = indexed(input, caches);
            List<StratifiedSplit> parts = new ArrayList<>();
            for (int split = 0; split < splits; split++) {
                parts.add(StratifiedSplit.of(rows, CLASS, Experiment.TRAIN_FRACTION, seed + split, caches));
            }
            int[] byVariance = plainVarianceRanking(points(rows.collectAsList(), new int[]{0, 1, 2, 3}));
            Map<String, int[]> featureSets = new LinkedHashMap<>();
            featureSets.put(Experiment.BASELINE + " m=4", new int[]{0, 1, 2, 3});
            for (int m = 1; m <= 3; m++) {
                featureSets.put("variance m=" + m, Arrays.copyOf(byVariance, m));
            }
            assertEquals(featureSets.keySet(), reported.keySet(), "rows of evaluation.csv");
            List<String> expectedFeatures = new ArrayList<>(List.of(SelectedFeaturesTable.HEADER));
            for (int m = 1; m <= 3; m++) {
                for (int rank = 0; rank < m; rank++) {
                    expectedFeatures.add("variance," + m + "," + (rank + 1) + "," + names[byVariance[rank]]);
                }
            }
            assertEquals(expectedFeatures, featuresFile, "features.csv: the first m of the variance ranking, by name");
            List<Row> all = rows.collectAsList();
            int[] classes = classes(all);
            for (Map.Entry<String, int[]> set : featureSets.entrySet()) {
                int[] chosen = set.getValue();
                Dataset<Row> sliced = new VectorSlicer().setInputCol(features).setOutputCol(SLICED).setIndices(chosen).transform(rows);
                KMeansRestarts.Runs runs = new KMeansRestarts(3, restarts, seed).fit(sliced, SLICED);
                double[][] points = points(all, chosen);
                double[] accuracies = new double[restarts];
                double[] nmis = new double[restarts];
                for (int run = 0; run < restarts; run++) {
                    int[] assigned = plainNearestCentres(runs.centres()[run], points);
                    accuracies[run] = plainClusteringAccuracy(assigned, classes, 3);
                    nmis[run] = plainNmi(assigned, classes, 3);
                }
                int best = plainLowestCost(runs.centres(), points);
                double knn = 0;
                for (StratifiedSplit part : parts) {
                    List<Row> train = part.train().collectAsList();
                    List<Row> test = part.test().collectAsList();
                    knn += plainOneNearestNeighbourAccuracy(points(train, chosen), classes(train), points(test, chosen), classes(test));
                }
                double[] metrics = reported.get(set.getKey());
                // evaluation.csv has 4 decimals
                assertEquals(accuracies[best], metrics[0], 5.1e-5, set.getKey() + ": accuracy");
                assertEquals(nmis[best], metrics[1], 5.1e-5, set.getKey() + ": NMI");
                assertEquals(knn / splits, metrics[2], 5.1e-5, set.getKey() + ": 1-NN accuracy");
                assertEquals(plainMean(accuracies), metrics[3], 5.1e-5, set.getKey() + ": accuracy mean over the restarts");
                assertEquals(plainPopulationSd(accuracies), metrics[4], 5.1e-5, set.getKey() + ": accuracy sd over the restarts");
                assertEquals(plainMean(nmis), metrics[5], 5.1e-5, set.getKey() + ": NMI mean over the restarts");
                assertEquals(plainPopulationSd(nmis), metrics[6], 5.1e-5, set.getKey() + ": NMI sd over the restarts");
            }
        }
    }

    /**
     * SPEC and MCFS in evaluate: K is the number of classes (3) unless {@code --eigenvectors} is
     * given, and MCFS, whose regressions stop at m active features, is fitted once per m. Each of its
     * rows equals the clustering accuracy computed here of the m features an {@link McfsSelector}
     * fitted with K = 3 and {@code numTopFeatures} = m selects; SPEC's rows, of the first m of one
     * {@link SpecSelector} ranking with K = 3.
     */
    @Test
    void spectralScoresTakeTheClassCountAsKAndMcfsIsFittedPerCount(@TempDir Path root) throws Exception {
        int restarts = 2;
        long seed = 5;
        Path out = root.resolve("evaluation");
        String printed = evaluate("--input", "data/iris.csv", "--label-col", "species", "--output-dir", out.toString(),
                "--selectors", "spec,mcfs", "--k", "40", "--restarts", Integer.toString(restarts), "--splits", "1",
                "--eval-seed", Long.toString(seed), "--num-features", "1,2,3");
        assertTrue(printed.contains("[evaluate] mcfs m=2: ranked the features"), printed);
        assertFalse(printed.contains("[evaluate] spec m=2: ranked"), "SPEC ranks once: " + printed);
        Map<String, Double> reported = new HashMap<>();
        List<String> csv = Files.readAllLines(out.resolve("evaluation.csv"));
        for (String line : csv.subList(1, csv.size())) {
            String[] cells = line.split(",");
            reported.put(cells[0] + " m=" + cells[1], Double.parseDouble(cells[2]));
        }
        try (InputTable input = iris(); CacheScope caches = new CacheScope()) {
            String features = input.vectorColumn();
            Dataset<Row> rows = indexed(input, caches);
            int[] specRanking = new SpecSelector().setNumNeighbors(40).setNumEigenvectors(3).setFeaturesCol(features)
                    .fit(rows).featureRanking();
            for (int m = 1; m <= 3; m++) {
                McfsSelectorModel mcfs = new McfsSelector().setNumNeighbors(40).setNumEigenvectors(3).setNumTopFeatures(m)
                        .setFeaturesCol(features).fit(rows);
                int[] selected = mcfs.selectedFeatures();
                int[] chosen = Arrays.stream(mcfs.featureRanking()).filter(f -> Arrays.binarySearch(selected, f) >= 0).toArray();
                Map<String, int[]> expected = Map.of("mcfs m=" + m, chosen, "spec m=" + m, Arrays.copyOf(specRanking, m));
                for (Map.Entry<String, int[]> set : expected.entrySet()) {
                    Dataset<Row> sliced = new VectorSlicer().setInputCol(features).setOutputCol(SLICED)
                            .setIndices(set.getValue()).transform(rows);
                    KMeansRestarts.Runs runs = new KMeansRestarts(3, restarts, seed).fit(sliced, SLICED);
                    List<Row> all = rows.collectAsList();
                    double[][] points = points(all, set.getValue());
                    double accuracy = plainClusteringAccuracy(plainNearestCentres(runs.centres()[plainLowestCost(runs.centres(),
                            points)], points), classes(all), 3);
                    assertEquals(accuracy, reported.get(set.getKey()), 5.1e-5, set.getKey() + " " + Arrays.toString(set.getValue()));
                }
            }
        }
    }

    /** Iris as the command loads it, with species as the label. */
    private static InputTable iris() {
        return InputTable.load(JobRuns.SPARK, JobArguments.parse(FitOption.class, new String[]{"--input", "data/iris.csv",
                "--label-col", "species"}, List.of(FitOption.INPUT, FitOption.LABEL_COL)),
                new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8));
    }

    /** The rows as the command prepares them: the input's feature vectors and the label indexed 0 .. c-1, cached. */
    private static Dataset<Row> indexed(InputTable input, CacheScope caches) {
        return caches.persist(new StringIndexer().setInputCol(input.internalName(input.labelColumn())).setOutputCol(CLASS)
                .fit(input.data()).transform(input.data()).select(input.vectorColumn(), CLASS));
    }

    /** The features {@code chosen} (in that order) of each row's vector, the rows' first column. */
    private static double[][] points(List<Row> rows, int[] chosen) {
        return rows.stream().map(row -> {
            double[] all = ((Vector) row.get(0)).toArray();
            return Arrays.stream(chosen).mapToDouble(feature -> all[feature]).toArray();
        }).toArray(double[][]::new);
    }

    /** The class index of each row, its second column. */
    private static int[] classes(List<Row> rows) {
        return rows.stream().mapToInt(row -> (int) row.getDouble(1)).toArray();
    }

    /** For each point, the index of its nearest centre (squared Euclidean distance; the first of equally near ones). */
    private static int[] plainNearestCentres(double[][] centres, double[][] points) {
        int[] nearest = new int[points.length];
        for (int i = 0; i < points.length; i++) {
            double best = Double.POSITIVE_INFINITY;
            for (int c = 0; c < centres.length; c++) {
                double distance = 0;
                for (int j = 0; j < points[i].length; j++) {
                    distance += (points[i][j] - centres[c][j]) * (points[i][j] - centres[c][j]);
                }
                if (distance < best) {
                    best = distance;
                    nearest[i] = c;
                }
            }
        }
        return nearest;
    }

    /** The run whose centres give the points the smallest sum of squared distances to their nearest centre (the first of equal ones). */
    private static int plainLowestCost(double[][][] centresByRun, double[][] points) {
        int best = 0;
        double bestCost = Double.POSITIVE_INFINITY;
        for (int run = 0; run < centresByRun.length; run++) {
            double[][] centres = centresByRun[run];
            int[] nearest = plainNearestCentres(centres, points);
            double cost = 0;
            for (int i = 0; i < points.length; i++) {
                for (int j = 0; j < points[i].length; j++) {
                    cost += (points[i][j] - centres[nearest[i]][j]) * (points[i][j] - centres[nearest[i]][j]);
                }
            }
            if (cost < bestCost) {
                best = run;
                bestCost = cost;
            }
        }
        return best;
    }

    private static double plainMean(double[] values) {
        return Arrays.stream(values).sum() / values.length;
    }

    /** sqrt(sum (x - mean)^2 / n). */
    private static double plainPopulationSd(double[] values) {
        double mean = plainMean(values);
        return Math.sqrt(Arrays.stream(values).map(value -> (value - mean) * (value - mean)).sum() / values.length);
    }

    /** Features by sample variance, largest first (ties by index). */
    private static int[] plainVarianceRanking(double[][] points) {
        int d = points[0].length;
        double[] variances = new double[d];
        for (int feature = 0; feature < d; feature++) {
            double mean = 0;
            for (double[] point : points) {
                mean += point[feature] / points.length;
            }
            for (double[] point : points) {
                variances[feature] += (point[feature] - mean) * (point[feature] - mean) / (points.length - 1);
            }
        }
        return IntStream.range(0, d).boxed().sorted(Comparator.comparingDouble((Integer feature) -> -variances[feature])
                .thenComparing(feature -> feature)).mapToInt(Integer::intValue).toArray();
    }

    /** Clustering accuracy (He, Cai and Niyogi 2005, eq. 6): the best share of rows matched over every mapping of clusters to classes. */
    private static double plainClusteringAccuracy(int[] clusters, int[] classes, int k) {
        int best = 0;
        for (int[] mapping : permutations(k)) {
            int matched = 0;
            for (int i = 0; i < clusters.length; i++) {
                matched += mapping[clusters[i]] == classes[i] ? 1 : 0;
            }
            best = Math.max(best, matched);
        }
        return (double) best / clusters.length;
    }

    /** Every ordering of 0 .. k-1. */
    private static List<int[]> permutations(int k) {
        if (k == 0) {
            return List.of(new int[0]);
        }
        List<int[]> all = new ArrayList<>();
        for (int[] shorter : permutations(k - 1)) {
            for (int at = 0; at <= shorter.length; at++) {
                int[] longer = new int[k];
                System.arraycopy(shorter, 0, longer, 0, at);
                longer[at] = k - 1;
                System.arraycopy(shorter, at, longer, at + 1, shorter.length - at);
                all.add(longer);
            }
        }
        return all;
    }

    /** Normalised mutual information (eq. 8): I(clusters; classes) / max(H(clusters), H(classes)), from the contingency counts. */
    private static double plainNmi(int[] clusters, int[] classes, int k) {
        double n = clusters.length;
        double[][] joint = new double[k][k];
        double[] byCluster = new double[k];
        double[] byClass = new double[k];
        for (int i = 0; i < clusters.length; i++) {
            joint[clusters[i]][classes[i]] += 1 / n;
            byCluster[clusters[i]] += 1 / n;
            byClass[classes[i]] += 1 / n;
        }
        double information = 0;
        double clusterEntropy = 0;
        double classEntropy = 0;
        for (int c = 0; c < k; c++) {
            clusterEntropy -= byCluster[c] > 0 ? byCluster[c] * Math.log(byCluster[c]) : 0;
            classEntropy -= byClass[c] > 0 ? byClass[c] * Math.log(byClass[c]) : 0;
            for (int l = 0; l < k; l++) {
                information += joint[c][l] > 0 ? joint[c][l] * Math.log(joint[c][l] / (byCluster[c] * byClass[l])) : 0;
            }
        }
        return information / Math.max(clusterEntropy, classEntropy);
    }

    /** The share of test rows whose nearest training row (Euclidean; the first of equally near ones) has their class. */
    private static double plainOneNearestNeighbourAccuracy(double[][] train, int[] trainClasses, double[][] test, int[] testClasses) {
        int correct = 0;
        for (int t = 0; t < test.length; t++) {
            int nearest = -1;
            double nearestDistance = Double.POSITIVE_INFINITY;
            for (int r = 0; r < train.length; r++) {
                double distance = 0;
                for (int c = 0; c < test[t].length; c++) {
                    distance += (train[r][c] - test[t][c]) * (train[r][c] - test[t][c]);
                }
                if (distance < nearestDistance) {
                    nearest = r;
                    nearestDistance = distance;
                }
            }
            correct += trainClasses[nearest] == testClasses[t] ? 1 : 0;
        }
        return (double) correct / test.length;
    }

    /**
     * {@code --standardize} scales what every selector, k-means and 1-NN read: its table equals the
     * table of the same command without it on a copy of the data divided here, feature by feature, by
     * the sample standard deviation (a plain loop). Only {@code variance} ranks the original values
     * (standardized, every variance is 1): its feature map ranks proline, alcohol, hue, the order of
     * their standard deviations (about 600, 0.8, 0.35). Without {@code --standardize}, the units note.
     */
    @Test
    void standardizeScalesWhatTheSelectorsKMeansAndOneNnRead(@TempDir Path root) throws Exception {
        String[] features = {"hue", "alcohol", "proline"};
        Random random = new Random(5);
        double[][] values = new double[90][];
        int[] labels = new int[values.length];
        for (int row = 0; row < values.length; row++) {
            labels[row] = row % 3;
            values[row] = new double[]{1 + 0.4 * labels[row] + 0.15 * random.nextGaussian(),
                13 + 0.3 * labels[row] + 0.8 * random.nextGaussian(), 750 + 600 * random.nextGaussian()};
        }
        double[][] standardized = new double[values.length][features.length];
        for (int feature = 0; feature < features.length; feature++) {
            double mean = 0;
            for (double[] row : values) {
                mean += row[feature] / values.length;
            }
            double variance = 0;
            for (double[] row : values) {
                variance += (row[feature] - mean) * (row[feature] - mean) / (values.length - 1);
            }
            for (int row = 0; row < values.length; row++) {
                standardized[row][feature] = values[row][feature] / Math.sqrt(variance);
            }
        }
        Path raw = writeTable(root.resolve("raw.csv"), features, values, labels);
        Path scaled = writeTable(root.resolve("scaled.csv"), features, standardized, labels);
        List<String> common = List.of("--label-col", "label", "--selectors", "laplacian,variance", "--restarts", "5",
                "--splits", "1", "--num-features", "1,2", "--image-shape", "1x3");

        String printed = evaluate(withArgs(common, "--input", raw.toString(), "--output-dir", root.resolve("a").toString(),
                "--standardize"));
        String unitsNote = "Note: the features' standard deviations range from ";
        assertFalse(printed.contains(unitsNote), printed);
        assertTrue(printed.contains("Note: variance ranks the features by their variances in their own units"), printed);
        String byHand = evaluate(withArgs(common, "--input", scaled.toString(), "--output-dir", root.resolve("b").toString()));
        assertFalse(byHand.contains(unitsNote), byHand);
        List<String> table = Files.readAllLines(root.resolve("a/evaluation.csv"));
        List<String> tableByHand = Files.readAllLines(root.resolve("b/evaluation.csv"));
        for (String selector : List.of("all,", "laplacian,")) {
            assertEquals(tableByHand.stream().filter(line -> line.startsWith(selector)).toList(),
                    table.stream().filter(line -> line.startsWith(selector)).toList(), selector);
        }
        BufferedImage map = ImageIO.read(root.resolve("a/feature-map-variance.png").toFile());
        int[] brightness = IntStream.range(0, features.length).map(feature -> map.getRGB(feature * 32 + 16, 24 + 16) & 0xff).toArray();
        assertTrue(brightness[2] > brightness[1] && brightness[1] > brightness[0], Arrays.toString(brightness));

        String unscaled = evaluate("--input", raw.toString(), "--label-col", "label", "--output-dir", root.resolve("c").toString(),
                "--selectors", "variance", "--restarts", "5", "--splits", "1", "--num-features", "1");
        assertTrue(unscaled.contains(unitsNote) && unscaled.contains("(hue) to ") && unscaled.contains("(proline), more than"),
                unscaled);
        double allUnscaled = Double.parseDouble(Files.readAllLines(root.resolve("c/evaluation.csv")).get(1).split(",")[2]);
        double allScaled = Double.parseDouble(table.get(1).split(",")[2]);
        assertTrue(allScaled > allUnscaled + 0.2, "proline decides k-means unscaled: " + allUnscaled + " vs " + allScaled);
    }

    private static Path writeTable(Path file, String[] features, double[][] values, int[] labels) throws IOException {
        List<String> lines = new ArrayList<>(List.of(String.join(",", features) + ",label"));
        for (int row = 0; row < values.length; row++) {
            lines.add(Arrays.stream(values[row]).mapToObj(Double::toString).collect(Collectors.joining(",")) + "," + labels[row]);
        }
        return Files.write(file, lines);
    }

    private static String[] withArgs(List<String> common, String... more) {
        List<String> all = new ArrayList<>(common);
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
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
    void overwriteReplacesAnEarlierEvaluationAndNeverAFolderOfTheUsers(@TempDir Path root) throws Exception {
        Path out = root.resolve("evaluation");
        List<String> args = List.of("--input", "data/iris.csv", "--label-col", "species", "--output-dir", out.toString(),
                "--selectors", "variance", "--restarts", "1", "--splits", "1", "--num-features", "2");
        List<String> withMaps = new ArrayList<>(args);
        withMaps.addAll(List.of("--image-shape", "2x2"));
        evaluate(withMaps.toArray(String[]::new));
        assertTrue(Files.exists(out.resolve("feature-map-variance.png")));
        List<String> again = new ArrayList<>(args);
        again.add("--overwrite");
        String printed = evaluate(again.toArray(String[]::new));
        assertTrue(printed.contains("Wrote evaluation.csv, evaluation.md, features.csv, accuracy.png, nmi.png to " + out), printed);
        assertFalse(Files.exists(out.resolve("feature-map-variance.png")), "the earlier output is replaced, not written into");
        assertTrue(Files.exists(out.resolve("evaluation.csv")));

        Files.writeString(out.resolve("notes.txt"), "keep");
        String message = assertThrows(IllegalArgumentException.class, () -> evaluate(again.toArray(String[]::new))).getMessage();
        assertTrue(message.startsWith("--output-dir '" + out + "' is a folder that lapscore did not write"), message);
        assertEquals("keep", Files.readString(out.resolve("notes.txt")));
    }

    @Test
    void theWorkingDirectoryIsRefusedBeforeTheInputIsRead(@TempDir Path root) {
        String message = assertThrows(IllegalArgumentException.class, () -> evaluate("--input", root.resolve("absent.csv").toString(),
                "--label-col", "species", "--output-dir", ".")).getMessage();
        assertEquals("--output-dir '.' is the working directory or a folder that holds it, which lapscore never writes over; give"
                + " the path of a new folder inside it, e.g. 'out'", message);
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

    /**
     * A selector whose fit would refuse the rows (k = 200 neighbours among iris's 150 rows) is refused
     * by its fit's own checks before any selector runs, though it comes after one that would run: no
     * row is evaluated (not even the baseline), and nothing is written.
     */
    @Test
    void aSelectorThatCannotRunIsRefusedBeforeAnySelectorRuns(@TempDir Path root) {
        Path out = root.resolve("out");
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        String message = assertThrows(IllegalArgumentException.class, () -> EvaluateCommand.run(JobRuns.SPARK, new String[]{
                "--input", "data/iris.csv", "--label-col", "species", "--output-dir", out.toString(), "--selectors", "variance,laplacian",
                "--k", "200", "--restarts", "1", "--splits", "1"}, new PrintStream(printed, true, StandardCharsets.UTF_8))).getMessage();
        assertTrue(message.startsWith("laplacian cannot run, so no selector was run: "), message);
        assertTrue(message.contains("200"), message);
        assertFalse(printed.toString(StandardCharsets.UTF_8).contains("[evaluate]"), "no selector was evaluated: " + printed);
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
