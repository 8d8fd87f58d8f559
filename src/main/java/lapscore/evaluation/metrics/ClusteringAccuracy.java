package lapscore.evaluation.metrics;

/**
 * Clustering accuracy, He, Cai and Niyogi, "Laplacian Score for Feature Selection", NIPS 2005,
 * section 4.2.2, eq. 6: {@code AC = sum_i delta(s_i, map(r_i)) / n}, where r_i is row i's cluster,
 * s_i its class, and {@code map} the one-to-one mapping of clusters to classes that makes AC largest.
 *
 * <p>Under a mapping, the rows counted correct are those of cluster r in class map(r); so the best
 * mapping is the assignment of clusters to classes of largest total count in the
 * {@link ContingencyTable}, found by the {@link HungarianAlgorithm} on the costs
 * {@code max - count} (O(k^2 c) for k clusters, c classes). With more clusters than classes some
 * clusters map to no class and their rows count as wrong; with fewer, some classes get no cluster.
 * A value in [0, 1].
 */
public final class ClusteringAccuracy {

    private ClusteringAccuracy() {
    }

    /** AC of the clustering in {@code table} (eq. 6). */
    public static double of(ContingencyTable table) {
        long largest = 0;
        for (int r = 0; r < table.clusters(); r++) {
            for (int s = 0; s < table.classes(); s++) {
                largest = Math.max(largest, table.count(r, s));
            }
        }
        double[][] cost = new double[table.clusters()][table.classes()];
        for (int r = 0; r < table.clusters(); r++) {
            for (int s = 0; s < table.classes(); s++) {
                cost[r][s] = largest - table.count(r, s);
            }
        }
        int[] classOfCluster = HungarianAlgorithm.minimumCostAssignment(cost);
        long correct = 0;
        for (int r = 0; r < classOfCluster.length; r++) {
            if (classOfCluster[r] >= 0) {
                correct += table.count(r, classOfCluster[r]);
            }
        }
        return (double) correct / table.total();
    }
}
