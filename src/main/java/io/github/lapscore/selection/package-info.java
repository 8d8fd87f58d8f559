/**
 * Stage 3 and the public API: the Spark ML estimators
 * {@link io.github.lapscore.selection.LaplacianScoreSelector},
 * {@link io.github.lapscore.selection.FisherScoreSelector},
 * {@link io.github.lapscore.selection.LocalKernelRegressionSelector},
 * {@link io.github.lapscore.selection.SpecSelector} and
 * {@link io.github.lapscore.selection.McfsSelector} with their models. Each validates
 * the input, builds the graph ({@code graph} package), scores the features ({@code scoring} package)
 * and selects the best ones into a model that slices feature vectors in any {@code Pipeline} and
 * saves and loads with Spark's ML persistence. They share their template ({@code selection.base})
 * and their params ({@code selection.params}, every param declared once).
 */
package io.github.lapscore.selection;
