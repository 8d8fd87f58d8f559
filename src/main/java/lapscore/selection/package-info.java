/**
 * Stage 3 and the public API: the Spark ML estimators
 * {@link lapscore.selection.LaplacianScoreSelector},
 * {@link lapscore.selection.FisherScoreSelector},
 * {@link lapscore.selection.LocalKernelRegressionSelector},
 * {@link lapscore.selection.SpecSelector} and
 * {@link lapscore.selection.McfsSelector} with their models. Each validates
 * the input, builds the graph ({@code graph} package), scores the features ({@code scoring} package)
 * and selects the best ones into a model that slices feature vectors in any {@code Pipeline} and
 * saves and loads with Spark's ML persistence. They share their template ({@code selection.base})
 * and their params ({@code selection.params}, every param declared once).
 */
package lapscore.selection;
