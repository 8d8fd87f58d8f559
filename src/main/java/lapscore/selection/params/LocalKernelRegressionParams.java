package lapscore.selection.params;

import lapscore.graph.edges.WeightKernel;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;

/**
 * Params of {@code LocalKernelRegressionSelector} and its model: the graph's (whose edges are always
 * weighted by the Gaussian kernel {@code exp(-d^2 / h)}, h the {@code bandwidth}), plus the ridge term,
 * the centring of the features and the largest class regressed on whole. Each is documented by its
 * doc string, default and validator (see {@link lapscore.selection.params.SelectorParams}).
 */
public interface LocalKernelRegressionParams extends GraphSelectorParams {

    /**
     * The {@code lkrLambda} param: lambda of {@code beta_i = (K_Ni + lambda I)^-1 k_Ni} (Cheung and
     * Zeng, IEEE TKDE 2009, eq. 8); its default is the paper's.
     */
    default DoubleParam lkrLambda() {
        return declaredParams().lkrLambda;
    }

    /**
     * The {@code centerFeatures} param: subtracts {@code mu_r} (eq. 15) before the regression error of
     * eq. 12. Without it the score changes when a constant is added to a feature (the coefficients do
     * not sum to 1); with it the score is shift-invariant.
     */
    default BooleanParam centerFeatures() {
        return declaredParams().centerFeatures;
    }

    /**
     * The {@code maxClassSize} param: a whole-class regression needs the class's n_l x n_l kernel
     * matrix in one task, O(n_l^2) memory and O(n_l^3 + n_l^2 d) time; the summary counts the classes above it.
     */
    default IntParam maxClassSize() {
        return declaredParams().maxClassSize;
    }

    /** The value of {@link #lkrLambda()}. */
    default double getLkrLambda() {
        return (Double) getOrDefault(lkrLambda());
    }

    /** The value of {@link #centerFeatures()}. */
    default boolean getCenterFeatures() {
        return (Boolean) getOrDefault(centerFeatures());
    }

    /** The value of {@link #maxClassSize()}. */
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
