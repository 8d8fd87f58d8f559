package io.github.lapscore.selection.params;

import io.github.lapscore.graph.WeightKernel;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;

/**
 * Params of {@code LocalKernelRegressionSelector} and its model: the graph's (whose edges are always
 * weighted by the Gaussian kernel {@code exp(-d^2 / h)}, h the {@code bandwidth}), plus the ridge term,
 * the centring of the features and the largest class regressed on whole.
 */
public interface LocalKernelRegressionParams extends GraphSelectorParams {

    /**
     * lambda of the local kernel ridge regressions {@code beta_i = (K_Ni + lambda I)^-1 k_Ni} (Cheung
     * and Zeng 2009, eq. 8). Default 0.1, the paper's.
     */
    default DoubleParam lkrLambda() {
        return declaredParams().lkrLambda;
    }

    /**
     * Whether each feature's degree-weighted mean {@code mu_r} (eq. 15) is subtracted before the
     * regression error of eq. 12. Default false: the paper's numerator uses the raw feature, so the
     * score changes when a constant is added to a feature (the coefficients do not sum to 1); true
     * makes it shift-invariant.
     */
    default BooleanParam centerFeatures() {
        return declaredParams().centerFeatures;
    }

    /**
     * Class graph only: a class of more rows than this regresses each of its rows on its k nearest
     * rows of the class instead of on all other rows of the class (the whole-class regression needs
     * the class's n_l x n_l kernel matrix in one task). Default 4096; the summary counts such classes.
     */
    default IntParam maxClassSize() {
        return declaredParams().maxClassSize;
    }

    default double getLkrLambda() {
        return (Double) getOrDefault(lkrLambda());
    }

    default boolean getCenterFeatures() {
        return (Boolean) getOrDefault(centerFeatures());
    }

    default int getMaxClassSize() {
        return (Integer) getOrDefault(maxClassSize());
    }

    /** The graph of eq. 5 is weighted by the same Gaussian kernel as the regressions. */
    @Override
    default WeightKernel weightKernelOption() {
        return WeightKernel.HEAT;
    }

    /** The graph of eq. 5 has no self-loops. */
    @Override
    default boolean selfLoopsOption() {
        return false;
    }
}
