package lapscore.selection.params;

import lapscore.ParamOption;
import lapscore.graph.edges.WeightKernel;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.Param;

/**
 * Params of the selectors whose score reads the graph's edge weights (the Laplacian Score, SPEC,
 * MCFS) and of their models: the graph's, plus the kernel that weighs an edge and the self-loops.
 */
public interface EdgeWeightParams extends GraphSelectorParams {

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

    /** The value of {@link #weightKernel()}. */
    default String getWeightKernel() {
        return getOrDefault(weightKernel());
    }

    /** The value of {@link #includeSelfLoops()}. */
    default boolean getIncludeSelfLoops() {
        return (Boolean) getOrDefault(includeSelfLoops());
    }

    @Override
    default WeightKernel weightKernelOption() {
        return ParamOption.parse(WeightKernel.class, getWeightKernel());
    }

    @Override
    default boolean selfLoopsOption() {
        return getIncludeSelfLoops();
    }
}
