package lapscore.evaluation.metrics;

/**
 * Normalised mutual information of a clustering C' and the classes C, He, Cai and Niyogi,
 * "Laplacian Score for Feature Selection", NIPS 2005, section 4.2.2, eqs. 7-8:
 * {@code MI(C, C') = sum_{i,j} p(c_i, c'_j) log(p(c_i, c'_j) / (p(c_i) p(c'_j)))} (eq. 7) and
 * {@code NMI = MI(C, C') / max(H(C), H(C'))} (eq. 8), the probabilities being the fractions of
 * rows in the cells and margins of the {@link ContingencyTable}. It is 1 when the two partitions
 * are the same up to names and 0 when they are independent. When both entropies are 0 (one cluster
 * and one class) the partitions are identical and the value is 1. The base of the logarithm cancels;
 * the quotient is clamped to [0, 1] against rounding in its last bits.
 */
public final class NormalizedMutualInformation {

    private NormalizedMutualInformation() {
    }

    /** NMI of the clustering in {@code table} (eq. 8). */
    public static double of(ContingencyTable table) {
        double n = table.total();
        long[] clusterSizes = table.clusterSizes();
        long[] classSizes = table.classSizes();
        double mutual = 0;
        for (int r = 0; r < table.clusters(); r++) {
            for (int s = 0; s < table.classes(); s++) {
                long count = table.count(r, s);
                if (count > 0) {
                    mutual += count / n * Math.log(count * n / ((double) clusterSizes[r] * classSizes[s]));
                }
            }
        }
        double larger = Math.max(entropy(clusterSizes, n), entropy(classSizes, n));
        return larger == 0 ? 1 : Math.min(1, Math.max(0, mutual / larger));
    }

    /** {@code H = -sum p log p} of the sizes of a partition of n rows. */
    private static double entropy(long[] sizes, double n) {
        double entropy = 0;
        for (long size : sizes) {
            if (size > 0) {
                entropy -= size / n * Math.log(size / n);
            }
        }
        return entropy;
    }
}
