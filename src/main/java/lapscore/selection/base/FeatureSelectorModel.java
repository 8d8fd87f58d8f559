package lapscore.selection.base;

import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;

import lapscore.scoring.ScoreOrder;
import lapscore.selection.redundancy.Redundancy;
import lapscore.selection.params.SelectorParamSet;
import lapscore.selection.params.SelectorParams;
import org.apache.spark.ml.Model;
import org.apache.spark.ml.attribute.Attribute;
import lapscore.data.ColumnRef;
import org.apache.spark.ml.attribute.AttributeGroup;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.Identifiable$;
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
 * What every fitted selector is, whatever its score (the shape of Spark's {@code SelectorModel}):
 * the score of every input feature, their ranking best first, the selected features, which
 * {@link #transform} keeps, and the fit summary. The output column carries ML attribute metadata
 * with the selected features' names when the input column has them (e.g. from
 * {@code VectorAssembler}), and with {@code attachResults} the model's results
 * ({@link ResultsMetadata}). Dense vectors stay dense, sparse ones sparse. Saved and loaded with
 * Spark's ML persistence; loading checks that the saved model is of the loading class. A concrete
 * model is its name, its params interface and its constructors; everything else is here.
 *
 * @param <M> the concrete model
 */
public abstract class FeatureSelectorModel<M extends FeatureSelectorModel<M>> extends Model<M>
        implements SelectorParams, MLWritable {

    private final String uid;
    private final SelectorParamSet declaredParams;
    private final double[] scores;
    private final int[] selectedFeatures;
    private final Redundancy redundancy;
    private final FitSummary summary;

    /**
     * A model with the given scores (input order), selected feature indices (ascending), redundancy
     * decisions and fit summary, and the defaults of the params it has
     * ({@link SelectorParamSet#setDefaults}).
     */
    protected FeatureSelectorModel(String uid, double[] scores, int[] selectedFeatures, Redundancy redundancy, FitSummary summary) {
        this.uid = uid;
        this.declaredParams = new SelectorParamSet(uid);
        declaredParams.setDefaults(this);
        this.scores = scores.clone();
        this.selectedFeatures = selectedFeatures.clone();
        this.redundancy = Objects.requireNonNull(redundancy, "redundancy");
        this.summary = Objects.requireNonNull(summary, "summary");
    }

    /**
     * A model of no features, for the public no-argument constructor that Java's
     * {@code ServiceLoader}, through which Spark Connect's server lists the ML classes, requires of
     * every listed class; fit the estimator or load a model to use one.
     */
    protected FeatureSelectorModel() {
        this(Identifiable$.MODULE$.randomUID("FeatureSelectorModel"), new double[0], new int[0], Redundancy.none(0),
                FitSummary.empty());
    }

    /**
     * Which end of this model's score is good: what its estimator (the class of this one's name
     * without "Model", the pairing PySpark reads too) answers with this model's params, since an
     * order may follow a param (SPEC's {@code specVariant}).
     */
    public ScoreOrder scoreOrder() {
        String estimatorName = getClass().getName().replaceFirst("Model$", "");
        try {
            FeatureSelector<?, ?> estimator = (FeatureSelector<?, ?>) Class.forName(estimatorName).getConstructor().newInstance();
            return copyValues(estimator, ParamMap.empty()).scoreOrder();
        } catch (ReflectiveOperationException | ClassCastException missing) {
            throw new IllegalStateException(getClass().getName() + " has no estimator " + estimatorName, missing);
        }
    }

    @Override
    public String uid() {
        return uid;
    }

    @Override
    public SelectorParamSet declaredParams() {
        return declaredParams;
    }

    @SuppressWarnings("unchecked")
    private M self() {
        return (M) this;
    }

    public M setFeaturesCol(String value) {
        set(featuresCol(), value);
        return self();
    }

    public M setOutputCol(String value) {
        set(outputCol(), value);
        return self();
    }

    /** Whether {@code transform} attaches the results to the output column's metadata ({@link ResultsMetadata}). */
    public M setAttachResults(boolean value) {
        set(attachResults(), value);
        return self();
    }

    /** The score of every input feature, in input order; NaN for features with no score (constant ones). */
    public double[] scores() {
        return scores.clone();
    }

    /** Feature indices from best to worst in the score's own order; NaN scores last, ties by index. */
    public int[] featureRanking() {
        return FeatureRanking.rank(scores, scoreOrder());
    }

    /** Indices of the selected features, ascending (Spark's convention). */
    public int[] selectedFeatures() {
        return selectedFeatures.clone();
    }

    /**
     * Per input feature, the kept feature it was dropped as redundant with by redundancy removal
     * ({@code redundancyThreshold}), or -1 when it was not dropped as redundant.
     */
    public int[] redundantWith() {
        return redundancy.redundantWith().clone();
    }

    /**
     * Per input feature, its symmetric uncertainty with the feature of {@link #redundantWith()}, or
     * NaN when it was not dropped as redundant.
     */
    public double[] redundancy() {
        return redundancy.uncertainty().clone();
    }

    /**
     * How many features have no score (NaN): those constant over the rows the score reads, which
     * carry nothing to rank (eq. 1 of He, Cai and Niyogi, NIPS 2005, is then 0 / 0). They rank last
     * in {@link #featureRanking()}, by index, and are never selected.
     */
    public int numUnscoredFeatures() {
        return (int) Arrays.stream(scores).filter(Double::isNaN).count();
    }

    /**
     * Why the features of {@link #numUnscoredFeatures()} have no score, e.g. "constant over the 62
     * rows"; empty when every feature has a score.
     */
    public String unscoredReason() {
        if (numUnscoredFeatures() == 0) {
            return "";
        }
        long withEdges = summary.numRows() - summary.isolatedRows();
        return summary.isolatedRows() == 0 ? String.format(Locale.ROOT, "constant over the %d rows", summary.numRows())
                : String.format(Locale.ROOT, "constant over the %d rows with an edge of positive weight (%d rows are isolated and weigh"
                + " nothing)", withEdges, summary.isolatedRows());
    }

    /** Number of input features. */
    public int numFeatures() {
        return scores.length;
    }

    /** What the fit did: graph size, parameters used, seconds per stage. */
    public FitSummary summary() {
        return summary;
    }

    @Override
    public Dataset<Row> transform(Dataset<?> dataset) {
        StructType outputSchema = transformSchema(dataset.schema());
        StructField outputField = outputSchema.apply(getOutputCol());
        FeatureSlicer slicer = new FeatureSlicer(getFeaturesCol(), scores.length, selectedFeatures);
        UserDefinedFunction slice = functions.udf((UDF1<Vector, Vector>) slicer::slice, SQLDataTypes.VectorType());
        Column selected = slice.apply(ColumnRef.of(getFeaturesCol())).as(getOutputCol(), outputField.metadata());
        return dataset.select(functions.col("*"), selected);
    }

    @Override
    public StructType transformSchema(StructType schema) {
        SchemaChecks.requireVectorColumn(schema, getFeaturesCol());
        SchemaChecks.requireNewColumn(schema, getOutputCol());
        SchemaChecks.requireVectorSize(schema, getFeaturesCol(), scores.length);
        StructField output = selectedAttributes(schema).toStructField();
        return schema.add(getAttachResults() ? ResultsMetadata.attach(output, this) : output);
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
    public M copy(ParamMap extra) {
        @SuppressWarnings("unchecked")
        M copy = (M) ModelPersistence.newModel(getClass(), uid, scores, selectedFeatures, redundancy, summary);
        return copyValues(copy, extra).setParent(parent());
    }

    @Override
    public MLWriter write() {
        return new ModelPersistence.Writer(this);
    }
}
