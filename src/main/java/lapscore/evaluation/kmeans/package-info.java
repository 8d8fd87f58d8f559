/**
 * The k-means of the evaluation: {@link lapscore.evaluation.kmeans.KMeansRestarts} runs Lloyd's
 * algorithm from several random starts side by side, one pass over the rows per iteration for all
 * of them, seeded independently ({@link lapscore.evaluation.kmeans.RestartSeeds}), and scores every
 * run against the classes; the run of lowest cost is the protocol of He, Cai and Niyogi ("Laplacian
 * Score for Feature Selection", NIPS 2005, section 4.2.1), the {@link lapscore.evaluation.kmeans.Spread}
 * over all runs says how much that choice matters.
 */
package lapscore.evaluation.kmeans;
