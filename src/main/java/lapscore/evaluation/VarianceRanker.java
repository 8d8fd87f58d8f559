package lapscore.evaluation;

import java.util.Comparator;
import java.util.stream.IntStream;

import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.stat.Summarizer;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The data-variance baseline of He, Cai and Niyogi ("Laplacian Score for Feature Selection", NIPS
 * 2005, sections 1 and 4): each feature's sample variance, larger is better. Computed by Spark's
 * {@link Summarizer} in one distributed pass; only the d variances reach the driver. Constant
 * features (variance 0) are not offered, as the other scores offer no feature without a score.
 * Unsupervised: it reads the features column only.
 */
public final class VarianceRanker implements FeatureRanker {

    private final String featuresColumn;

    public VarianceRanker(String featuresColumn) {
        this.featuresColumn = featuresColumn;
    }

    @Override
    public String name() {
        return "variance";
    }

    @Override
    public boolean supervised() {
        return false;
    }

    @Override
    public RankedFeatures rank(Dataset<Row> rows) {
        Row summary = rows.select(Summarizer.variance(rows.col(featuresColumn))).first();
        double[] variances = ((Vector) summary.get(0)).toArray();
        int[] order = IntStream.range(0, variances.length).boxed().filter(feature -> variances[feature] > 0)
                .sorted(Comparator.comparingDouble((Integer feature) -> -variances[feature]).thenComparing(feature -> feature))
                .mapToInt(Integer::intValue).toArray();
        return new RankedFeatures(order);
    }
}
