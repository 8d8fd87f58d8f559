/**
 * The params of the selectors and their models, each declared once with its doc, validator and
 * default ({@link io.github.lapscore.selection.params.SelectorParamSet}), and exposed in groups by
 * interfaces with Spark's getters: every selector's columns and selection mode
 * ({@link io.github.lapscore.selection.params.SelectorParams}), the graph's
 * ({@link io.github.lapscore.selection.params.GraphSelectorParams}), and each score's own.
 */
package io.github.lapscore.selection.params;
