package lapscore.graph.edges;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Edges bound for one block pair, held in primitive arrays, so that the symmetrising shuffle moves
 * a few large arrays per task instead of one serialised record per edge; shipped {@link #trimmed} to
 * its edges, and without cosines when the search kept none (any kernel but the cosine kernel,
 * which alone reads them).
 */
final class EdgeBatch implements Serializable {

    private static final int FIRST_CAPACITY = 16;

    private long[] src = new long[FIRST_CAPACITY];
    private long[] dst = new long[FIRST_CAPACITY];
    private double[] distance = new double[FIRST_CAPACITY];
    /** The raw rows' cosine of every edge, or null: every edge's cosine is then not a number. */
    private double[] cosine;
    private int size;

    /** An empty batch that keeps its edges' cosines {@code withCosines}. */
    EdgeBatch(boolean withCosines) {
        this.cosine = withCosines ? new double[FIRST_CAPACITY] : null;
    }

    EdgeBatch add(Edge edge) {
        if (size == src.length) {
            resize(2 * size);
        }
        src[size] = edge.src();
        dst[size] = edge.dst();
        distance[size] = edge.distance();
        if (cosine != null) {
            cosine[size] = edge.cosine();
        }
        size++;
        return this;
    }

    /** This batch with its arrays cut to its edges, so that it ships no empty slots. */
    EdgeBatch trimmed() {
        resize(size);
        return this;
    }

    private void resize(int capacity) {
        src = Arrays.copyOf(src, capacity);
        dst = Arrays.copyOf(dst, capacity);
        distance = Arrays.copyOf(distance, capacity);
        if (cosine != null) {
            cosine = Arrays.copyOf(cosine, capacity);
        }
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
                    .mapToObj(i -> new Edge(batch.src[i], batch.dst[i], batch.distance[i],
                            batch.cosine == null ? Double.NaN : batch.cosine[i]))
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
