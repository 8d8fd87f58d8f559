/**
 * Stage 3 and the public API: the Spark ML estimators and their models, one pair per score of the
 * registry ({@link lapscore.selection.registry.Scores}, which lists them). Each validates the input,
 * builds the graph ({@code graph} package), scores the features ({@code scoring} package) and
 * selects the best ones into a model that slices feature vectors in any {@code Pipeline} and saves
 * and loads with Spark's ML persistence. They share their template ({@code selection.base}: the
 * checks, setters, defaults, ranking, selection and persistence) and their params
 * ({@code selection.params}, every param declared once); an estimator holds its score and its own
 * setters, a model its name, params and constructors.
 */
package lapscore.selection;
