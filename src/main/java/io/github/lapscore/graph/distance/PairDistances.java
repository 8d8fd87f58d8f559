package io.github.lapscore.graph.distance;

/**
 * Pairs of points queued for their exact squared distances ({@link SquaredDistance}), measured
 * four at a time ({@link SquaredDistance#ofFour}) and read back in the order they were queued, each
 * the number {@link SquaredDistance#of} gives to the last bit. A scan that offers pairs one by one
 * queues those whose offers do not depend on each other's distances, measures them, then makes
 * the offers in the same order: the same offers, with four pairs' additions overlapping. The
 * queue holds a fixed number of pairs and is reused after {@link #clear}; one task uses it alone.
 */
public final class PairDistances {

    private final int dim;
    private final double[][] firstArrays;
    private final int[] firstOffsets;
    private final double[][] secondArrays;
    private final int[] secondOffsets;
    private final double[] distances;
    private int size;

    /** An empty queue for at most {@code capacity} pairs of points of {@code dim} coordinates. */
    public PairDistances(int dim, int capacity) {
        this.dim = dim;
        this.firstArrays = new double[capacity][];
        this.firstOffsets = new int[capacity];
        this.secondArrays = new double[capacity][];
        this.secondOffsets = new int[capacity];
        this.distances = new double[capacity];
    }

    /** Queues the pair of {@code a[p .. p + dim - 1]} and {@code b[q .. q + dim - 1]}, as pair number {@link #size}. */
    public void add(double[] a, int p, double[] b, int q) {
        firstArrays[size] = a;
        firstOffsets[size] = p;
        secondArrays[size] = b;
        secondOffsets[size] = q;
        size++;
    }

    /** The pairs queued since the last {@link #clear}. */
    public int size() {
        return size;
    }

    /** Measures every queued pair: four at a time, the last {@code size mod 4} one at a time. */
    public void measure() {
        int n = 0;
        for (; n + 4 <= size; n += 4) {
            SquaredDistance.ofFour(firstArrays, firstOffsets, secondArrays, secondOffsets, n, dim, distances);
        }
        for (; n < size; n++) {
            distances[n] = SquaredDistance.of(firstArrays[n], firstOffsets[n], secondArrays[n], secondOffsets[n], dim);
        }
    }

    /** The squared distance of pair {@code n}, once {@link #measure measured}. */
    public double distance(int n) {
        return distances[n];
    }

    /** Empties the queue, keeping its capacity. */
    public void clear() {
        size = 0;
    }
}
