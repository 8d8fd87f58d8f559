package lapscore.graph.edges;

import java.io.Serializable;
import java.util.Objects;

import lapscore.graph.distance.DistanceMeasure;

/**
 * One unordered edge {src, dst} of the symmetrised kNN graph, {@code src <= dst} ({@code src == dst}
 * only for a self-loop), with the Euclidean distance of the two rows in the space of the
 * {@link DistanceMeasure} and the cosine of the raw rows (used by the cosine kernel). A class, not a
 * record: the cached edges are serialised by Spark's serializer when they spill to disk, and the
 * Kryo that Spark bundles cannot serialise records.
 */
public final class Edge implements Serializable {

    private final long src;
    private final long dst;
    private final double distance;
    private final double cosine;

    /** The edge {src, dst} at {@code distance}, its rows' cosine {@code cosine}. */
    public Edge(long src, long dst, double distance, double cosine) {
        this.src = src;
        this.dst = dst;
        this.distance = distance;
        this.cosine = cosine;
    }

    /** A self-loop {i, i}: distance 0, cosine 1. */
    public static Edge selfLoop(long row) {
        return new Edge(row, row, 0.0, 1.0);
    }

    /** The smaller row id. */
    public long src() {
        return src;
    }

    /** The larger row id (equal to {@link #src()} for a self-loop). */
    public long dst() {
        return dst;
    }

    /** The Euclidean distance of the two rows in the space of the distance measure. */
    public double distance() {
        return distance;
    }

    /** The cosine of the two raw rows; NaN when the search kept none (any kernel but the cosine kernel). */
    public double cosine() {
        return cosine;
    }

    public boolean isSelfLoop() {
        return src == dst;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Edge edge && src == edge.src && dst == edge.dst
                && Double.compare(distance, edge.distance) == 0 && Double.compare(cosine, edge.cosine) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(src, dst, distance, cosine);
    }

    @Override
    public String toString() {
        return "Edge[src=" + src + ", dst=" + dst + ", distance=" + distance + ", cosine=" + cosine + "]";
    }
}
