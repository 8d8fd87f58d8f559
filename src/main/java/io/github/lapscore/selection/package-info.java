/**
 * Stage 3 and the public API: the Spark ML estimators
 * {@link io.github.lapscore.selection.LaplacianScoreSelector},
 * {@link io.github.lapscore.selection.FisherScoreSelector} and
 * {@link io.github.lapscore.selection.LocalKernelRegressionSelector}, built on one template
 * ({@link io.github.lapscore.selection.FeatureSelector}, and
 * {@link io.github.lapscore.selection.GraphFeatureSelector} for the graph-based scores) that
 * validates the input, builds the graph ({@code graph} package), scores the features
 * ({@code scoring} package) and selects the best ones into a model
 * ({@link io.github.lapscore.selection.FeatureSelectorModel}) that slices feature vectors in any
 * {@code Pipeline} and saves and loads with Spark's ML persistence. Every param is declared once,
 * in {@link io.github.lapscore.selection.SelectorParamSet}.
 */
package io.github.lapscore.selection;
