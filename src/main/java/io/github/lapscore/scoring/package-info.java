/**
 * Stage 2: every feature's Laplacian Score from one pass over the weighted edges (He, Cai and
 * Niyogi, "Laplacian Score for Feature Selection", NIPS 2005, eq. 1:
 * {@code L_r = f~_r^T L f~_r / f~_r^T D f~_r}). Each block-pair task reads its two blocks and the
 * edges between them, so both endpoint vectors are at hand without a join, and accumulates d-length
 * sums ({@link io.github.lapscore.scoring.FeatureMoments}); the driver combines them into scores
 * ({@link io.github.lapscore.scoring.LaplacianScores}).
 */
package io.github.lapscore.scoring;
