/**
 * The metrics of the clustering experiment of He, Cai and Niyogi ("Laplacian Score for Feature
 * Selection", NIPS 2005, section 4.2): the contingency table of clusters and labels, clustering
 * accuracy under the best one-to-one matching found by the Hungarian algorithm (eq. 6), normalised
 * mutual information (eqs. 7-8), and the 1-NN classification accuracy used by the later papers.
 */
package lapscore.evaluation.metrics;
