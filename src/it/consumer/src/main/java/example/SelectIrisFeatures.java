package example;

import lapscore.selection.LaplacianScoreSelector;
import lapscore.selection.LaplacianScoreSelectorModel;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.attribute.Attribute;
import org.apache.spark.ml.attribute.AttributeGroup;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/** Ranks the features of a CSV by Laplacian Score and prints the two it keeps: java ... example.SelectIrisFeatures data/iris.csv */
public final class SelectIrisFeatures {

    private SelectIrisFeatures() {
    }

    public static void main(String[] args) {
        String path = args.length > 0 ? args[0] : "data/iris.csv";
        SparkSession spark = SparkSession.builder()
                .appName("select iris features")
                .master(System.getProperty("spark.master", "local[*]"))   // spark-submit sets spark.master itself
                .getOrCreate();
        try {
            Dataset<Row> iris = spark.read().option("header", true).option("inferSchema", true).csv(path);
            String[] features = {"sepal_length", "sepal_width", "petal_length", "petal_width"};

            VectorAssembler assembler = new VectorAssembler().setInputCols(features).setOutputCol("features");
            LaplacianScoreSelector selector = new LaplacianScoreSelector()
                    .setFeaturesCol("features")
                    .setOutputCol("selected")
                    .setNumTopFeatures(2);
            PipelineModel model = new Pipeline()
                    .setStages(new PipelineStage[]{assembler, selector})
                    .fit(iris);

            LaplacianScoreSelectorModel lapscore = (LaplacianScoreSelectorModel) model.stages()[1];
            for (int feature : lapscore.featureRanking()) {
                System.out.printf("%-14s %.6f%n", features[feature], lapscore.scores()[feature]);
            }

            Dataset<Row> selected = model.transform(iris).select("selected");
            AttributeGroup kept = AttributeGroup.fromStructField(selected.schema().apply("selected"));   // names from the assembler
            StringBuilder names = new StringBuilder();
            for (Attribute attribute : kept.attributes().get()) {
                names.append(names.length() == 0 ? "" : ", ").append(attribute.name().get());
            }
            System.out.println("kept: " + names);
        } finally {
            spark.stop();
        }
    }
}
