/**
 * The registry of scores ({@link lapscore.selection.registry.Scores}): each score's name, estimator,
 * description and traits, listed once; every other list of scores (the command line's, the Python
 * package's, Spark Connect's service files, the docs') is derived from it or checked against it.
 * Other jars add scores through {@link lapscore.selection.registry.ScoreCatalogue}. Depends on
 * {@code selection} and below.
 */
package lapscore.selection.registry;
