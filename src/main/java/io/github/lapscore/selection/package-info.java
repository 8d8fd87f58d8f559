/**
 * Stage 3 and the public API: {@link io.github.lapscore.selection.LaplacianScoreSelector} (a Spark
 * ML {@code Estimator}) validates the input, builds the graph ({@code graph} package), scores the
 * features ({@code scoring} package) and selects the best ones into a
 * {@link io.github.lapscore.selection.LaplacianScoreSelectorModel} that slices feature vectors in
 * any {@code Pipeline}.
 */
package io.github.lapscore.selection;
