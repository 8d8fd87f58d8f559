package lapscore.selection.redundancy;

/**
 * Symmetric uncertainty of two discretised features from their joint histogram:
 * {@code SU(X, Y) = 2 I(X; Y) / (H(X) + H(Y))} with {@code I(X; Y) = H(X) + H(Y) - H(X, Y)} and
 * base-2 entropies of the empirical distributions (Press et al., Numerical Recipes, 1988; used for
 * redundancy by Thangavel and Pethalakshmi's extended Laplacian Score). It is 1 for features that
 * determine each other, 0 for independent ones, and defined as 0 when {@code H(X) + H(Y) = 0}
 * (both constant).
 */
public final class SymmetricUncertainty {

    private SymmetricUncertainty() {
    }

    /**
     * SU of the pair whose {@code bins x bins} joint counts start at {@code joint[offset]} (row-major:
     * the first feature's bin, then the second's), over {@code total} rows.
     */
    public static double of(long[] joint, int offset, int bins, long total) {
        long[] first = new long[bins];
        long[] second = new long[bins];
        double jointEntropy = 0.0;
        for (int a = 0; a < bins; a++) {
            for (int b = 0; b < bins; b++) {
                long count = joint[offset + a * bins + b];
                first[a] += count;
                second[b] += count;
                jointEntropy += entropyTerm(count, total);
            }
        }
        double firstEntropy = entropy(first, total);
        double secondEntropy = entropy(second, total);
        double sum = firstEntropy + secondEntropy;
        if (sum <= 0.0) {
            return 0.0;
        }
        double mutualInformation = sum - jointEntropy;
        return Math.max(0.0, Math.min(1.0, 2.0 * mutualInformation / sum));
    }

    private static double entropy(long[] counts, long total) {
        double entropy = 0.0;
        for (long count : counts) {
            entropy += entropyTerm(count, total);
        }
        return entropy;
    }

    /** {@code -p log2 p} of {@code p = count / total}, 0 for an empty bin. */
    private static double entropyTerm(long count, long total) {
        if (count == 0) {
            return 0.0;
        }
        double p = (double) count / total;
        return -p * Math.log(p) / Math.log(2.0);
    }
}
