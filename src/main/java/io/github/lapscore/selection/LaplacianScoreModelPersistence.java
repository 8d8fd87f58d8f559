package io.github.lapscore.selection;

import java.util.List;

import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.DefaultParamsWriter;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.ml.util.MLWriter;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.json4s.JObject;
import org.json4s.JValue;

import scala.Option;

/**
 * Spark ML persistence of {@link LaplacianScoreSelectorModel}: params as Spark's standard JSON
 * metadata, scores, selection and summary as one Parquet row under {@code data/}.
 */
final class LaplacianScoreModelPersistence {

    private static final StructType DATA_SCHEMA = new StructType(new StructField[]{
            DataTypes.createStructField("scores", DataTypes.createArrayType(DataTypes.DoubleType, false), false),
            DataTypes.createStructField("selectedFeatures", DataTypes.createArrayType(DataTypes.IntegerType, false), false),
            DataTypes.createStructField("numRows", DataTypes.LongType, false),
            DataTypes.createStructField("numFeatures", DataTypes.IntegerType, false),
            DataTypes.createStructField("numNeighbors", DataTypes.IntegerType, false),
            DataTypes.createStructField("knnMethod", DataTypes.StringType, false),
            DataTypes.createStructField("bandwidth", DataTypes.DoubleType, false),
            DataTypes.createStructField("numEdges", DataTypes.LongType, false),
            DataTypes.createStructField("numSelfLoops", DataTypes.LongType, false),
            DataTypes.createStructField("isolatedRows", DataTypes.LongType, false),
            DataTypes.createStructField("recall", DataTypes.DoubleType, false),
            DataTypes.createStructField("numBlocks", DataTypes.IntegerType, false),
            DataTypes.createStructField("rowsPerBlock", DataTypes.IntegerType, false),
            DataTypes.createStructField("validationSeconds", DataTypes.DoubleType, false),
            DataTypes.createStructField("graphSeconds", DataTypes.DoubleType, false),
            DataTypes.createStructField("recallSeconds", DataTypes.DoubleType, false),
            DataTypes.createStructField("weightsSeconds", DataTypes.DoubleType, false),
            DataTypes.createStructField("scoresSeconds", DataTypes.DoubleType, false)});

    private LaplacianScoreModelPersistence() {
    }

    static final class Writer extends MLWriter {
        private final LaplacianScoreSelectorModel model;

        Writer(LaplacianScoreSelectorModel model) {
            this.model = model;
        }

        @Override
        public void saveImpl(String path) {
            DefaultParamsWriter.saveMetadata(model, path, sc(), Option.<JObject>empty(), Option.<JValue>empty());
            LaplacianScoreSummary s = model.summary();
            Row row = RowFactory.create(boxed(model.scores()), boxed(model.selectedFeatures()), s.numRows(), s.numFeatures(),
                    s.numNeighbors(), s.knnMethod(), s.bandwidth(), s.numEdges(), s.numSelfLoops(), s.isolatedRows(),
                    s.recall(), s.numBlocks(), s.rowsPerBlock(), s.validationSeconds(), s.graphSeconds(), s.recallSeconds(),
                    s.weightsSeconds(), s.scoresSeconds());
            sparkSession().createDataFrame(List.of(row), DATA_SCHEMA).repartition(1).write().parquet(path + "/data");
        }

        private static Double[] boxed(double[] values) {
            return java.util.Arrays.stream(values).boxed().toArray(Double[]::new);
        }

        private static Integer[] boxed(int[] values) {
            return java.util.Arrays.stream(values).boxed().toArray(Integer[]::new);
        }
    }

    static final class Reader extends MLReader<LaplacianScoreSelectorModel> {
        @Override
        public LaplacianScoreSelectorModel load(String path) {
            DefaultParamsReader.Metadata metadata = DefaultParamsReader.loadMetadata(path, sc(),
                    LaplacianScoreSelectorModel.class.getName());
            Row row = sparkSession().read().parquet(path + "/data").head();
            double[] scores = row.<Double>getList(row.fieldIndex("scores")).stream().mapToDouble(Double::doubleValue).toArray();
            int[] selected = row.<Integer>getList(row.fieldIndex("selectedFeatures")).stream().mapToInt(Integer::intValue).toArray();
            LaplacianScoreSummary summary = new LaplacianScoreSummary(row.getLong(row.fieldIndex("numRows")),
                    row.getInt(row.fieldIndex("numFeatures")), row.getInt(row.fieldIndex("numNeighbors")),
                    row.getString(row.fieldIndex("knnMethod")), row.getDouble(row.fieldIndex("bandwidth")),
                    row.getLong(row.fieldIndex("numEdges")), row.getLong(row.fieldIndex("numSelfLoops")),
                    row.getLong(row.fieldIndex("isolatedRows")), row.getDouble(row.fieldIndex("recall")),
                    row.getInt(row.fieldIndex("numBlocks")), row.getInt(row.fieldIndex("rowsPerBlock")),
                    row.getDouble(row.fieldIndex("validationSeconds")), row.getDouble(row.fieldIndex("graphSeconds")),
                    row.getDouble(row.fieldIndex("recallSeconds")), row.getDouble(row.fieldIndex("weightsSeconds")),
                    row.getDouble(row.fieldIndex("scoresSeconds")));
            LaplacianScoreSelectorModel model = new LaplacianScoreSelectorModel(metadata.uid(), scores, selected, summary);
            metadata.getAndSetParams(model, Option.empty());
            return model;
        }
    }
}
