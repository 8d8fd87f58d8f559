/**
 * The evaluation as pictures: metric-against-m curves, one line per selector (XChart), and per-feature
 * score heat maps of image data, like Figure 3 of He, Cai and Niyogi ("Laplacian Score for Feature
 * Selection", NIPS 2005).
 */
package io.github.lapscore.evaluation.plots;
