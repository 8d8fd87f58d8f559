/**
 * The local joins of NN-descent: for one row's new and old candidates, every pair of two new ones
 * and of a new and an old one screened in single precision and measured exactly where it may be
 * offered ({@link lapscore.graph.kernel.join.CandidateJoin}).
 *
 * <p>Internal, as {@code graph.kernel}, on which it depends; nothing in {@code graph.kernel}
 * depends on it.
 */
package lapscore.graph.kernel.join;
