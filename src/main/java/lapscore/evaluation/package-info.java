/**
 * Does feature selection help? The clustering experiment of He, Cai and Niyogi ("Laplacian Score for
 * Feature Selection", NIPS 2005, section 4.2) on Spark: for each selector ({@link FeatureRanker}) and
 * number of features, k-means with restarts ({@link lapscore.evaluation.kmeans}) scored by the clustering metrics
 * of {@link lapscore.evaluation.metrics} (accuracy under the best one-to-one matching, eq. 6;
 * normalised mutual information, eq. 8) and 1-NN accuracy on stratified splits ({@link StratifiedSplit});
 * {@link Experiment} runs it, {@link EvaluationTable} and {@link lapscore.evaluation.plots}
 * present it.
 */
package lapscore.evaluation;
