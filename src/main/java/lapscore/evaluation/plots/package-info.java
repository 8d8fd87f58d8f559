/**
 * The evaluation as pictures: metric-against-m curves, one line per selector (XChart), and per-feature
 * score heat maps of image data, like Figure 3 of He, Cai and Niyogi ("Laplacian Score for Feature
 * Selection", NIPS 2005).
 * {@link lapscore.evaluation.plots.MetricChart} draws with XChart
 * ({@code org.knowm.xchart:xchart}), an optional dependency of the library: the runnable jar bundles
 * it, and a project that depends on the library and draws these charts declares it too;
 * {@link lapscore.evaluation.plots.FeatureMap} needs nothing beyond the JDK.
 */
package lapscore.evaluation.plots;
