package io.github.lapscore.selection;

import java.util.Objects;

import org.apache.spark.ml.Model;
import org.apache.spark.ml.attribute.Attribute;
import org.apache.spark.ml.attribute.AttributeGroup;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.ml.util.MLWritable;
import org.apache.spark.ml.util.MLWriter;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The fitted Laplacian Score selector: the score of every input feature (smaller is better, NaN
 * for constant features), their ranking, and the selected features, which {@link #transform} keeps.
 * The output column carries ML attribute metadata with the selected features' names when the input
 * column has them (e.g. from {@code VectorAssembler}).
 */
public final class LaplacianScoreSelectorModel extends Model<LaplacianScoreSelectorModel>
        implements LaplacianScoreParams, MLWritable {

    private final String uid;
    private final LaplacianScoreParamSet declaredParams;
    private final double[] scores;
    private final int[] selectedFeatures;
    private final LaplacianScoreSummary summary;

    /**
     * A model with the given scores (one per input feature, input order), selected feature indices
     * (ascending) and fit summary.
     */
    public LaplacianScoreSelectorModel(String uid, double[] scores, int[] selectedFeatures, LaplacianScoreSummary summary) {
        this.uid = uid;
        this.declaredParams = new LaplacianScoreParamSet(uid);
        declaredParams.setDefaults(this);
        this.scores = scores.clone();
        this.selectedFeatures = selectedFeatures.clone();
        this.summary = Objects.requireNonNull(summary, "summary");
    }

    @Override
    public String uid() {
        return uid;
    }

    @Override
    public LaplacianScoreParamSet declaredParams() {
        return declaredParams;
    }

    public LaplacianScoreSelectorModel setFeaturesCol(String value) {
        set(featuresCol(), value);
        return this;
    }

    public LaplacianScoreSelectorModel setOutputCol(String value) {
        set(outputCol(), value);
        return this;
    }

    /** The Laplacian Score of every input feature, in input order; NaN for constant features. */
    public double[] scores() {
        return scores.clone();
    }

    /** Feature indices from best (smallest score) to worst; NaN scores last, ties by index. */
    public int[] featureRanking() {
        return FeatureRanking.rank(scores);
    }

    /** Indices of the selected features, ascending (Spark's convention). */
    public int[] selectedFeatures() {
        return selectedFeatures.clone();
    }

    /** Number of input features. */
    public int numFeatures() {
        return scores.length;
    }

    /** What the fit did: graph size, bandwidth and k used, seconds per stage. */
    public LaplacianScoreSummary summary() {
        return summary;
    }

    @Override
    public Dataset<Row> transform(Dataset<?> dataset) {
        StructType outputSchema = transformSchema(dataset.schema());
        StructField outputField = outputSchema.apply(getOutputCol());
        FeatureSlicer slicer = new FeatureSlicer(getFeaturesCol(), scores.length, selectedFeatures);
        UserDefinedFunction slice = functions.udf((UDF1<Vector, Vector>) slicer::slice, SQLDataTypes.VectorType());
        Column selected = slice.apply(functions.col(getFeaturesCol())).as(getOutputCol(), outputField.metadata());
        return dataset.select(functions.col("*"), selected);
    }

    @Override
    public StructType transformSchema(StructType schema) {
        SchemaChecks.requireVectorColumn(schema, getFeaturesCol());
        SchemaChecks.requireNewColumn(schema, getOutputCol());
        return schema.add(selectedAttributes(schema).toStructField());
    }

    /** The input column's attributes (names included) at the selected indices, renumbered from 0. */
    private AttributeGroup selectedAttributes(StructType schema) {
        AttributeGroup input = AttributeGroup.fromStructField(schema.apply(getFeaturesCol()));
        if (input.attributes().isEmpty()) {
            return new AttributeGroup(getOutputCol(), selectedFeatures.length);
        }
        Attribute[] all = input.attributes().get();
        Attribute[] kept = new Attribute[selectedFeatures.length];
        for (int p = 0; p < kept.length; p++) {
            kept[p] = all[selectedFeatures[p]].withIndex(p);
        }
        return new AttributeGroup(getOutputCol(), kept);
    }

    @Override
    public LaplacianScoreSelectorModel copy(ParamMap extra) {
        LaplacianScoreSelectorModel copy = new LaplacianScoreSelectorModel(uid, scores, selectedFeatures, summary);
        return copyValues(copy, extra).setParent(parent());
    }

    @Override
    public MLWriter write() {
        return new LaplacianScoreModelPersistence.Writer(this);
    }

    public static MLReader<LaplacianScoreSelectorModel> read() {
        return new LaplacianScoreModelPersistence.Reader();
    }

    public static LaplacianScoreSelectorModel load(String path) {
        return read().load(path);
    }
}
