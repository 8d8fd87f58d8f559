/**
 * The params of the selectors and their models, each declared once with its doc, validator and
 * default ({@link lapscore.selection.params.SelectorParamSet}), and exposed in groups by
 * interfaces with Spark's getters: every selector's columns and selection mode
 * ({@link lapscore.selection.params.SelectorParams}), the graph's
 * ({@link lapscore.selection.params.GraphSelectorParams}), and each score's own.
 */
package lapscore.selection.params;
