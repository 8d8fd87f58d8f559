package lapscore.scoring;

/**
 * The two scores that the class labels alone define, from per-class moments in one pass and
 * without building any graph.
 *
 * <p><b>Fisher score</b> (He, Cai and Niyogi, "Laplacian Score for Feature Selection", NIPS 2005,
 * eq. 4): {@code F_r = sum_l n_l (mu_l - mu)^2 / sum_l n_l sigma_l^2}, with {@code sigma_l^2} the
 * plain within-class variance (divided by n_l); larger is better.
 *
 * <p><b>Laplacian Score on the class graph</b> (same paper, section 3.2, eq. 5): with
 * {@code S_ij = 1/n_l} for every pair of rows of class l, the pair i = j included, {@code D = I}
 * and {@code f~^T S f~ = sum_l n_l (mu_l - mu)^2}, so {@code f~^T L f~} is the within-class and
 * {@code f~^T D f~} the total sum of squares, and {@code L_r = within / total = 1 / (1 + F_r)}
 * (Theorem 1). The graph's n_l^2 edges are never formed.
 *
 * <p>A feature constant over all rows has neither score (NaN). A feature constant within every
 * class but not overall separates the classes perfectly: Fisher score +infinity, Laplacian Score 0.
 */
public final class ClassScores {

    private ClassScores() {
    }

    /** Fisher score of every feature. */
    public static double[] fisher(ClassMoments moments) {
        double[] between = moments.betweenClass();
        double[] within = moments.withinClass();
        double[] scores = new double[between.length];
        for (int r = 0; r < scores.length; r++) {
            scores[r] = moments.constant(r) ? Double.NaN
                    : moments.constantWithinClasses(r) ? Double.POSITIVE_INFINITY
                    : between[r] / within[r];
        }
        return scores;
    }

    /** Laplacian Score of every feature on the class graph. */
    public static double[] laplacianOnClassGraph(ClassMoments moments) {
        double[] between = moments.betweenClass();
        double[] within = moments.withinClass();
        double[] scores = new double[between.length];
        for (int r = 0; r < scores.length; r++) {
            scores[r] = moments.constant(r) ? Double.NaN
                    : moments.constantWithinClasses(r) ? 0.0
                    : within[r] / (within[r] + between[r]);
        }
        return scores;
    }
}
