package io.github.lapscore.selection.params;

import io.github.lapscore.ParamOption;
import io.github.lapscore.graph.edges.WeightKernel;
import io.github.lapscore.scoring.VarianceWeighting;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.Param;

/**
 * Params of {@code LaplacianScoreSelector} and its model: the graph's, plus the kernel and the
 * denominator. Each is documented by its doc string, default and validator (see {@link SelectorParams}).
 */
public interface LaplacianScoreParams extends GraphSelectorParams {

    /**
     * The {@code weightKernel} param: the edge weights S_ij of He, Cai and Niyogi (NIPS 2005, section
     * 2.1 step 2). The class graph does not read it: its weights are 1/n_l.
     */
    default Param<String> weightKernel() {
        return declaredParams().weightKernel;
    }

    /**
     * The {@code includeSelfLoops} param: a self-loop adds 1 to D_ii and never changes f^T L f; false
     * is the paper's and the authors' MATLAB code's. The class graph, which always has its pairs
     * i = j, does not read it.
     */
    default BooleanParam includeSelfLoops() {
        return declaredParams().includeSelfLoops;
    }

    /** The {@code varianceWeighting} param: He, Cai and Niyogi (NIPS 2005) eq. 1 (degree) or eq. 3 (uniform). */
    default Param<String> varianceWeighting() {
        return declaredParams().varianceWeighting;
    }

    /** The value of {@link #weightKernel()}. */
    default String getWeightKernel() {
        return getOrDefault(weightKernel());
    }

    /** The value of {@link #includeSelfLoops()}. */
    default boolean getIncludeSelfLoops() {
        return (Boolean) getOrDefault(includeSelfLoops());
    }

    /** The value of {@link #varianceWeighting()}. */
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
