package io.github.lapscore.selection.params;

import io.github.lapscore.ParamOption;
import io.github.lapscore.graph.WeightKernel;
import io.github.lapscore.scoring.VarianceWeighting;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.Param;

/** Params of {@code LaplacianScoreSelector} and its model: the graph's, plus the kernel and the denominator. */
public interface LaplacianScoreParams extends GraphSelectorParams {

    /**
     * Edge weights S_ij (He, Cai and Niyogi 2005, section 2.1 step 2): {@code "heat"} (default)
     * {@code exp(-d^2 / t)}, {@code "binary"} 1, or {@code "cosine"} {@code max(0, cos(x_i, x_j))};
     * a non-positive cosine gives the edge weight 0. Not read by the class graph, whose weights are 1/n_l.
     */
    default Param<String> weightKernel() {
        return declaredParams().weightKernel;
    }

    /**
     * Whether every row also gets a self-loop {i, i} of weight 1, adding 1 to D_ii (it never changes
     * f^T L f). Default false, as the paper and the authors' MATLAB code; true reproduces
     * scikit-feature. Not read by the class graph, which always has its pairs i = j.
     */
    default BooleanParam includeSelfLoops() {
        return declaredParams().includeSelfLoops;
    }

    /**
     * The score's denominator: {@code "degree"} (default) f~^T D f~ (He, Cai and Niyogi 2005, eq. 1),
     * or {@code "uniform"}, D replaced by I (eq. 3).
     */
    default Param<String> varianceWeighting() {
        return declaredParams().varianceWeighting;
    }

    default String getWeightKernel() {
        return getOrDefault(weightKernel());
    }

    default boolean getIncludeSelfLoops() {
        return (Boolean) getOrDefault(includeSelfLoops());
    }

    default String getVarianceWeighting() {
        return getOrDefault(varianceWeighting());
    }

    @Override
    default WeightKernel weightKernelOption() {
        return ParamOption.parse(WeightKernel.class, getWeightKernel());
    }

    @Override
    default boolean selfLoopsOption() {
        return getIncludeSelfLoops();
    }

    /** The score denominator these params select. */
    default VarianceWeighting varianceWeightingOption() {
        return ParamOption.parse(VarianceWeighting.class, getVarianceWeighting());
    }
}
