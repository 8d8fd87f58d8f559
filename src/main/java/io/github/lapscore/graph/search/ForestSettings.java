package io.github.lapscore.graph.search;

import java.io.Serializable;

/**
 * What defines the approximate search and its recall estimate.
 *
 * @param numTrees          random-projection trees; each adds every row's best neighbours among its
 *                          leaf, so recall grows with the number of trees and so does time (linearly)
 * @param leafSize          target rows per leaf (the block of the distance kernel); a leaf grown
 *                          beyond twice this (duplicates, a dense spot) is cut into chunks
 * @param refinementRounds  neighbour-of-neighbour rounds after the trees ({@link NeighbourDescent})
 * @param recallSampleSize  rows whose exact neighbours are found to estimate recall@k
 * @param seed              seed of the trees, the tie-breaking hashes and the recall sample
 */
public record ForestSettings(int numTrees, int leafSize, int refinementRounds, int recallSampleSize, long seed) implements Serializable {
}
