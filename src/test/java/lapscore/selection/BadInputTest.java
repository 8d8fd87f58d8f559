package lapscore.selection;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

import lapscore.selection.SelectorContractTest.Contract;
import lapscore.selection.base.FeatureSelector;
import lapscore.selection.base.FeatureSelectorModel;
import lapscore.selection.base.GraphFeatureSelector;
import lapscore.testkit.DenseLaplacianReference;
import lapscore.testkit.LabeledFrames;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.ml.attribute.Attribute;
import org.apache.spark.ml.attribute.AttributeGroup;
import org.apache.spark.ml.attribute.NumericAttribute;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.ml.param.Param;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every estimator ({@link SelectorContractTest#CONTRACTS}) fed each kind of bad input: it fails on
 * the driver with one line naming the column as the user wrote it, the row when one row is to blame
 * and what to do, or, where the input is merely unusual (constant features, ties, dotted names,
 * {@code handleInvalid = skip}), gives the answer of an independent reference. The table
 * "What happens when…" of {@code docs/errors.md} points at these tests.
 */
class BadInputTest {

    private static final int ROWS = 40;
    private static final double[][] DATA = SparkTestSession.clusteredData(ROWS, 4, 5L);
    private static final int[] CLASSES = new int[ROWS];

    static {
        for (int i = 0; i < ROWS; i++) {
            CLASSES[i] = i % 3;
        }
    }

    static Stream<Contract> contracts() {
        return SelectorContractTest.CONTRACTS.stream();
    }

    static Stream<Contract> supervised() {
        return contracts().filter(contract -> needsLabel(contract.estimator().get()));
    }

    static Stream<Contract> neighbourGraphs() {
        return contracts().filter(contract -> contract.estimator().get() instanceof GraphFeatureSelector<?, ?> graph
                && graph.getGraphType().toLowerCase().contains("knn"));
    }

    private static boolean needsLabel(FeatureSelector<?, ?> estimator) {
        return estimator instanceof FisherScoreSelector || estimator instanceof GraphFeatureSelector<?, ?> graph
                && graph.graphSpec().needsLabels();
    }

    private static List<Vector> vectors(double[][] rows) {
        List<Vector> vectors = new ArrayList<>();
        for (double[] row : rows) {
            vectors.add(Vectors.dense(row));
        }
        return vectors;
    }

    private static Dataset<Row> frame(List<Vector> vectors, Object[] labels) {
        return LabeledFrames.frame(vectors, labels, DataTypes.DoubleType, 3);
    }

    private static Dataset<Row> frame(List<Vector> vectors) {
        return frame(vectors, LabeledFrames.doubles(Arrays.copyOf(CLASSES, vectors.size())));
    }

    /** The fit fails with one line that contains every fragment. */
    private static String assertFails(FeatureSelector<?, ?> estimator, Dataset<Row> data, String... fragments) {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> estimator.fit(data));
        assertOneLine(error.getMessage(), fragments);
        return error.getMessage();
    }

    private static void assertOneLine(String message, String... fragments) {
        assertFalse(message.contains("\n"), () -> "one line: " + message);
        for (String fragment : fragments) {
            assertTrue(message.contains(fragment), () -> "'" + message + "' should mention '" + fragment + "'");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("contracts")
    void missingColumnsAreNamed(Contract contract) {
        assertFails(contract.estimator().get().setFeaturesCol("vec"), frame(vectors(DATA)), "'vec'", "does not exist",
                "features");
        FeatureSelector<?, ?> estimator = contract.estimator().get();
        if (needsLabel(estimator)) {
            assertFails(estimator.setLabelCol("class"), frame(vectors(DATA)), "'class'", "does not exist", "label");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("contracts")
    void outputColumnThatExists(Contract contract) {
        assertFails(contract.estimator().get().setOutputCol("features"), frame(vectors(DATA)), "'features'", "already exists",
                "choose another outputCol");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("contracts")
    void thresholdModeNeedsAThreshold(Contract contract) {
        assertFails(contract.estimator().get().setSelectionMode("threshold"), frame(vectors(DATA)), "scoreThreshold");
    }

    @Test
    void zeroRowWithCosines() {
        List<Vector> rows = vectors(DATA);
        rows.set(5, Vectors.sparse(4, new int[0], new double[0]));
        for (LaplacianScoreSelector estimator : List.of(new LaplacianScoreSelector().setDistanceMeasure("cosine"),
                new LaplacianScoreSelector().setWeightKernel("cosine"))) {
            assertFails(estimator, frame(rows), "'features'", "row 5", "zero vector", "handleInvalid = skip");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("contracts")
    void nullVectorNamesItsRow(Contract contract) {
        List<Vector> rows = vectors(DATA);
        rows.set(4, null);
        assertFails(contract.estimator().get(), frame(rows), "'features'", "row 4 (counting from 0) is null", "handleInvalid = skip");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("contracts")
    void nanAndInfinityNameRowAndFeature(Contract contract) {
        for (double bad : new double[]{Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            List<Vector> rows = vectors(DATA);
            rows.set(7, Vectors.dense(1.0, bad, 2.0, 3.0));
            assertFails(contract.estimator().get(), frame(rows), "'features'", "row 7", Double.toString(bad), "feature 1",
                    "impute");
        }
    }

    @Test
    void badValueIsNamedByTheColumnsAttributeName() {
        List<Vector> rows = vectors(DATA);
        rows.set(3, Vectors.dense(1.0, 2.0, Double.NaN, 3.0));
        Attribute[] names = Stream.of("width", "height", "depth", "mass")
                .map(name -> NumericAttribute.defaultAttr().withName(name)).toArray(Attribute[]::new);
        Dataset<Row> data = frame(rows);
        Dataset<Row> named = data.withColumn("features", data.col("features"),
                new AttributeGroup("features", names).toMetadata());
        assertFails(new LaplacianScoreSelector(), named, "row 3", "feature 2 ('depth')");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("contracts")
    void vectorsOfDifferentSizesNameBothRows(Contract contract) {
        List<Vector> rows = vectors(DATA);
        rows.set(9, Vectors.dense(1.0, 2.0));
        assertFails(contract.estimator().get(), frame(rows), "'features'", "different sizes", "row 9", "has 2", "row 0",
                "has 4");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("contracts")
    void emptyAndOneRowInputs(Contract contract) {
        assertFails(contract.estimator().get(), frame(vectors(new double[0][])), "'features'", "0 rows", "at least 2");
        assertFails(contract.estimator().get(), frame(vectors(Arrays.copyOf(DATA, 1))), "'features'", "1 row", "at least 2");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("neighbourGraphs")
    void moreNeighboursThanRows(Contract contract) {
        GraphFeatureSelector<?, ?> estimator = (GraphFeatureSelector<?, ?>) contract.estimator().get();
        estimator.setNumNeighbors(6);
        assertFails(estimator, frame(vectors(Arrays.copyOf(DATA, 6))), "'features'", "6 rows", "numNeighbors must be at most 5",
                "got 6");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("contracts")
    void wrongFeatureColumnType(Contract contract) {
        StructType schema = new StructType().add("features", DataTypes.StringType).add(LabeledFrames.LABEL, DataTypes.DoubleType);
        Dataset<Row> data = SparkTestSession.spark().createDataFrame(
                List.of(RowFactory.create("1,2", 0.0), RowFactory.create("3,4", 1.0)), schema);
        assertFails(contract.estimator().get(), data, "'features'", "Vector", "VectorAssembler", "string");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("supervised")
    void missingAndSingleLabels(Contract contract) {
        Object[] labels = LabeledFrames.doubles(CLASSES);
        labels[6] = null;
        assertFails(contract.estimator().get(), frame(vectors(DATA), labels), "'label'", "row 6", "null or NaN",
                "handleInvalid = skip");
        labels[6] = Double.NaN;
        assertFails(contract.estimator().get(), frame(vectors(DATA), labels), "'label'", "row 6");
        Object[] single = LabeledFrames.doubles(new int[ROWS]);
        assertFails(contract.estimator().get(), frame(vectors(DATA), single), "'label'", "single class", "at least two");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("contracts")
    void allFeaturesConstantSelectsNothing(Contract contract) {
        double[][] constant = new double[ROWS][];
        for (int i = 0; i < ROWS; i++) {
            constant[i] = new double[]{1.0, -2.0, 0.5, 3.0};
        }
        FeatureSelector<?, ?> estimator = contract.estimator().get();
        if (estimator instanceof LaplacianScoreSelector laplacian && laplacian.getGraphType().equals("epsilon")) {
            laplacian.setRadius(1.0);
        }
        FeatureSelectorModel<?> model = estimator.fit(frame(vectors(constant)));
        for (double score : model.scores()) {
            assertTrue(Double.isNaN(score), "a constant feature has no score: " + score);
        }
        assertEquals(0, model.selectedFeatures().length);
    }

    /**
     * Five distinct points, each repeated eight times, with k = 5: every row has ties at its k-th
     * neighbour. The graph keeps the k nearest by (distance, row), as the dense reference does, so the
     * scores match it and do not depend on the partitions.
     */
    @Test
    void tiesAtTheKthNeighbourAreBrokenByRowOrder() {
        Random random = new Random(8);
        double[][] points = new double[5][4];
        for (double[] point : points) {
            for (int j = 0; j < point.length; j++) {
                point[j] = Math.rint(4 * random.nextGaussian());
            }
        }
        double[][] data = new double[ROWS][];
        for (int i = 0; i < ROWS; i++) {
            data[i] = points[(i * 7) % 5].clone();
        }
        double[] expected = new DenseLaplacianReference(data, 5, "euclidean", "binary", Double.NaN, false).scores(data, false);
        for (int partitions : new int[]{1, 4}) {
            LaplacianScoreSelectorModel model = new LaplacianScoreSelector().setNumNeighbors(5).setWeightKernel("binary")
                    .setBlockSize(16).fit(LabeledFrames.frame(vectors(data), LabeledFrames.doubles(new int[ROWS]),
                            DataTypes.DoubleType, partitions));
            assertArrayEquals(expected, model.scores(), 1e-9, "partitions " + partitions);
        }
    }

    /**
     * Every param that has a range refuses each value outside it, in one line that starts with its name; only
     * column names, booleans and the seed accept every value of their type. The ranges are written out here from
     * what each param means, independently of the library's checks.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("contracts")
    void everyParamOutOfRangeIsExplained(Contract contract) {
        FeatureSelector<?, ?> estimator = contract.estimator().get();
        List<String> unranged = new ArrayList<>();
        for (Param<?> param : estimator.params()) {
            List<Object> outOfRange = OUT_OF_RANGE.get(param.name());
            if (outOfRange == null) {
                unranged.add(param.name());
                continue;
            }
            @SuppressWarnings("unchecked") Param<Object> any = (Param<Object>) param;
            for (Object bad : outOfRange) {
                IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> estimator.set(any, bad),
                        () -> param.name() + " = " + bad + " is accepted");
                assertOneLine(refused.getMessage(), param.name() + " must");
            }
        }
        List<String> free = Stream.of("attachResults", "centerFeatures", "dropDuplicates", "featuresCol", "includeSelfLoops", "labelCol", "outputCol", "seed")
                .filter(estimator::hasParam).toList();
        assertEquals(free, unranged.stream().sorted().toList(), "params that accept any value of their type");
    }

    /** Values outside each ranged param's documented range, by param name; each must be refused. */
    private static final Map<String, List<Object>> OUT_OF_RANGE = outOfRange();

    private static Map<String, List<Object>> outOfRange() {
        Map<String, List<Object>> values = new HashMap<>();
        List<Object> notAnOption = List.of("no-such-option", "");
        for (String option : List.of("selectionMode", "handleInvalid", "graphType", "distanceMeasure", "knnMethod", "weightKernel",
                "varianceWeighting")) {
            values.put(option, notAnOption);
        }
        for (String fraction : List.of("redundancyThreshold", "percentile")) {
            values.put(fraction, List.of(-0.1, 1.5, Double.NaN, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY));
        }
        for (String positive : List.of("radius", "bandwidth", "lkrLambda")) {
            values.put(positive, List.of(0.0, -1.0, Double.NaN, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY));
        }
        values.put("scoreThreshold", List.of(Double.NaN, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY));
        for (String atLeastOne : List.of("numTopFeatures", "numNeighbors", "numEigenvectors", "maxEmbeddingSteps")) {
            values.put(atLeastOne, List.of(0, -1, Integer.MIN_VALUE));
        }
        for (String atLeastTwo : List.of("numBins", "maxClassSize")) {
            values.put(atLeastTwo, List.of(1, 0, -1, Integer.MIN_VALUE));
        }
        for (String zeroChooses : List.of("blockSize", "numTrees", "leafSize", "searchNeighbors", "refinementRounds",
                "maxRowsPerTask", "recallSampleSize")) {
            values.put(zeroChooses, List.of(-1, Integer.MIN_VALUE));
        }
        values.put("maxEdges", List.of(0L, -1L, Long.MIN_VALUE));
        values.put("specVariant", List.of(0, 4, -1, Integer.MIN_VALUE));
        return Map.copyOf(values);
    }

    /**
     * {@code handleInvalid = skip}: a null row, a NaN, a wrong size and (for the supervised scores)
     * a missing label are dropped and counted, and the scores are those of the clean rows alone.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("contracts")
    void skipDropsAndCountsUnusableRows(Contract contract) {
        boolean labelled = needsLabel(contract.estimator().get());
        List<Vector> rows = vectors(DATA);
        List<Object> labels = new ArrayList<>(Arrays.asList(LabeledFrames.doubles(CLASSES)));
        rows.add(5, null);
        labels.add(5, 0.0);
        rows.add(12, Vectors.dense(1.0, Double.NaN, 0.0, 0.0));
        labels.add(12, 1.0);
        rows.add(20, Vectors.dense(1.0, 2.0, 3.0));
        labels.add(20, 2.0);
        rows.add(31, Vectors.dense(DATA[0]));
        labels.add(31, null);
        FeatureSelectorModel<?> skipping = contract.estimator().get().setHandleInvalid("skip")
                .fit(frame(rows, labels.toArray()));
        List<Vector> clean = vectors(DATA);
        List<Object> cleanLabels = new ArrayList<>(Arrays.asList(LabeledFrames.doubles(CLASSES)));
        if (!labelled) {
            clean.add(28, Vectors.dense(DATA[0]));
            cleanLabels.add(28, 0.0);
        }
        FeatureSelectorModel<?> onClean = contract.estimator().get().fit(frame(clean, cleanLabels.toArray()));
        assertEquals(labelled ? 4 : 3, skipping.summary().skippedRows());
        assertEquals(onClean.summary().numRows(), skipping.summary().numRows());
        assertArrayEquals(onClean.scores(), skipping.scores(), 1e-12);
        assertArrayEquals(onClean.selectedFeatures(), skipping.selectedFeatures());
        assertEquals(0, onClean.summary().skippedRows());
    }

    @Test
    void skipStillNeedsTwoUsableRows() {
        List<Vector> rows = new ArrayList<>(Arrays.asList(null, Vectors.dense(1.0, 2.0), Vectors.dense(Double.NaN, 1.0)));
        assertFails(new LaplacianScoreSelector().setNumNeighbors(1).setHandleInvalid("skip"), frame(rows), "'features'",
                "1 row left after skipping 2");
    }

    @Test
    void transformOfVectorsOfAnotherSize() {
        LaplacianScoreSelectorModel model = new LaplacianScoreSelector().setNumTopFeatures(2).fit(frame(vectors(DATA)));
        Attribute[] three = Stream.of("a", "b", "c").map(name -> NumericAttribute.defaultAttr().withName(name))
                .toArray(Attribute[]::new);
        List<Vector> short3 = new ArrayList<>();
        for (double[] row : DATA) {
            short3.add(Vectors.dense(row[0], row[1], row[2]));
        }
        Dataset<Row> data = frame(short3);
        Dataset<Row> withAttributes = data.withColumn("features", data.col("features"), new AttributeGroup("features", three)
                .toMetadata());
        IllegalArgumentException early = assertThrows(IllegalArgumentException.class, () -> model.transform(withAttributes));
        assertOneLine(early.getMessage(), "'features'", "size 3", "fitted on 4 features");
        Exception late = assertThrows(Exception.class, () -> model.transform(data).collectAsList());
        assertTrue(rootCause(late).getMessage().contains("Column 'features' holds a vector of size 3 but the model was fitted"
                + " on vectors of size 4"), rootCause(late).getMessage());
    }

    private static Throwable rootCause(Throwable error) {
        Throwable cause = error;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause;
    }

    @Test
    void dottedColumnNamesWork() {
        Dataset<Row> data = frame(vectors(DATA)).withColumnRenamed("features", "my.features")
                .withColumnRenamed(LabeledFrames.LABEL, "the.label");
        FisherScoreSelectorModel fisher = new FisherScoreSelector().setFeaturesCol("my.features").setLabelCol("the.label")
                .setOutputCol("kept.features").setNumTopFeatures(2).fit(data);
        FisherScoreSelectorModel plain = new FisherScoreSelector().setLabelCol(LabeledFrames.LABEL).setNumTopFeatures(2)
                .fit(frame(vectors(DATA)));
        assertArrayEquals(plain.scores(), fisher.scores(), 0.0);
        assertEquals(2, fisher.transform(data).select("`kept.features`").head().<Vector>getAs(0).size());
    }

    @Test
    void savedModelThatIsMissingForeignOrDamaged(@TempDir Path directory) throws IOException {
        SparkTestSession.spark();
        assertOneLine(assertThrows(IllegalArgumentException.class, () -> LaplacianScoreSelectorModel.load(
                directory.resolve("nothing").toString())).getMessage(), "nothing", "not a saved LaplacianScoreSelectorModel",
                "check the path");
        String fisherPath = directory.resolve("fisher").toString();
        new FisherScoreSelector().setLabelCol(LabeledFrames.LABEL).setNumTopFeatures(2).fit(frame(vectors(DATA)))
                .write().save(fisherPath);
        assertOneLine(assertThrows(IllegalArgumentException.class, () -> LaplacianScoreSelectorModel.load(fisherPath))
                .getMessage(), "holds a FisherScoreSelectorModel, not a LaplacianScoreSelectorModel", "FisherScoreSelectorModel.load");
        String damagedData = directory.resolve("damaged-data").toString();
        new LaplacianScoreSelector().setNumTopFeatures(2).fit(frame(vectors(DATA))).write().save(damagedData);
        try (Stream<Path> parts = Files.list(Path.of(damagedData, "data"))) {
            for (Path part : parts.filter(p -> p.getFileName().toString().endsWith(".parquet")).toList()) {
                Files.writeString(part, "not parquet");
            }
        }
        assertOneLine(assertThrows(IllegalArgumentException.class, () -> LaplacianScoreSelectorModel.load(damagedData))
                .getMessage(), "damaged-data", "its data is damaged or missing", "save the model again");
        String damagedMetadata = directory.resolve("damaged-metadata").toString();
        new LaplacianScoreSelector().setNumTopFeatures(2).fit(frame(vectors(DATA))).write().save(damagedMetadata);
        try (Stream<Path> parts = Files.list(Path.of(damagedMetadata, "metadata"))) {
            for (Path part : parts.filter(p -> p.getFileName().toString().startsWith("part-")).toList()) {
                Files.writeString(part, "{\"class\": ");
            }
        }
        assertOneLine(assertThrows(IllegalArgumentException.class, () -> LaplacianScoreSelectorModel.load(damagedMetadata))
                .getMessage(), "damaged-metadata", "its metadata is damaged or missing");
    }
}
