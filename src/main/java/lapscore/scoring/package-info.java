/**
 * Stage 2: the scores of every feature.
 * <ul>
 *   <li>Laplacian Score (He, Cai and Niyogi, "Laplacian Score for Feature Selection", NIPS 2005,
 *       eq. 1, {@code L_r = f~_r^T L f~_r / f~_r^T D f~_r}) from one pass over the weighted edges:
 *       each block-pair task reads its two blocks and the edges between them, so both endpoint
 *       vectors are at hand without a join, and accumulates d-length sums
 *       ({@link lapscore.scoring.FeatureMoments}, {@link lapscore.scoring.LaplacianScores}).</li>
 *   <li>Fisher score (same paper, eq. 4) and the Laplacian Score on the class graph
 *       ({@code 1 / (1 + F_r)}, section 3.2) from per-class moments
 *       ({@link lapscore.scoring.ClassMoments}, {@link lapscore.scoring.ClassScores}).</li>
 *   <li>Local Kernel Regression score (Cheung and Zeng, "Local Kernel Regression Score for Selecting
 *       Features of High-Dimensional Data", IEEE TKDE 21(12), 2009, eq. 16): the same edge pass for
 *       the denominator, then one local kernel ridge regression per row or one leave-one-out
 *       factorisation per class ({@link lapscore.scoring.LocalRegression},
 *       {@link lapscore.scoring.RegressionErrors},
 *       {@link lapscore.scoring.LocalKernelRegressionScores}).</li>
 * </ul>
 * Every score says which end is good ({@link lapscore.scoring.ScoreOrder}); a score read
 * off a built graph is a {@link lapscore.scoring.GraphScore}, the one thing a graph
 * selector supplies. The scores that read the graph's eigenvectors are in {@code scoring.spectral}.
 */
package lapscore.scoring;
