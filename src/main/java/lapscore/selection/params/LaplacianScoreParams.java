package lapscore.selection.params;

import lapscore.ParamOption;
import lapscore.scoring.VarianceWeighting;
import org.apache.spark.ml.param.Param;

/**
 * Params of {@code LaplacianScoreSelector} and its model: the graph's and the edge weights', plus
 * the denominator. Each is documented by its doc string, default and validator (see {@link SelectorParams}).
 */
public interface LaplacianScoreParams extends EdgeWeightParams {

    /** The {@code varianceWeighting} param: He, Cai and Niyogi (NIPS 2005) eq. 1 (degree) or eq. 3 (uniform). */
    default Param<String> varianceWeighting() {
        return declaredParams().varianceWeighting;
    }

    /** The value of {@link #varianceWeighting()}. */
    default String getVarianceWeighting() {
        return getOrDefault(varianceWeighting());
    }

    /** The score denominator these params select. */
    default VarianceWeighting varianceWeightingOption() {
        return ParamOption.parse(VarianceWeighting.class, getVarianceWeighting());
    }
}
