package lapscore.graph.spec;

import lapscore.ParamOption;

/**
 * The values of the {@code graphType} param, one per {@link GraphSpec} variant: {@code knn}
 * ({@link KnnGraph}), {@code epsilon} ({@link EpsilonGraph}), {@code class} ({@link ClassGraph}) and
 * {@code classKnn} ({@link KnnWithinClassGraph}). Only the factory that turns params into a spec reads
 * it; everything else asks the spec.
 */
public enum GraphType implements ParamOption {
    KNN,
    EPSILON,
    CLASS,
    CLASS_KNN
}
