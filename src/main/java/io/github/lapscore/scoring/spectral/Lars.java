package io.github.lapscore.scoring.spectral;

import java.util.ArrayList;
import java.util.List;

import io.github.lapscore.LinearAlgebra;
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
 * <p>O(p |A|) per step besides a Cholesky solve of {@code |A| x |A|} ({@code dposv}); a feature
 * whose column is a combination of the active ones (the solve fails) is set aside and never joins.
 */
public final class Lars {

    /** A step shorter than this fraction of the |correlation| is no step (a feature that just left does not rejoin at once). */
    private static final double MIN_STEP = 1e-12;

    private Lars() {
    }

    /**
     * The coefficients, of {@code p} features, at the end of the path's stretch with
     * {@code cardinality} active features (or at the least-squares fit, if fewer can be active).
     *
     * @param gram         {@code X^T X}, p x p, row-major
     * @param correlations {@code X^T y}
     */
    public static double[] coefficients(double[] gram, double[] correlations, int p, int cardinality) {
        double[] beta = new double[p];
        boolean[] active = new boolean[p];
        boolean[] setAside = new boolean[p];
        List<Integer> order = new ArrayList<>();
        double[] residual = residualCorrelations(gram, correlations, beta, order, p);
        int first = mostCorrelated(residual, active, setAside);
        if (first < 0) {
            return beta;
        }
        order.add(first);
        active[first] = true;
        while (true) {
            double level = 0;
            for (int j : order) {
                level = Math.max(level, Math.abs(residual[j]));
            }
            if (level == 0) {
                return beta;
            }
            double[] direction = equiangular(gram, residual, order, p);
            if (direction == null) {
                int last = order.remove(order.size() - 1);
                active[last] = false;
                setAside[last] = true;
                continue;
            }
            double[] change = new double[p];
            for (int j = 0; j < p; j++) {
                double sum = 0;
                for (int a = 0; a < order.size(); a++) {
                    sum += gram[j * p + order.get(a)] * direction[a];
                }
                change[j] = sum;
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
                return beta;
            } else {
                order.add(joining);
                active[joining] = true;
            }
            residual = residualCorrelations(gram, correlations, beta, order, p);
        }
    }

    /** {@code X^T (y - X beta) = X^T y - G beta}, beta non-zero on {@code order} only. */
    private static double[] residualCorrelations(double[] gram, double[] correlations, double[] beta, List<Integer> order, int p) {
        double[] residual = correlations.clone();
        for (int j = 0; j < p; j++) {
            for (int i : order) {
                residual[j] -= gram[j * p + i] * beta[i];
            }
        }
        return residual;
    }

    /** The inactive feature of largest |correlation| (lowest index among equals), or -1 when all are 0. */
    private static int mostCorrelated(double[] residual, boolean[] active, boolean[] setAside) {
        int best = -1;
        for (int j = 0; j < residual.length; j++) {
            if (!active[j] && !setAside[j] && residual[j] != 0 && (best < 0 || Math.abs(residual[j]) > Math.abs(residual[best]))) {
                best = j;
            }
        }
        return best;
    }

    /** {@code G_AA^-1 s_A} by Cholesky, or null when G_AA is not positive definite. */
    private static double[] equiangular(double[] gram, double[] residual, List<Integer> order, int p) {
        int n = order.size();
        double[] system = new double[n * n];
        double[] signs = new double[n];
        for (int a = 0; a < n; a++) {
            signs[a] = Math.signum(residual[order.get(a)]);
            for (int b = 0; b < n; b++) {
                system[b * n + a] = gram[order.get(a) * p + order.get(b)];
            }
        }
        intW info = new intW(0);
        LinearAlgebra.lapack().dposv("U", n, 1, system, n, signs, n, info);
        return info.val == 0 ? signs : null;
    }
}
