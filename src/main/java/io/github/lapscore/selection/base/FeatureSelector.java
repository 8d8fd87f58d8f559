package io.github.lapscore.selection.base;

import java.util.Arrays;

import io.github.lapscore.data.IndexedRows;
import io.github.lapscore.data.RowSummary;
import io.github.lapscore.progress.Stage;
import io.github.lapscore.progress.StageTimer;
import io.github.lapscore.scoring.ScoreOrder;
import io.github.lapscore.selection.params.InvalidRows;
import io.github.lapscore.selection.params.SelectionMode;
import io.github.lapscore.selection.params.SelectorParamSet;
import io.github.lapscore.selection.params.SelectorParams;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.DefaultParamsWritable;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every selector does, whatever its score (the shape of Spark's {@code Selector}): check the
 * schema and the params, number and check the rows, let the concrete selector score the features,
 * rank them best first in the score's own {@link ScoreOrder}, select them by {@link SelectionMode}
 * and wrap the result in the concrete model. A concrete selector supplies its scoring
 * ({@code scoreRows}), its model ({@code newModel}), its {@link #scoreOrder()} and what its rows and
 * labels must satisfy.
 *
 * @param <S> the concrete selector, returned by the setters
 * @param <M> its model
 */
public abstract class FeatureSelector<S extends FeatureSelector<S, M>, M extends FeatureSelectorModel<M>>
        extends Estimator<M> implements SelectorParams, DefaultParamsWritable {

    private static final Logger LOG = LoggerFactory.getLogger(FeatureSelector.class);

    private final String uid;
    private final SelectorParamSet declaredParams;

    protected FeatureSelector(String uid) {
        this.uid = uid;
        this.declaredParams = new SelectorParamSet(uid);
        declaredParams.setSelectionDefaults(this);
    }

    /** Numbered rows, cached, and what their check found. */
    protected record CheckedRows(IndexedRows rows, RowSummary summary) {
    }

    /** The scores of a fit and what the fit did. */
    public record ScoredFeatures(double[] scores, FitSummary summary) {
    }

    /**
     * Scores every feature of {@code rows}, which are numbered, checked by {@code summary} and
     * cached; the implementation releases them when it no longer needs them.
     */
    protected abstract ScoredFeatures scoreRows(IndexedRows rows, RowSummary summary, StageTimer timer);

    /** The model of this selector with these results. */
    protected abstract M newModel(String uid, double[] scores, int[] selectedFeatures, FitSummary summary);

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

    @Override
    public M fit(Dataset<?> dataset) {
        StageTimer timer = new StageTimer(dataset.sparkSession().sparkContext(), uid + ": ");
        CheckedRows checked = checkedRows(dataset, timer);
        return modelOf(scoreRows(checked.rows(), checked.summary(), timer));
    }

    /**
     * Checks the schema and params, numbers the rows (cached) and checks them: with
     * {@code handleInvalid = skip} the rows that cannot be scored are dropped first and counted in the
     * summary. Releases the rows and throws a message naming the column and the row when they cannot
     * be scored.
     */
    protected final CheckedRows checkedRows(Dataset<?> dataset, StageTimer timer) {
        transformSchema(dataset.schema());
        String column = getFeaturesCol();
        IndexedRows rows = IndexedRows.of(dataset, column, needsLabel() ? getLabelCol() : null);
        CheckedRows checked;
        try {
            RowSummary all = timer.run(Stage.VALIDATION, "Checking column '" + column + "': rows, vector sizes, values",
                    () -> RowSummary.of(rows));
            checked = invalidRowsOption() == InvalidRows.SKIP && all.hasUnusableRows(needsNonZeroRows(), needsLabel())
                    ? withoutUnusableRows(rows, all, timer) : new CheckedRows(rows, all);
        } catch (Throwable failed) {
            rows.release();
            throw failed;
        }
        try {
            validateRows(checked.summary(), SchemaChecks.attributeNames(dataset.schema(), column));
            if (needsLabel()) {
                checked.summary().validateLabels(getLabelCol());
            }
            return checked;
        } catch (Throwable invalid) {
            checked.rows().release();
            throw invalid;
        }
    }

    /** The rows of {@code all} that can be scored, renumbered, with their summary counting the others as skipped. */
    private CheckedRows withoutUnusableRows(IndexedRows rows, RowSummary all, StageTimer timer) {
        IndexedRows kept = rows.keepOnly(all.usableRow(needsNonZeroRows(), needsLabel()));
        try {
            RowSummary summary = timer.run(Stage.VALIDATION, "Dropping the rows of column '" + getFeaturesCol()
                    + "' that cannot be scored (handleInvalid = skip)", () -> RowSummary.of(kept));
            rows.release();
            return new CheckedRows(kept, summary.withSkippedRows(all.count() - summary.count()));
        } catch (Throwable failed) {
            kept.release();
            throw failed;
        }
    }

    /**
     * Ranks and selects the scored features and wraps them in this selector's model; warns when no
     * feature has a score (every one is constant over the rows), as nothing can then be selected.
     */
    protected final M modelOf(ScoredFeatures scored) {
        if (Arrays.stream(scored.scores()).allMatch(Double::isNaN)) {
            LOG.warn("Column '{}': every feature is constant over the {} rows, so none has a score and none is selected",
                    getFeaturesCol(), scored.summary().numRows());
        }
        int[] selected = FeatureRanking.select(scored.scores(), scoreOrder(), selectionModeOption(), getNumTopFeatures(),
                getPercentile(), getScoreThreshold());
        M model = newModel(uid, scored.scores(), selected, scored.summary());
        return copyValues(model, new ParamMap()).setParent(this);
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
