package lapscore.scoring.spectral;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

import lapscore.LinearAlgebra;
import org.netlib.util.intW;

/**
 * Least angle regression with the LASSO modification (Efron, Hastie, Johnstone and Tibshirani,
 * "Least Angle Regression", Annals of Statistics 32(2), 2004, sections 2 and 3.1), on the Gram
 * matrix {@code G = X^T X} and the correlations {@code X^T y} of centred data, as Cai, Zhang and He
 * run it for MCFS (KDD 2010, section 3.2, eq. 5) and as Sjöstrand's {@code lars.m} that their code
 * calls does: the coefficients start at 0; the feature most correlated with the residual joins; all
 * active coefficients then move along the equiangular direction {@code G_AA^-1 s_A} (s_A the signs
 * of their correlations), which lowers every active |correlation| alike, until an inactive feature's
 * |correlation| catches up (it joins) or an active coefficient reaches 0 (it leaves: the LASSO
 * modification). The path stops at the end of the first stretch on which {@code cardinality}
 * features are active, where the next one would join: there the coefficients solve the LASSO at
 * {@code lambda} = the active |correlation|, with {@code cardinality} of them non-zero.
 *
 * <p>The path reads only the Gram columns {@code G e_j} of the features that have joined, so it
 * does not need G whole: {@link #advance} goes as far as the columns it is given allow and names the
 * feature whose column it needs next. MCFS advances its K paths side by side and computes the
 * columns they wait for together, one pass over the rows per round, when the p x p matrix would not
 * fit on the driver. O(p |A|) per step besides a Cholesky solve of {@code |A| x |A|}
 * ({@code dposv}); a feature whose column is a combination of the active ones (the solve fails) is
 * set aside and never joins.
 */
public final class LarsPath {

    /** A step shorter than this fraction of the |correlation| is no step (a feature that just left does not rejoin at once). */
    private static final double MIN_STEP = 1e-12;

    private final double[] correlations;
    private final int cardinality;
    private final int p;
    private final double[] beta;
    private final boolean[] active;
    private final boolean[] setAside;
    /** The active features in the order they joined. */
    private final List<Integer> order = new ArrayList<>();
    private boolean ended;

    /**
     * A path at its start (all coefficients 0) for the correlations {@code X^T y} of p features,
     * to end when {@code cardinality} features are active (or at the least-squares fit, if fewer
     * can be). A feature whose correlation is 0 (a constant one, say) never joins.
     */
    public LarsPath(double[] correlations, int cardinality) {
        this.correlations = correlations.clone();
        this.cardinality = cardinality;
        this.p = correlations.length;
        this.beta = new double[p];
        this.active = new boolean[p];
        this.setAside = new boolean[p];
        int first = mostCorrelated(this.correlations);
        if (first < 0) {
            ended = true;
        } else {
            order.add(first);
            active[first] = true;
        }
    }

    /**
     * Walks the path as far as {@code columns} allows: {@code columns.apply(j)} is {@code G e_j}
     * (length p), or null when not known yet.
     *
     * @return the feature whose Gram column the path needs to go on, or -1 when the path has ended
     */
    public int advance(IntFunction<double[]> columns) {
        while (!ended) {
            List<double[]> activeColumns = new ArrayList<>(order.size());
            for (int j : order) {
                double[] column = columns.apply(j);
                if (column == null) {
                    return j;
                }
                activeColumns.add(column);
            }
            step(activeColumns);
        }
        return -1;
    }

    /** The coefficients where the path ended (or has got to). */
    public double[] coefficients() {
        return beta.clone();
    }

    /** One stretch of the path: to the next join or leave, or to the end. */
    private void step(List<double[]> activeColumns) {
        double[] residual = residualCorrelations(activeColumns);
        double level = 0;
        for (int j : order) {
            level = Math.max(level, Math.abs(residual[j]));
        }
        if (level == 0) {
            ended = true;
            return;
        }
        double[] direction = equiangular(activeColumns, residual);
        if (direction == null) {
            int last = order.remove(order.size() - 1);
            active[last] = false;
            setAside[last] = true;
            return;
        }
        double[] change = new double[p];
        for (int a = 0; a < order.size(); a++) {
            double[] column = activeColumns.get(a);
            for (int j = 0; j < p; j++) {
                change[j] += column[j] * direction[a];
            }
        }
        double joinStep = level;
        int joining = -1;
        for (int j = 0; j < p; j++) {
            if (active[j] || setAside[j]) {
                continue;
            }
            for (double step : new double[]{(level - residual[j]) / (1 - change[j]), (level + residual[j]) / (1 + change[j])}) {
                if (step > MIN_STEP * level && step < joinStep) {
                    joinStep = step;
                    joining = j;
                }
            }
        }
        double leaveStep = Double.POSITIVE_INFINITY;
        int leaving = -1;
        for (int a = 0; a < order.size(); a++) {
            double step = -beta[order.get(a)] / direction[a];
            if (step > MIN_STEP * level && step < leaveStep) {
                leaveStep = step;
                leaving = a;
            }
        }
        double step = Math.min(joinStep, leaveStep);
        for (int a = 0; a < order.size(); a++) {
            beta[order.get(a)] += step * direction[a];
        }
        if (leaveStep < joinStep) {
            int left = order.remove(leaving);
            beta[left] = 0.0;
            active[left] = false;
        } else if (joining < 0 || order.size() >= cardinality) {
            ended = true;
        } else {
            order.add(joining);
            active[joining] = true;
        }
    }

    /** {@code X^T (y - X beta) = X^T y - G beta}, beta non-zero on the active features only. */
    private double[] residualCorrelations(List<double[]> activeColumns) {
        double[] residual = correlations.clone();
        for (int a = 0; a < order.size(); a++) {
            double[] column = activeColumns.get(a);
            double coefficient = beta[order.get(a)];
            for (int j = 0; j < p; j++) {
                residual[j] -= column[j] * coefficient;
            }
        }
        return residual;
    }

    /** The feature of largest |correlation| (lowest index among equals), or -1 when all are 0. */
    private static int mostCorrelated(double[] correlations) {
        int best = -1;
        for (int j = 0; j < correlations.length; j++) {
            if (correlations[j] != 0 && (best < 0 || Math.abs(correlations[j]) > Math.abs(correlations[best]))) {
                best = j;
            }
        }
        return best;
    }

    /** {@code G_AA^-1 s_A} by Cholesky, or null when G_AA is not positive definite. */
    private double[] equiangular(List<double[]> activeColumns, double[] residual) {
        int n = order.size();
        double[] system = new double[n * n];
        double[] signs = new double[n];
        for (int a = 0; a < n; a++) {
            signs[a] = Math.signum(residual[order.get(a)]);
            for (int b = 0; b < n; b++) {
                system[b * n + a] = activeColumns.get(b)[order.get(a)];
            }
        }
        intW info = new intW(0);
        LinearAlgebra.lapack().dposv("U", n, 1, system, n, signs, n, info);
        return info.val == 0 ? signs : null;
    }
}
