/**
 * Stage 2, the scores read off the graph's smallest eigenvectors
 * ({@link lapscore.graph.spectral.SpectralEmbedding}):
 * <ul>
 *   <li>SPEC (Zhao and Liu, "Spectral Feature Selection for Supervised and Unsupervised Learning",
 *       ICML 2007): phi1 and phi2 from the Laplacian Score's edge sums, phi3 from the eigenpairs and
 *       one pass over the rows ({@link lapscore.scoring.spectral.SpecScores});</li>
 *   <li>MCFS (Cai, Zhang and He, "Unsupervised Feature Selection for Multi-Cluster Data", KDD 2010):
 *       each eigenvector regressed on the features by least angle regression with the LASSO
 *       modification ({@link lapscore.scoring.spectral.McfsScores},
 *       {@link lapscore.scoring.spectral.LarsPath}).</li>
 * </ul>
 * Depends on {@code scoring} (the edge sums, the score seam) and {@code graph.spectral}.
 */
package lapscore.scoring.spectral;
