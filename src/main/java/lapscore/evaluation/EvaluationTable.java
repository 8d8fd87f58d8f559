package lapscore.evaluation;

import lapscore.evaluation.kmeans.Spread;

import java.util.List;
import java.util.Locale;

/**
 * The evaluation rows as CSV ({@link #HEADER}) and as a Markdown table with the same metrics.
 * {@code accuracy} and {@code nmi} are those of the lowest-cost k-means run; {@code accuracy_mean},
 * {@code accuracy_sd}, {@code nmi_mean} and {@code nmi_sd} their {@link Spread} over all the runs
 * (in Markdown {@code mean ± sd}). {@code num_features} is the number asked for; when a selector
 * offers fewer features (constant features have no score; redundancy removal may keep fewer), the
 * Markdown cell says how many were used, e.g. {@code 64 (61 used)}, and the metrics are those of the
 * features used. The selectors that failed follow the Markdown table, one line each.
 */
public final class EvaluationTable {

    /** The CSV header. */
    public static final String HEADER = "selector,num_features,accuracy,nmi,knn_accuracy,accuracy_mean,accuracy_sd,nmi_mean,nmi_sd";

    private final List<EvaluationRow> rows;
    private final List<String> failures;

    /** The table of {@code rows}; {@code failures} are lines naming a selector that did not finish and why. */
    public EvaluationTable(List<EvaluationRow> rows, List<String> failures) {
        this.rows = List.copyOf(rows);
        this.failures = List.copyOf(failures);
    }

    /** The rows as CSV with {@link #HEADER}, metrics to 4 decimals. */
    public String csv() {
        StringBuilder text = new StringBuilder(HEADER).append('\n');
        for (EvaluationRow row : rows) {
            text.append(String.format(Locale.ROOT, "%s,%d,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f%n", row.selector(), row.numFeatures(),
                    row.accuracy(), row.nmi(), row.knnAccuracy(), row.accuracySpread().mean(), row.accuracySpread().sd(),
                    row.nmiSpread().mean(), row.nmiSpread().sd()));
        }
        return text.toString();
    }

    /** The rows as a Markdown table, metrics to 3 decimals, then a line per failed selector. */
    public String markdown() {
        StringBuilder text = new StringBuilder("| selector | num_features | accuracy | nmi | knn_accuracy | accuracy mean ± sd"
                + " | nmi mean ± sd |\n|---|---:|---:|---:|---:|---:|---:|\n");
        for (EvaluationRow row : rows) {
            String count = row.featuresUsed() < row.numFeatures()
                    ? row.numFeatures() + " (" + row.featuresUsed() + " used)" : String.valueOf(row.numFeatures());
            text.append(String.format(Locale.ROOT, "| %s | %s | %.3f | %.3f | %.3f | %.3f ± %.3f | %.3f ± %.3f |%n", row.selector(),
                    count, row.accuracy(), row.nmi(), row.knnAccuracy(), row.accuracySpread().mean(), row.accuracySpread().sd(),
                    row.nmiSpread().mean(), row.nmiSpread().sd()));
        }
        if (!failures.isEmpty()) {
            text.append('\n');
            failures.forEach(failure -> text.append("- ").append(failure).append('\n'));
        }
        return text.toString();
    }
}
