/**
 * The optional second step of every selector: redundancy removal by symmetric uncertainty, after
 * Thangavel and Pethalakshmi's two-step method (Laplacian Score, then symmetric uncertainty between
 * the selected features: "An Extended Laplacian Score Algorithm for Unsupervised Feature
 * Selection"). The candidates chosen by the selection mode are discretised into equal-width bins
 * ({@link lapscore.selection.redundancy.EqualWidthBins}), the joint histograms of all
 * candidate pairs are gathered in one pass ({@link lapscore.selection.redundancy.PairHistograms}),
 * and the ranking is walked best first, keeping a candidate only if its symmetric uncertainty
 * ({@link lapscore.selection.redundancy.SymmetricUncertainty}) with every feature already
 * kept is at most the threshold ({@link lapscore.selection.redundancy.RedundancyRemoval}).
 */
package lapscore.selection.redundancy;
