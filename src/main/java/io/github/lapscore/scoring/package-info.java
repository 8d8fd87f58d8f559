/**
 * Stage 2: every feature's Laplacian Score from one pass over the weighted edges (seed 000, eq. 1;
 * DESIGN.md section 2). Each block-pair task reads its two blocks and the edges between them, so
 * both endpoint vectors are at hand without a join, and accumulates d-length sums
 * ({@link io.github.lapscore.scoring.FeatureMoments}); the driver combines them into scores
 * ({@link io.github.lapscore.scoring.LaplacianScores}).
 */
package io.github.lapscore.scoring;
