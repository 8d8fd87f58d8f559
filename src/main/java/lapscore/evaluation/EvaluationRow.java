package lapscore.evaluation;

import lapscore.evaluation.kmeans.Spread;

/**
 * One line of the evaluation: a selector, the number of features asked for ({@code numFeatures})
 * and used ({@code featuresUsed}, fewer when the selector offers fewer), the clustering accuracy
 * (eq. 6) and NMI (eq. 8) of the best of the k-means restarts (lowest k-means cost, the protocol of
 * He, Cai and Niyogi, NIPS 2005, section 4.2.1), their {@link Spread} over all the restarts, and
 * the 1-NN accuracy averaged over the splits. The metrics are fractions in [0, 1].
 */
public record EvaluationRow(String selector, int numFeatures, int featuresUsed, double accuracy, double nmi,
                            double knnAccuracy, Spread accuracySpread, Spread nmiSpread) {
}
