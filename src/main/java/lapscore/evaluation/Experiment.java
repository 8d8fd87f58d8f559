package lapscore.evaluation;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.stream.IntStream;

import lapscore.data.CacheScope;
import lapscore.evaluation.metrics.ClusteringAccuracy;
import lapscore.evaluation.metrics.ContingencyTable;
import lapscore.evaluation.metrics.NearestNeighbourAccuracy;
import lapscore.evaluation.metrics.NormalizedMutualInformation;
import org.apache.spark.ml.feature.VectorSlicer;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The clustering experiment of He, Cai and Niyogi ("Laplacian Score for Feature Selection", NIPS
 * 2005, section 4.2), plus a classification check. For every selector and every number of
 * features m: the rows are cut to the selector's best m features; k-means with k = the number of
 * classes runs {@code restarts} times and the lowest-cost run is scored by clustering accuracy
 * (eq. 6) and NMI (eq. 8) against the classes; and the 1-NN accuracy is averaged over
 * {@code splits} seeded stratified 2/3 : 1/3 splits, a supervised selector being refitted on each
 * training part only (an unsupervised one ranks all rows once, without their classes). The
 * baseline row {@code all} uses every feature.
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

    /** What the experiment found: its rows ({@code all} first) and each selector's ranking of all rows. */
    public record Result(List<EvaluationRow> rows, Map<String, RankedFeatures> rankings) {
    }

    /**
     * Evaluates the {@code all} baseline and every ranker at every count in {@code featureCounts}
     * (a ranker whose best m depend on m ranks once per count); the rankings returned are of all
     * rows, at the largest count.
     */
    public Result run(List<FeatureRanker> rankers, int[] featureCounts) {
        List<EvaluationRow> table = new ArrayList<>();
        Map<String, RankedFeatures> rankings = new LinkedHashMap<>();
        int[] every = IntStream.range(0, numFeatures).toArray();
        table.add(evaluate(BASELINE, numFeatures, every, split -> every));
        for (FeatureRanker ranker : rankers) {
            Rankings once = ranker.ranksPerCount() ? null : rankings(ranker, Integer.MAX_VALUE, "");
            Rankings latest = once;
            for (int m : featureCounts) {
                Rankings current = once != null ? once : rankings(ranker, m, " m=" + m);
                latest = current;
                if (current.onAllRows().order().length == 0) {
                    progress.printf("[evaluate] %s: no feature has a score, so it is left out%n", ranker.name());
                    break;
                }
                table.add(evaluate(ranker.name(), m, current.onAllRows().first(m),
                        split -> current.onTrainingParts().get(split).first(m)));
            }
            rankings.put(ranker.name(), latest.onAllRows());
        }
        return new Result(table, rankings);
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
     * Clusters all rows on {@code features} and classifies each split's test part by 1-NN on
     * {@code featuresOfSplit.apply(split)}.
     */
    private EvaluationRow evaluate(String selector, int m, int[] features, IntFunction<int[]> featuresOfSplit) {
        long start = System.nanoTime();
        Dataset<Row> clustered = kmeans.cluster(slice(rows, features), SLICED_COLUMN);
        ContingencyTable table = ContingencyTable.of(clustered, KMeansRestarts.CLUSTER_COLUMN, classColumn, classes, classes);
        double knn = 0;
        for (int split = 0; split < splits.size(); split++) {
            int[] splitFeatures = featuresOfSplit.apply(split);
            knn += NearestNeighbourAccuracy.of(slice(splits.get(split).train(), splitFeatures),
                    slice(splits.get(split).test(), splitFeatures), SLICED_COLUMN, classColumn);
        }
        EvaluationRow row = new EvaluationRow(selector, m, features.length, ClusteringAccuracy.of(table),
                NormalizedMutualInformation.of(table), knn / splits.size());
        progress.printf(Locale.ROOT, "[evaluate] %s m=%d%s: accuracy %.3f, nmi %.3f, 1-NN %.3f (%.1f s)%n", selector, m,
                features.length < m ? " (" + features.length + " offered)" : "", row.accuracy(), row.nmi(), row.knnAccuracy(),
                seconds(start));
        return row;
    }

    /** {@code data} with {@link #SLICED_COLUMN} = the features {@code indices} of the features column. */
    private Dataset<Row> slice(Dataset<Row> data, int[] indices) {
        return new VectorSlicer().setInputCol(featuresColumn).setOutputCol(SLICED_COLUMN).setIndices(indices).transform(data);
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
