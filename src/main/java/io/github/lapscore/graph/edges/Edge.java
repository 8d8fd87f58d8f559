package io.github.lapscore.graph.edges;

import java.io.Serializable;

import io.github.lapscore.graph.distance.DistanceMeasure;

/**
 * One unordered edge {src, dst} of the symmetrised kNN graph, {@code src <= dst} ({@code src == dst}
 * only for a self-loop), with the Euclidean distance of the two rows in the space of the
 * {@link DistanceMeasure} and the cosine of the raw rows (used by the cosine kernel).
 */
public record Edge(long src, long dst, double distance, double cosine) implements Serializable {

    /** A self-loop {i, i}: distance 0, cosine 1. */
    public static Edge selfLoop(long row) {
        return new Edge(row, row, 0.0, 1.0);
    }

    public boolean isSelfLoop() {
        return src == dst;
    }
}
