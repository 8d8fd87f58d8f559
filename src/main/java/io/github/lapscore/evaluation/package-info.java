/**
 * Does feature selection help? The clustering experiment of He, Cai and Niyogi ("Laplacian Score for
 * Feature Selection", NIPS 2005, section 4.2) on Spark: for each selector ({@link FeatureRanker}) and
 * number of features, k-means with restarts ({@link KMeansRestarts}) scored by clustering accuracy
 * ({@link ClusteringAccuracy} with the {@link HungarianAlgorithm}, eq. 6) and normalised mutual
 * information ({@link NormalizedMutualInformation}, eq. 8), and 1-NN accuracy on stratified splits
 * ({@link NearestNeighbourAccuracy}, {@link StratifiedSplit}); {@link Experiment} runs it, and
 * {@link EvaluationTable}, {@link MetricChart} and {@link FeatureMap} present it.
 */
package io.github.lapscore.evaluation;
