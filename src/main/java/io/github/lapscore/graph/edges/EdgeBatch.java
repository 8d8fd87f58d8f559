package io.github.lapscore.graph.edges;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Edges bound for one block pair, held in primitive arrays, so that the symmetrising shuffle moves
 * a few large arrays per task instead of one serialised record per edge.
 */
final class EdgeBatch implements Serializable {

    private long[] src = new long[16];
    private long[] dst = new long[16];
    private double[] distance = new double[16];
    private double[] cosine = new double[16];
    private int size;

    EdgeBatch add(Edge edge) {
        if (size == src.length) {
            src = Arrays.copyOf(src, 2 * size);
            dst = Arrays.copyOf(dst, 2 * size);
            distance = Arrays.copyOf(distance, 2 * size);
            cosine = Arrays.copyOf(cosine, 2 * size);
        }
        src[size] = edge.src();
        dst[size] = edge.dst();
        distance[size] = edge.distance();
        cosine[size] = edge.cosine();
        size++;
        return this;
    }

    /**
     * The distinct edges of {@code batches}, ordered by (src, dst). An edge found from both of its
     * rows arrives twice with the same distance and cosine; it is kept once.
     */
    static Iterator<Edge> distinctEdges(Iterator<EdgeBatch> batches) {
        List<Edge> all = new ArrayList<>();
        while (batches.hasNext()) {
            EdgeBatch batch = batches.next();
            IntStream.range(0, batch.size)
                    .mapToObj(i -> new Edge(batch.src[i], batch.dst[i], batch.distance[i], batch.cosine[i]))
                    .forEach(all::add);
        }
        all.sort(Comparator.comparingLong(Edge::src).thenComparingLong(Edge::dst));
        List<Edge> distinct = new ArrayList<>(all.size());
        for (Edge edge : all) {
            Edge last = distinct.isEmpty() ? null : distinct.get(distinct.size() - 1);
            if (last == null || last.src() != edge.src() || last.dst() != edge.dst()) {
                distinct.add(edge);
            }
        }
        return distinct.iterator();
    }
}
