package lapscore.selection;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

import lapscore.selection.base.FitSummary;
import lapscore.selection.redundancy.Redundancy;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.attribute.Attribute;
import org.apache.spark.ml.attribute.AttributeGroup;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.ml.linalg.DenseVector;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The selector as a Pipeline stage: selection modes, output metadata, slicing, save and load. */
class PipelinePersistenceTest {

    private static final String[] NAMES = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta"};
    private static Dataset<Row> table;

    @BeforeAll
    static void namedColumns() {
        double[][] data = SparkTestSession.clusteredData(200, NAMES.length, 9L);
        StructType schema = new StructType();
        for (String name : NAMES) {
            schema = schema.add(name, DataTypes.DoubleType, false);
        }
        List<Row> rows = new ArrayList<>();
        for (double[] row : data) {
            rows.add(RowFactory.create(Arrays.stream(row).boxed().toArray()));
        }
        table = SparkTestSession.spark().createDataFrame(rows, schema);
    }

    private static Pipeline pipeline(LaplacianScoreSelector selector) {
        VectorAssembler assembler = new VectorAssembler().setInputCols(NAMES).setOutputCol("features");
        return new Pipeline().setStages(new PipelineStage[]{assembler, selector});
    }

    private static LaplacianScoreSelectorModel selectorOf(PipelineModel model) {
        return (LaplacianScoreSelectorModel) model.stages()[1];
    }

    @Test
    void outputKeepsTheSelectedFeaturesWithTheirNames() {
        PipelineModel model = pipeline(new LaplacianScoreSelector().setNumTopFeatures(3)).fit(table);
        LaplacianScoreSelectorModel selector = selectorOf(model);
        int[] selected = selector.selectedFeatures();
        assertEquals(3, selected.length);
        Dataset<Row> output = model.transform(table);

        AttributeGroup group = AttributeGroup.fromStructField(output.schema().apply("selectedFeatures"));
        Attribute[] attributes = group.attributes().get();
        for (int p = 0; p < selected.length; p++) {
            assertEquals(NAMES[selected[p]], attributes[p].name().get());
        }
        for (Row row : output.select("features", "selectedFeatures").collectAsList()) {
            Vector in = row.getAs(0);
            Vector out = row.getAs(1);
            for (int p = 0; p < selected.length; p++) {
                assertEquals(in.apply(selected[p]), out.apply(p));
            }
        }
    }

    @Test
    void pipelineSurvivesSaveAndLoad(@TempDir Path directory) throws Exception {
        Pipeline pipeline = pipeline(new LaplacianScoreSelector().setNumNeighbors(4).setWeightKernel("binary").setNumTopFeatures(2));
        PipelineModel model = pipeline.fit(table);
        String modelPath = directory.resolve("model").toString();
        model.write().overwrite().save(modelPath);
        PipelineModel loaded = PipelineModel.load(modelPath);

        LaplacianScoreSelectorModel before = selectorOf(model);
        LaplacianScoreSelectorModel after = selectorOf(loaded);
        assertArrayEquals(before.scores(), after.scores());
        assertArrayEquals(before.selectedFeatures(), after.selectedFeatures());
        assertEquals(before.summary(), after.summary());
        assertEquals(4, after.getNumNeighbors());
        assertEquals("binary", after.getWeightKernel());
        assertEquals(before.uid(), after.uid());
        assertEquals(model.transform(table).select("selectedFeatures").collectAsList(),
                loaded.transform(table).select("selectedFeatures").collectAsList());

        String pipelinePath = directory.resolve("pipeline").toString();
        pipeline.write().overwrite().save(pipelinePath);
        LaplacianScoreSelector reloaded = (LaplacianScoreSelector) Pipeline.load(pipelinePath).getStages()[1];
        assertEquals(4, reloaded.getNumNeighbors());
        assertEquals(2, reloaded.getNumTopFeatures());
        assertTrue(Double.isNaN(reloaded.getBandwidth()));
    }

    @Test
    void selectionModes() {
        LaplacianScoreSelectorModel top = selectorOf(pipeline(new LaplacianScoreSelector().setNumTopFeatures(4)).fit(table));
        double[] scores = top.scores();
        int[] ranking = IntStream.range(0, scores.length).boxed()
                .sorted((a, b) -> Double.compare(scores[a], scores[b])).mapToInt(Integer::intValue).toArray();
        assertArrayEquals(ranking, top.featureRanking());
        assertArrayEquals(IntStream.of(Arrays.copyOf(ranking, 4)).sorted().toArray(), top.selectedFeatures());

        LaplacianScoreSelectorModel percentile = selectorOf(pipeline(new LaplacianScoreSelector()
                .setSelectionMode("percentile").setPercentile(0.5)).fit(table));
        assertArrayEquals(IntStream.of(Arrays.copyOf(ranking, 3)).sorted().toArray(), percentile.selectedFeatures());

        double threshold = (scores[ranking[1]] + scores[ranking[2]]) / 2;
        LaplacianScoreSelectorModel byThreshold = selectorOf(pipeline(new LaplacianScoreSelector()
                .setSelectionMode("threshold").setScoreThreshold(threshold)).fit(table));
        assertArrayEquals(IntStream.of(ranking[0], ranking[1]).sorted().toArray(), byThreshold.selectedFeatures());
    }

    @Test
    void denseStaysDenseAndSparseStaysSparse() {
        FitSummary summary = new FitSummary(2, 0, 4, 0, "knn", 1, "exact", 1.0, 1, 0, 0, Double.NaN, 1, 2, 0, 0, 0, 0, 0, 0, 0);
        LaplacianScoreSelectorModel model = new LaplacianScoreSelectorModel("fixed", new double[]{0.3, 0.1, 0.2, 0.9},
                new int[]{1, 3}, Redundancy.none(4), summary);
        List<Vector> vectors = List.of(Vectors.dense(1, 2, 3, 4), Vectors.sparse(4, new int[]{0, 3}, new double[]{5, 6}));
        List<Row> out = model.transform(SparkTestSession.frame(vectors, 1)).select("selectedFeatures").collectAsList();
        assertInstanceOf(DenseVector.class, out.get(0).get(0));
        assertEquals(Vectors.dense(2, 4), out.get(0).get(0));
        assertInstanceOf(SparseVector.class, out.get(1).get(0));
        assertEquals(Vectors.sparse(2, new int[]{1}, new double[]{6}), out.get(1).get(0));
    }

    /**
     * A model saved by version 0.1 (flat summary columns; src/test/resources/models/laplacian-0.1, written
     * by {@code lapscore fit --input data/iris.csv --label-col species --k 7 --num-features 2 --model-out ...})
     * still loads, with the scores it was saved with (read from its data file with Spark's own Parquet
     * reader), and the same selection as this version's fit. Its scores are within 0.5 % of this
     * version's: iris has many rows at equal distances, and since version 0.1 rows tied at the k-th
     * neighbour are ranked by their exact squared distance (the sum of squared differences), where
     * version 0.1 ranked them by the rounding of {@code ||a||^2 + ||b||^2 - 2ab}.
     */
    @Test
    void modelsSavedByTheFirstVersionStillLoad() throws Exception {
        String saved = Path.of(PipelinePersistenceTest.class.getResource("/models/laplacian-0.1").toURI()).toString();
        LaplacianScoreSelectorModel legacy = LaplacianScoreSelectorModel.load(saved);
        Dataset<Row> iris = new VectorAssembler()
                .setInputCols(new String[]{"sepal_length", "sepal_width", "petal_length", "petal_width"}).setOutputCol("features")
                .transform(SparkTestSession.spark().read().option("header", true).option("inferSchema", true).csv("data/iris.csv"));
        LaplacianScoreSelectorModel now = new LaplacianScoreSelector().setNumNeighbors(7).setNumTopFeatures(2).fit(iris);
        Row stored = SparkTestSession.spark().read().parquet(saved + "/data").head();
        double[] storedScores = stored.<Double>getList(stored.fieldIndex("scores")).stream().mapToDouble(Double::doubleValue).toArray();
        assertArrayEquals(storedScores, legacy.scores(), 0.0);
        for (int r = 0; r < 4; r++) {
            assertEquals(now.scores()[r], legacy.scores()[r], 5e-3 * now.scores()[r], "feature " + r);
        }
        assertArrayEquals(now.selectedFeatures(), legacy.selectedFeatures());
        assertEquals(7, legacy.getNumNeighbors());
        assertEquals("knn", legacy.summary().graphType());
        assertEquals(0, legacy.summary().numClasses());
        assertEquals(now.summary().numEdges(), legacy.summary().numEdges(), 0.005 * now.summary().numEdges());
        assertEquals(now.summary().bandwidth(), legacy.summary().bandwidth(), 1e-12);
    }
}
