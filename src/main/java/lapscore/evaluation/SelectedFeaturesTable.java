package lapscore.evaluation;

import java.util.List;

/**
 * Which features each evaluation row used, as CSV with {@link #HEADER}: one line per selected
 * feature, {@code rank} 1 for the selector's best, {@code feature} its name in the input. The lines
 * of one selector and number of features are the features k-means and the tables scored for that
 * row, in rank order: the first m of the selector's ranking of all rows (MCFS: of its fit for m).
 * Names holding a comma or a quote are quoted as RFC 4180 says.
 */
public final class SelectedFeaturesTable {

    /** The CSV header. */
    public static final String HEADER = "selector,num_features,rank,feature";

    private final List<Experiment.Selection> selections;
    private final String[] names;

    /** The table of {@code selections}, features named by {@code names} (by index). */
    public SelectedFeaturesTable(List<Experiment.Selection> selections, String[] names) {
        this.selections = List.copyOf(selections);
        this.names = names.clone();
    }

    /** The CSV text. */
    public String csv() {
        StringBuilder text = new StringBuilder(HEADER).append('\n');
        for (Experiment.Selection selection : selections) {
            int[] features = selection.features();
            for (int rank = 0; rank < features.length; rank++) {
                text.append(selection.selector()).append(',').append(selection.numFeatures()).append(',').append(rank + 1)
                        .append(',').append(field(names[features[rank]])).append('\n');
            }
        }
        return text.toString();
    }

    private static String field(String text) {
        return text.contains(",") || text.contains("\"") || text.contains("\n") ? "\"" + text.replace("\"", "\"\"") + "\"" : text;
    }
}
