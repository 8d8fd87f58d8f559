package lapscore.evaluation;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.stream.IntStream;

import lapscore.evaluation.kmeans.KMeansRestarts;
import lapscore.evaluation.kmeans.RestartScores;
import lapscore.data.CacheScope;
import lapscore.evaluation.metrics.NearestNeighbourAccuracy;
import org.apache.spark.ml.feature.VectorSlicer;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The clustering experiment of He, Cai and Niyogi ("Laplacian Score for Feature Selection", NIPS
 * 2005, section 4.2), plus a classification check. For every selector and every number of
 * features m: the rows are cut to the selector's best m features; k-means
 * with k = the number of classes runs {@code restarts} times ({@link KMeansRestarts}) and the
 * lowest-cost run is scored by clustering accuracy (eq. 6) and NMI (eq. 8) against the classes, with
 * the mean and standard deviation of both over all the runs; and the 1-NN accuracy is averaged over
 * {@code splits} seeded stratified 2/3 : 1/3 splits, a supervised selector being refitted on each
 * training part only (an unsupervised one ranks all rows once, without their classes). The
 * baseline row {@code all} uses every feature.
 *
 * <p>{@link #check} asks every selector, before any ranks, whether its fit would refuse the rows it
 * will get; a selector that fails while it runs all the same is left out and named in the result,
 * and the others still run.
 */
public final class Experiment {

    /** The name of the baseline row, which uses every feature. */
    public static final String BASELINE = "all";

    /** The fraction of each class in the training part of a split. */
    public static final double TRAIN_FRACTION = 2.0 / 3.0;

    private static final String SLICED_COLUMN = "evaluation_features";

    private final Dataset<Row> rows;
    private final String featuresColumn;
    private final String classColumn;
    private final int classes;
    private final int numFeatures;
    private final KMeansRestarts kmeans;
    private final List<StratifiedSplit> splits = new ArrayList<>();
    private final PrintStream progress;

    /**
     * An experiment on {@code rows} (cached by the caller) with the vector column
     * {@code featuresColumn} of {@code numFeatures} features and the class column
     * {@code classColumn} holding 0 .. classes-1; its splits are cached in {@code caches}, which must
     * stay open while it runs; progress lines go to {@code progress}.
     */
    public Experiment(Dataset<Row> rows, String featuresColumn, String classColumn, int classes, int numFeatures,
                      int restarts, int splitCount, long seed, CacheScope caches, PrintStream progress) {
        if (splitCount < 1) {
            throw new IllegalArgumentException("--splits must be at least 1, got " + splitCount);
        }
        this.rows = rows;
        this.featuresColumn = featuresColumn;
        this.classColumn = classColumn;
        this.classes = classes;
        this.numFeatures = numFeatures;
        this.kmeans = new KMeansRestarts(classes, restarts, seed);
        this.progress = progress;
        for (int split = 0; split < splitCount; split++) {
            splits.add(StratifiedSplit.of(rows, classColumn, TRAIN_FRACTION, seed + split, caches));
        }
    }

    /** The best {@code numFeatures} features of {@code selector}, best first (fewer when it offers fewer). */
    public record Selection(String selector, int numFeatures, int[] features) {
    }

    /**
     * What the experiment found: its rows ({@code all} first), each selector's ranking of all rows,
     * the features of every row but the baseline's, and a line per selector that failed while it ran.
     */
    public record Result(List<EvaluationRow> rows, Map<String, RankedFeatures> rankings, List<Selection> selections,
                         List<String> failures) {
    }

    /**
     * Refuses, before any selector ranks, a selector whose fit would refuse all the rows. Only the
     * checks run ({@link FeatureRanker#check}); nothing is ranked or clustered. (A supervised
     * selector's fits on the training parts read subsets of the same rows and classes, not checked
     * again: a part that its fit still refuses is a failure while it runs.)
     */
    public void check(List<FeatureRanker> rankers) {
        for (FeatureRanker ranker : rankers) {
            try {
                ranker.check(rows);
            } catch (IllegalArgumentException refused) {
                throw new IllegalArgumentException(ranker.name() + " cannot run, so no selector was run: "
                        + refused.getMessage(), refused);
            }
        }
    }

    /**
     * Evaluates the {@code all} baseline and every ranker at every count in {@code featureCounts}
     * (a ranker whose best m depend on m ranks once per count); the rankings returned are of all
     * rows, at the largest count. A ranker that throws is left out (its rows so far too) and named in
     * the result's failures; the next one runs.
     */
    public Result run(List<FeatureRanker> rankers, int[] featureCounts) {
        List<EvaluationRow> table = new ArrayList<>();
        Map<String, RankedFeatures> rankings = new LinkedHashMap<>();
        List<Selection> selections = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        int[] every = IntStream.range(0, numFeatures).toArray();
        table.add(evaluate(BASELINE, numFeatures, every, split -> every));
        for (FeatureRanker ranker : rankers) {
            try {
                Outcome outcome = outcome(ranker, featureCounts);
                table.addAll(outcome.rows());
                selections.addAll(outcome.selections());
                if (outcome.ranking() != null) {
                    rankings.put(ranker.name(), outcome.ranking());
                }
            } catch (RuntimeException failed) {
                String line = ranker.name() + " failed, so it has no rows: " + firstLine(failed);
                progress.println("[evaluate] " + line);
                failures.add(line);
            }
        }
        return new Result(table, rankings, selections, failures);
    }

    /** One ranker's rows and selections, and its ranking of all rows at the largest count (null when it offers none). */
    private record Outcome(List<EvaluationRow> rows, List<Selection> selections, RankedFeatures ranking) {
    }

    /** Evaluates {@code ranker} at every count. */
    private Outcome outcome(FeatureRanker ranker, int[] featureCounts) {
        List<EvaluationRow> table = new ArrayList<>();
        List<Selection> selections = new ArrayList<>();
        Rankings once = ranker.ranksPerCount() ? null : rankings(ranker, Integer.MAX_VALUE, "");
        Rankings latest = once;
        for (int m : featureCounts) {
            Rankings current = once != null ? once : rankings(ranker, m, " m=" + m);
            latest = current;
            if (current.onAllRows().order().length == 0) {
                progress.printf("[evaluate] %s: no feature has a score, so it is left out%n", ranker.name());
                return new Outcome(table, selections, null);
            }
            int[] features = current.onAllRows().first(m);
            table.add(evaluate(ranker.name(), m, features, split -> current.onTrainingParts().get(split).first(m)));
            selections.add(new Selection(ranker.name(), m, features));
        }
        return new Outcome(table, selections, latest.onAllRows());
    }

    /** A ranker's ranking of all rows and of each split's training part (the same one when it is unsupervised). */
    private record Rankings(RankedFeatures onAllRows, List<RankedFeatures> onTrainingParts) {
    }

    /** {@code ranker}'s rankings when the best {@code count} features are wanted; {@code label} names the count in the progress line. */
    private Rankings rankings(FeatureRanker ranker, int count, String label) {
        long start = System.nanoTime();
        RankedFeatures onAllRows = ranker.rank(rows, count);
        List<RankedFeatures> onTrainingParts = new ArrayList<>();
        for (StratifiedSplit split : splits) {
            onTrainingParts.add(ranker.supervised() ? ranker.rank(split.train(), count) : onAllRows);
        }
        progress.printf(Locale.ROOT, "[evaluate] %s%s: ranked the features (%.1f s)%n", ranker.name(), label, seconds(start));
        return new Rankings(onAllRows, onTrainingParts);
    }

    /**
     * Clusters all rows on {@code features} and classifies each split's test part by 1-NN on {@code featuresOfSplit.apply(split)}.
     */
    private EvaluationRow evaluate(String selector, int m, int[] features, IntFunction<int[]> featuresOfSplit) {
        long start = System.nanoTime();
        RestartScores clustering = kmeans.score(slice(rows, features), SLICED_COLUMN, classColumn, classes);
        double knn = 0;
        for (int split = 0; split < splits.size(); split++) {
            int[] splitFeatures = featuresOfSplit.apply(split);
            knn += NearestNeighbourAccuracy.of(slice(splits.get(split).train(), splitFeatures),
                    slice(splits.get(split).test(), splitFeatures), SLICED_COLUMN, classColumn);
        }
        EvaluationRow row = new EvaluationRow(selector, m, features.length, clustering.bestAccuracy(), clustering.bestNmi(),
                knn / splits.size(), clustering.accuracySpread(), clustering.nmiSpread());
        progress.printf(Locale.ROOT, "[evaluate] %s m=%d%s: accuracy %.3f (mean %.3f ± %.3f), nmi %.3f, 1-NN %.3f (%.1f s)%n",
                selector, m, features.length < m ? " (" + features.length + " offered)" : "", row.accuracy(),
                row.accuracySpread().mean(), row.accuracySpread().sd(), row.nmi(), row.knnAccuracy(), seconds(start));
        return row;
    }

    /** {@code data} with {@link #SLICED_COLUMN} = the features {@code indices} of the features column. */
    private Dataset<Row> slice(Dataset<Row> data, int[] indices) {
        return new VectorSlicer().setInputCol(featuresColumn).setOutputCol(SLICED_COLUMN).setIndices(indices).transform(data);
    }

    /** The first line of {@code error}'s message (its class when it has none). */
    private static String firstLine(RuntimeException error) {
        String message = error.getMessage();
        return message == null || message.isBlank() ? error.getClass().getSimpleName() : message.lines().findFirst().orElseThrow();
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
