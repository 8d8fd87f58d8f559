/**
 * The arithmetic that keeps the rows' sums exact and finite: the power of two that keeps squares
 * of data near 1e±300 finite ({@link lapscore.data.numerics.DataScale}), exact summation
 * ({@link lapscore.data.numerics.ExactSum}) and the features' standard deviations summed exactly
 * in one pass ({@link lapscore.data.numerics.FeatureDeviations}). Depends on nothing of the library.
 */
package lapscore.data.numerics;
