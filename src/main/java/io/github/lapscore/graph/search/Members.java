package io.github.lapscore.graph.search;

import java.io.Serializable;
import java.util.List;

import io.github.lapscore.data.RowBlock;
import org.apache.spark.ml.linalg.Vector;

/**
 * Rows of one home block that a refinement task needs ({@link NeighbourDescent}): first a request
 * (the asking block and the ids, ascending), then the answer with each row's vector and current
 * k-th neighbour distance (+infinity while its list holds fewer than k).
 */
final class Members implements Serializable {

    final int block;
    final long[] ids;
    final Vector[] vectors;
    final double[] kthDistances;

    private Members(int block, long[] ids, Vector[] vectors, double[] kthDistances) {
        this.block = block;
        this.ids = ids;
        this.vectors = vectors;
        this.kthDistances = kthDistances;
    }

    /** Block {@code block} asks for rows {@code ids} (ascending, all of one home block). */
    static Members request(int block, long[] ids) {
        return new Members(block, ids, null, null);
    }

    /** This request answered from the rows' home block and its neighbour lists. */
    Members answeredFrom(RowBlock home, NeighbourLists lists) {
        Vector[] rowVectors = new Vector[ids.length];
        double[] kth = new double[ids.length];
        for (int i = 0; i < ids.length; i++) {
            int row = (int) (ids[i] - home.firstRow());
            rowVectors[i] = home.row(row);
            int count = lists.count(row);
            kth[i] = count == lists.k() ? lists.distance(row, count - 1) : Double.POSITIVE_INFINITY;
        }
        return new Members(block, ids, rowVectors, kth);
    }

    /** Answers from different home blocks, given in ascending order of their ids, as one. */
    static Members concat(List<Members> parts) {
        int size = parts.stream().mapToInt(part -> part.ids.length).sum();
        long[] ids = new long[size];
        Vector[] vectors = new Vector[size];
        double[] kth = new double[size];
        int at = 0;
        for (Members part : parts) {
            System.arraycopy(part.ids, 0, ids, at, part.ids.length);
            System.arraycopy(part.vectors, 0, vectors, at, part.ids.length);
            System.arraycopy(part.kthDistances, 0, kth, at, part.ids.length);
            at += part.ids.length;
        }
        return new Members(parts.get(0).block, ids, vectors, kth);
    }
}
