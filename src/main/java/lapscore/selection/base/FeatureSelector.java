package lapscore.selection.base;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Supplier;

import lapscore.data.CacheScope;
import lapscore.data.ColumnRef;
import lapscore.data.IndexedRows;
import lapscore.data.LabelClasses;
import lapscore.data.RowSummary;
import lapscore.progress.FitWarnings;
import lapscore.progress.Stage;
import lapscore.progress.StageTimer;
import lapscore.scoring.ScoreOrder;
import lapscore.selection.params.InvalidRows;
import lapscore.selection.params.SelectionMode;
import lapscore.selection.params.SelectorParamSet;
import lapscore.selection.params.SelectorParams;
import lapscore.selection.redundancy.Redundancy;
import lapscore.selection.redundancy.RedundancyRemoval;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.DefaultParamsWritable;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every selector does, whatever its score (the shape of Spark's {@code Selector}): check the
 * schema and the params, number and check the rows, let the concrete selector score the features,
 * rank them best first in the score's own {@link ScoreOrder}, select them by {@link SelectionMode}
 * and wrap the result in the concrete model. A concrete selector supplies its scoring
 * ({@code scoreRows}), its model class, its {@link #scoreOrder()} and what its rows and labels must
 * satisfy.
 *
 * @param <S> the concrete selector, returned by the setters
 * @param <M> its model
 */
public abstract class FeatureSelector<S extends FeatureSelector<S, M>, M extends FeatureSelectorModel<M>>
        extends Estimator<M> implements SelectorParams, DefaultParamsWritable {

    private static final Logger LOG = LoggerFactory.getLogger(FeatureSelector.class);

    private final String uid;
    private final SelectorParamSet declaredParams;
    private final Class<M> modelClass;

    /**
     * A selector with the given uid, whose fits make {@code modelClass} models, with the defaults of
     * the params it has ({@link SelectorParamSet#setDefaults}).
     */
    protected FeatureSelector(String uid, Class<M> modelClass) {
        this.uid = uid;
        this.declaredParams = new SelectorParamSet(uid);
        this.modelClass = modelClass;
        declaredParams.setDefaults(this);
    }

    /**
     * The reader of a saved estimator, of whatever score it was: Spark's {@code DefaultParamsReader}
     * makes the class its metadata names, with its params, through that class's {@code (uid)}
     * constructor. Every concrete selector inherits it, as Spark's Scala companions extend
     * {@code DefaultParamsReadable}; Spark's pipeline reader and PySpark find it by reflection on the
     * concrete class.
     */
    public static <S extends FeatureSelector<S, ?>> MLReader<S> read() {
        return new DefaultParamsReader<>();
    }

    /** The estimator saved at {@code path} ({@link #read()}). */
    public static <S extends FeatureSelector<S, ?>> S load(String path) {
        return FeatureSelector.<S>read().load(path);
    }

    /** Numbered rows, cached in the fit's {@link CacheScope}, and what their check found. */
    protected record CheckedRows(IndexedRows rows, RowSummary summary) {
    }

    /** The scores of a fit and what the fit did. */
    public record ScoredFeatures(double[] scores, FitSummary summary) {
    }

    /**
     * Scores every feature of {@code rows}, which are numbered, checked by {@code summary} and
     * cached in the fit's scope ({@link IndexedRows#caches()}), where whatever the scoring caches
     * goes too: the fit releases it all when scoring ends, succeeded or failed.
     */
    protected abstract ScoredFeatures scoreRows(IndexedRows rows, RowSummary summary, StageTimer timer);

    /** Which end of this selector's score is good. */
    public abstract ScoreOrder scoreOrder();

    /** Whether this fit reads {@code labelCol} (the label column must then be set and exist). */
    protected abstract boolean needsLabel();

    /** Whether a zero vector cannot be scored (its cosine with other rows is undefined). */
    protected boolean needsNonZeroRows() {
        return false;
    }

    /**
     * Checks what only the rows can tell (after the schema and params checks): throws a message
     * naming the column, the row and the feature (by its ML attribute name in {@code featureNames}
     * when the column has them, else null) when they cannot be scored.
     */
    protected abstract void validateRows(RowSummary summary, String[] featureNames);

    @Override
    public String uid() {
        return uid;
    }

    @Override
    public SelectorParamSet declaredParams() {
        return declaredParams;
    }

    @SuppressWarnings("unchecked")
    protected final S self() {
        return (S) this;
    }

    public S setFeaturesCol(String value) {
        set(featuresCol(), value);
        return self();
    }

    public S setOutputCol(String value) {
        set(outputCol(), value);
        return self();
    }

    public S setLabelCol(String value) {
        set(labelCol(), value);
        return self();
    }

    public S setSelectionMode(String value) {
        set(selectionMode(), value);
        return self();
    }

    public S setHandleInvalid(String value) {
        set(handleInvalid(), value);
        return self();
    }

    public S setAttachResults(boolean value) {
        set(attachResults(), value);
        return self();
    }

    public S setRedundancyThreshold(double value) {
        set(redundancyThreshold(), value);
        return self();
    }

    public S setNumBins(int value) {
        set(numBins(), value);
        return self();
    }

    public S setNumTopFeatures(int value) {
        set(numTopFeatures(), value);
        return self();
    }

    public S setPercentile(double value) {
        set(percentile(), value);
        return self();
    }

    public S setScoreThreshold(double value) {
        set(scoreThreshold(), value);
        return self();
    }

    /**
     * Checks and scores the rows, cached in one {@link CacheScope} that is closed once the scores are
     * known or the fit has failed, then ranks and selects the features.
     */
    @Override
    public M fit(Dataset<?> dataset) {
        StageTimer timer = new StageTimer(dataset.sparkSession().sparkContext(), uid + ": ");
        ScoredFeatures scored;
        try (CacheScope caches = new CacheScope()) {
            CheckedRows checked = checkedRows(dataset, timer, caches);
            scored = scoreRows(checked.rows(), checked.summary(), timer);
        }
        return modelOf(scored, () -> usableVectors(dataset, scored.scores().length), timer);
    }

    /**
     * Makes every check {@link #fit} makes before it scores, on the same code ({@link #checkedRows}):
     * the schema and params ({@link #transformSchema}), then the rows (count against the graph's k,
     * values, labels, the limit of redundancy removal); throws what fit would throw there, without
     * scoring anything. What the check caches is released before it returns.
     */
    public void check(Dataset<?> dataset) {
        try (CacheScope caches = new CacheScope()) {
            checkedRows(dataset, new StageTimer(dataset.sparkSession().sparkContext(), uid + ": "), caches);
        }
    }

    /**
     * Checks the schema and params, numbers the rows (cached in {@code caches}) and checks them: with
     * {@code handleInvalid = skip} the rows that cannot be scored are dropped first and counted in the
     * summary. Throws a message naming the column and the row when they cannot be scored; what was
     * cached is then left to {@code caches}.
     */
    protected final CheckedRows checkedRows(Dataset<?> dataset, StageTimer timer, CacheScope caches) {
        transformSchema(dataset.schema());
        String column = getFeaturesCol();
        IndexedRows rows = timer.run(Stage.VALIDATION, "Numbering the rows of column '" + column + "'",
                () -> IndexedRows.of(dataset, column, needsLabel() ? getLabelCol() : null, caches));
        RowSummary all = timer.run(Stage.VALIDATION, "Checking column '" + column + "': rows, vector sizes, values",
                () -> RowSummary.of(rows));
        CheckedRows checked = invalidRowsOption() == InvalidRows.SKIP && all.hasUnusableRows(needsNonZeroRows(), needsLabel())
                ? withoutUnusableRows(rows, all, timer) : new CheckedRows(rows, all);
        validateRows(checked.summary(), SchemaChecks.attributeNames(dataset.schema(), column));
        requireFeasibleRedundancy(checked.summary().numFeatures());
        if (needsLabel()) {
            checked.summary().validateLabels(getLabelCol());
            checkClasses(checked.rows(), timer);
        }
        return checked;
    }

    /**
     * Refuses a label whose classes cannot carry a supervised score and warns when some classes
     * have a single row, by the one rule of {@link LabelClasses}.
     */
    private void checkClasses(IndexedRows rows, StageTimer timer) {
        LabelClasses classes = timer.run(Stage.VALIDATION, "Counting the classes of column '" + getLabelCol() + "'",
                () -> LabelClasses.of(rows));
        classes.requireComparableClasses(getLabelCol());
        classes.singletonWarning(getLabelCol()).ifPresent(warning -> FitWarnings.warn(LOG, warning));
    }

    /**
     * Refuses, before any expensive work, redundancy removal over more selected features than its
     * histograms can hold; in threshold mode the count is known only after scoring, and checked then.
     */
    private void requireFeasibleRedundancy(int numFeatures) {
        if (Double.isNaN(getRedundancyThreshold())) {
            return;
        }
        int mostSelected = switch (selectionModeOption()) {
            case NUM_TOP_FEATURES -> Math.min(getNumTopFeatures(), numFeatures);
            case PERCENTILE -> FeatureRanking.percentileCount(getPercentile(), numFeatures);
            case THRESHOLD -> 0;
        };
        RedundancyRemoval.requireFeasible(mostSelected, getNumBins());
    }

    /**
     * The rows of {@code all} that can be scored, renumbered, with their summary counting the others
     * as skipped; {@code rows} are released once the kept rows are counted.
     */
    private CheckedRows withoutUnusableRows(IndexedRows rows, RowSummary all, StageTimer timer) {
        IndexedRows kept = rows.keepOnly(all.usableRow(needsNonZeroRows(), needsLabel()));
        RowSummary summary = timer.run(Stage.VALIDATION, "Dropping the rows of column '" + getFeaturesCol()
                + "' that cannot be scored (handleInvalid = skip)", () -> RowSummary.of(kept));
        rows.release();
        return new CheckedRows(kept, summary.withSkippedRows(all.count() - summary.count()));
    }

    /**
     * Ranks and selects the scored features and wraps them in this selector's model; warns when no
     * feature has a score (every one is constant over the rows), as nothing can then be selected, when
     * some have none (how many, and why), and when the percentile is too small to keep any feature.
     * With {@code redundancyThreshold} set, the selected features are then walked best first over
     * {@code rows} (vectors of finite values, read only then) and those redundant with a better one
     * are dropped ({@link RedundancyRemoval}).
     */
    protected final M modelOf(ScoredFeatures scored, Supplier<JavaRDD<Vector>> rows, StageTimer timer) {
        double[] scores = scored.scores();
        if (Arrays.stream(scores).allMatch(Double::isNaN)) {
            FitWarnings.warn(LOG, noScoreWarning(scored.summary()));
        }
        if (selectionModeOption() == SelectionMode.PERCENTILE && FeatureRanking.percentileCount(getPercentile(), scores.length) == 0) {
            FitWarnings.warn(LOG, String.format(Locale.ROOT, "percentile = %s keeps floor(%s * %d) = 0 of the %d features (rounded"
                    + " down, as the selectors of Spark do), so none is selected; set percentile to at least %s to keep one",
                    getPercentile(), getPercentile(), scores.length, scores.length, FeatureRanking.percentileKeepingOne(scores.length)));
        }
        int[] candidates = FeatureRanking.select(scores, scoreOrder(), selectionModeOption(), getNumTopFeatures(),
                getPercentile(), getScoreThreshold());
        Redundancy redundancy = Redundancy.none(scores.length);
        if (!Double.isNaN(getRedundancyThreshold())) {
            int[] bestFirst = Arrays.stream(FeatureRanking.rank(scores, scoreOrder()))
                    .filter(feature -> Arrays.binarySearch(candidates, feature) >= 0).toArray();
            redundancy = timer.run(Stage.REDUNDANCY, "Redundancy: symmetric uncertainty of " + bestFirst.length
                    + " selected features in " + getNumBins() + " bins", () -> RedundancyRemoval.apply(rows.get(), scores.length,
                    bestFirst, getRedundancyThreshold(), getNumBins()));
        }
        Redundancy decided = redundancy;
        int[] selected = Arrays.stream(candidates).filter(feature -> !decided.isRedundant(feature)).toArray();
        M model = ModelPersistence.newModel(modelClass, uid, scores, selected, redundancy,
                scored.summary().withRedundancySeconds(timer.secondsIn(Stage.REDUNDANCY)));
        int unscored = model.numUnscoredFeatures();
        if (unscored > 0 && unscored < scores.length) {
            FitWarnings.warn(LOG, String.format(Locale.ROOT, "Column '%s' has %d of %d features without a score, each %s; they rank"
                    + " last and are never selected", getFeaturesCol(), unscored, scores.length, model.unscoredReason()));
        }
        return copyValues(model, new ParamMap()).setParent(this);
    }

    /**
     * Why no feature has a score: every feature is constant over the rows, or, when the graph
     * leaves rows isolated (degree 0, so they weigh nothing in eq. 1), over the rows that have an edge.
     */
    private String noScoreWarning(FitSummary summary) {
        if (summary.isolatedRows() == 0) {
            return String.format(Locale.ROOT, "Column '%s': every feature is constant over the %d rows, so none has a score and"
                    + " none is selected", getFeaturesCol(), summary.numRows());
        }
        return String.format(Locale.ROOT, "Column '%s' has no feature with a score, so none is selected: %d of %d rows are isolated"
                + " (no edge of positive weight) and every feature is constant over the %d others; choose a larger %s",
                getFeaturesCol(), summary.isolatedRows(), summary.numRows(), summary.numRows() - summary.isolatedRows(),
                joiningParam());
    }

    /** The param whose larger value joins more rows by an edge of positive weight, for the warning of isolated rows. */
    protected String joiningParam() {
        return "bandwidth";
    }

    /**
     * The vectors of the features column that can be scored ({@code numFeatures} finite values), for
     * the passes of redundancy removal; rows {@code handleInvalid = skip} dropped are left out here too.
     */
    private JavaRDD<Vector> usableVectors(Dataset<?> dataset, int numFeatures) {
        return dataset.select(ColumnRef.of(getFeaturesCol())).toJavaRDD()
                .map(row -> row.isNullAt(0) ? null : (Vector) row.get(0))
                .filter(vector -> vector != null && vector.size() == numFeatures
                        && Arrays.stream(vector.toArray()).allMatch(Double::isFinite));
    }

    /**
     * Checks the columns and the params that can be checked without the data, so that a
     * {@code Pipeline} fails before any work: the features column, the output column, the label
     * column when this fit needs one, and a threshold in threshold mode.
     */
    @Override
    public StructType transformSchema(StructType schema) {
        SchemaChecks.requireVectorColumn(schema, getFeaturesCol());
        SchemaChecks.requireNewColumn(schema, getOutputCol());
        if (needsLabel()) {
            SchemaChecks.requireLabelColumn(schema, getLabelCol(), explainLabel());
        }
        if (selectionModeOption() == SelectionMode.THRESHOLD && !isDefined(scoreThreshold())) {
            throw new IllegalArgumentException("selectionMode = threshold needs scoreThreshold to be set");
        }
        return schema.add(getOutputCol(), SQLDataTypes.VectorType(), true);
    }

    /** Why this fit needs a label, for the message when labelCol is missing. */
    protected abstract String explainLabel();

    @Override
    @SuppressWarnings("unchecked")
    public S copy(ParamMap extra) {
        return (S) defaultCopy(extra);
    }
}
