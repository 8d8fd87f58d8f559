package lapscore.evaluation;

import java.util.List;
import java.util.Locale;

/**
 * The evaluation rows as CSV ({@code selector,num_features,accuracy,nmi,knn_accuracy}) and as a
 * Markdown table with the same columns. {@code num_features} is the number asked for; when a
 * selector offers fewer features (constant features have no score; redundancy removal may keep
 * fewer), the Markdown cell says how many were used, e.g. {@code 64 (61 used)}, and the metrics are
 * those of the features used.
 */
public final class EvaluationTable {

    /** The CSV header. */
    public static final String HEADER = "selector,num_features,accuracy,nmi,knn_accuracy";

    private final List<EvaluationRow> rows;

    public EvaluationTable(List<EvaluationRow> rows) {
        this.rows = List.copyOf(rows);
    }

    /** The rows as CSV with {@link #HEADER}, metrics to 4 decimals. */
    public String csv() {
        StringBuilder text = new StringBuilder(HEADER).append('\n');
        for (EvaluationRow row : rows) {
            text.append(String.format(Locale.ROOT, "%s,%d,%.4f,%.4f,%.4f%n", row.selector(), row.numFeatures(), row.accuracy(),
                    row.nmi(), row.knnAccuracy()));
        }
        return text.toString();
    }

    /** The rows as a Markdown table, metrics to 3 decimals. */
    public String markdown() {
        StringBuilder text = new StringBuilder("| selector | num_features | accuracy | nmi | knn_accuracy |\n|---|---:|---:|---:|---:|\n");
        for (EvaluationRow row : rows) {
            String count = row.featuresUsed() < row.numFeatures()
                    ? row.numFeatures() + " (" + row.featuresUsed() + " used)" : String.valueOf(row.numFeatures());
            text.append(String.format(Locale.ROOT, "| %s | %s | %.3f | %.3f | %.3f |%n", row.selector(), count, row.accuracy(),
                    row.nmi(), row.knnAccuracy()));
        }
        return text.toString();
    }
}
