package lapscore.graph.spectral;

/**
 * A union-find forest (Tarjan, "Efficiency of a good but not linear set union algorithm", JACM
 * 1975; path halving) over n nodes, each carrying a label, whose every set answers the smallest
 * label of its members: the root of a set is always its member of smallest label. The labels a
 * set ends with depend only on which nodes were joined, never on the order of the unions.
 */
final class LabelForest {

    private final int[] parents;
    private final long[] labels;

    /** n single-node sets, node i labelled {@code labels[i]} (the array is taken, not copied). */
    LabelForest(long[] labels) {
        this.labels = labels;
        this.parents = new int[labels.length];
        for (int i = 0; i < parents.length; i++) {
            parents[i] = i;
        }
    }

    /** Joins the sets of nodes a and b. */
    void union(int a, int b) {
        int rootA = root(a);
        int rootB = root(b);
        if (rootA == rootB) {
            return;
        }
        if (labels[rootA] <= labels[rootB]) {
            parents[rootB] = rootA;
        } else {
            parents[rootA] = rootB;
        }
    }

    /** The smallest label in node i's set. */
    long label(int i) {
        return labels[root(i)];
    }

    private int root(int i) {
        int node = i;
        while (parents[node] != node) {
            parents[node] = parents[parents[node]];
            node = parents[node];
        }
        return node;
    }
}
