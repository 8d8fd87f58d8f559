package lapscore.job;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;

import lapscore.selection.base.FeatureSelectorModel;
import lapscore.selection.base.FitSummary;
import lapscore.selection.params.GraphSelectorParams;

/** The ranked features of a fitted model, for people (a table) and for programs (a CSV file). */
final class ScoresReport {

    /** How many of the best features are printed; --scores-out has all of them. */
    static final int PRINTED_FEATURES = 50;

    private final String[] names;
    private final double[] scores;
    private final int[] rankOf;
    private final boolean[] selected;
    private final int[] redundantWith;
    private final double[] redundancy;
    private final int[] ranking;
    private final FitSummary summary;
    private final String title;
    /** Whether the score reads the classes alone and builds no graph (the Fisher score). */
    private final boolean graphless;
    /** How many features have no score, and why ({@link FeatureSelectorModel#unscoredReason()}). */
    private final int unscored;
    private final String unscoredReason;

    /** The report of {@code model}, whose score is called {@code title} (e.g. "Fisher score"), for features {@code names}. */
    ScoresReport(FeatureSelectorModel<?> model, String title, String[] names) {
        this.names = names;
        this.title = title;
        this.scores = model.scores();
        this.ranking = model.featureRanking();
        this.rankOf = new int[scores.length];
        for (int position = 0; position < ranking.length; position++) {
            rankOf[ranking[position]] = position + 1;
        }
        this.selected = new boolean[scores.length];
        this.redundantWith = model.redundantWith();
        this.redundancy = model.redundancy();
        Arrays.stream(model.selectedFeatures()).forEach(f -> selected[f] = true);
        this.summary = model.summary();
        this.graphless = !(model instanceof GraphSelectorParams);
        this.unscored = model.numUnscoredFeatures();
        this.unscoredReason = model.unscoredReason();
    }

    /**
     * Prints the graph summary and the first {@link #PRINTED_FEATURES} features with a score, best
     * first, then how many more there are and where all of them go ({@code scoresFile}, the
     * --scores-out path, or null), and how many features have no score and why.
     * The seconds line starts with {@code inputSeconds}, the stages before the fit, in their order.
     * {@code rowsPerTask}, the most rows one task of the fit held (counted by the tasks,
     * {@link lapscore.progress.TaskRows}), gets a line of its own when positive.
     */
    void print(PrintStream out, String scoresFile, Map<String, Double> inputSeconds, long rowsPerTask) {
        out.printf(Locale.ROOT, "Rows %d, features %d%s, %s%n", summary.numRows(), summary.numFeatures(),
                summary.numClasses() > 0 ? ", classes " + summary.numClasses() : "", graphLine());
        if (summary.skippedRows() > 0) {
            out.printf(Locale.ROOT, "Skipped %d row%s that cannot be scored (--handle-invalid skip)%n", summary.skippedRows(),
                    summary.skippedRows() == 1 ? "" : "s");
        }
        if (summary.largeClasses() > 0) {
            out.printf(Locale.ROOT, "%d class%s above --max-class-size regressed each row on its k nearest rows of the class%n",
                    summary.largeClasses(), summary.largeClasses() == 1 ? "" : "es");
        }
        if (!Double.isNaN(summary.recall())) {
            out.printf(Locale.ROOT, "Estimated recall@%d of the approximate graph: %.4f (%.2f s to estimate)%n",
                    summary.numNeighbors(), summary.recall(), summary.recallSeconds());
        }
        if (rowsPerTask > 0) {
            out.printf(Locale.ROOT, "Rows per task: at most %d%n", rowsPerTask);
        }
        if (summary.bandwidth() == 0.0 || Double.isInfinite(summary.bandwidth())) {
            out.println("Heat kernel bandwidth t: beyond the range of a double in the data's units (the rows, near 1e-300 or"
                    + " 1e300, were scaled by a power of two, exactly, before any square)");
        } else if (!Double.isNaN(summary.bandwidth())) {
            out.printf(Locale.ROOT, "Heat kernel bandwidth t = %.6g%n", summary.bandwidth());
        }
        StringBuilder input = new StringBuilder();
        inputSeconds.forEach((stage, seconds) -> input.append(String.format(Locale.ROOT, "%s %.2f, ", stage, seconds)));
        out.printf(Locale.ROOT, "Seconds: %svalidation %.2f, graph %.2f, weights %.2f, scores %.2f%s (%d blocks of %d rows)%n%n",
                input, summary.validationSeconds(), summary.graphSeconds(), summary.weightsSeconds(), summary.scoresSeconds(),
                summary.redundancySeconds() > 0 ? String.format(Locale.ROOT, ", redundancy %.2f", summary.redundancySeconds()) : "",
                summary.numBlocks(), summary.rowsPerBlock());
        int scored = scores.length - unscored;
        // The table lists the features with a score; all of them when none has one (the warning says why).
        int listed = scored > 0 ? scored : ranking.length;
        int[] printed = Arrays.copyOf(ranking, Math.min(listed, PRINTED_FEATURES));
        int width = Math.max(7, Arrays.stream(printed).mapToObj(f -> names[f]).mapToInt(String::length).max().orElse(7));
        out.printf(Locale.ROOT, "%5s  %-" + width + "s  %15s  %s%n", "rank", "feature", title, "selected");
        for (int feature : printed) {
            out.printf(Locale.ROOT, "%5s  %-" + width + "s  %15s  %s%n", rankText(feature), names[feature],
                    Double.isNaN(scores[feature]) ? "none" : String.format(Locale.ROOT, "%.6f", scores[feature]),
                    selected[feature] ? "yes" : redundantWith[feature] >= 0 ? String.format(Locale.ROOT,
                            "no: redundant with %s (SU %.3f)", names[redundantWith[feature]], redundancy[feature]) : "");
        }
        String everyFeature = scoresFile == null ? "--scores-out FILE writes all of them" : "all of them are in " + scoresFile;
        int rest = listed - printed.length;
        if (rest > 0) {
            out.printf(Locale.ROOT, "  ... and %d more feature%s%s; %s%n", rest, rest == 1 ? "" : "s",
                    unscored > 0 && scored > 0 ? " with a score" : "", everyFeature);
        }
        if (unscored > 0 && scored > 0) {
            out.printf(Locale.ROOT, "Features without a score: %d of %d, each %s; ranked last (%s), never selected%s%n",
                    unscored, scores.length, unscoredReason, unscored == 1 ? "rank " + scores.length
                            : "ranks " + (scored + 1) + " to " + scores.length, rest > 0 ? "" : "; " + everyFeature);
        }
    }

    /** What the graph was: its kind, size and how it was found. */
    private String graphLine() {
        if (graphless) {
            return "no graph (the Fisher score reads each class's means and spreads)";
        }
        return switch (summary.graphType()) {
            case "class" -> String.format(Locale.ROOT, "class graph (not built: %d same-class pairs)", summary.numEdges());
            case "epsilon" -> String.format(Locale.ROOT, "epsilon graph, edges %d (average degree %.2f), isolated rows %d",
                    summary.numEdges(), summary.averageDegree(), summary.isolatedRows());
            default -> String.format(Locale.ROOT, "%s k %d (%s), edges %d (average degree %.2f), isolated rows %d",
                    summary.graphType().equals("classKnn") ? "kNN graph within classes," : "kNN graph,", summary.numNeighbors(),
                    summary.knnMethod(), summary.numEdges(), summary.averageDegree(), summary.isolatedRows());
        };
    }

    /**
     * Writes {@code index,feature,score,rank,selected,redundant_with,no_score}, one row per feature in
     * input order, to {@code stream}, which is closed: {@code rank} is the place in the model's
     * ranking (features without a score last, by index), {@code selected} the final selection,
     * {@code redundant_with} names the kept feature a candidate was dropped as redundant with, and
     * {@code no_score} why a feature has no score (its score NaN), each empty otherwise.
     */
    void writeCsv(OutputStream stream) throws IOException {
        try (Writer writer = new OutputStreamWriter(stream, StandardCharsets.UTF_8)) {
            writer.write("index,feature,score,rank,selected,redundant_with,no_score\n");
            for (int feature = 0; feature < scores.length; feature++) {
                writer.write(feature + "," + csvField(names[feature]) + "," + scores[feature] + "," + rankOf[feature] + ","
                        + selected[feature] + "," + (redundantWith[feature] >= 0 ? csvField(names[redundantWith[feature]]) : "")
                        + "," + (Double.isNaN(scores[feature]) ? csvField(unscoredReason) : "") + "\n");
            }
        }
    }

    /** Rank from 1 (best); "-" for a feature without a score, ranked after every scored one. */
    private String rankText(int feature) {
        return Double.isNaN(scores[feature]) ? "-" : Integer.toString(rankOf[feature]);
    }

    private static String csvField(String text) {
        return text.contains(",") || text.contains("\"") ? "\"" + text.replace("\"", "\"\"") + "\"" : text;
    }
}
