/**
 * What a distance between two rows is: the measure that embeds rows as points
 * ({@link lapscore.graph.distance.DistanceMeasure}: Euclidean, or cosine by unit-length
 * rows) and the exact squared Euclidean distance of two points
 * ({@link lapscore.graph.distance.SquaredDistance}), defined to the last bit so that every
 * search, task and processor ranks neighbours by the same number.
 *
 * <p>The measure is public as the selector's {@code distanceMeasure} param; the rest is internal,
 * public only for the distance kernel ({@code graph.kernel}) and the local kernel regressions
 * ({@code scoring}), and may change in any release. It depends on nothing in {@code graph}.
 */
package lapscore.graph.distance;
