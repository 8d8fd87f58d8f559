/**
 * The template every selector is built on, the shape of Spark's {@code Selector} and
 * {@code SelectorModel}: {@link lapscore.selection.base.FeatureSelector} checks the schema,
 * the params and the rows, lets the concrete selector score the features, ranks them best first in
 * the score's own order and selects them; {@link lapscore.selection.base.GraphFeatureSelector}
 * adds the graph (built, or for the class graph only laid out); and
 * {@link lapscore.selection.base.FeatureSelectorModel} slices vectors, writes ML attribute
 * names and saves and loads ({@link lapscore.selection.base.ModelPersistence}). A concrete
 * selector supplies its scoring and its model class and nothing else.
 */
package lapscore.selection.base;
