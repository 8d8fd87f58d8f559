package lapscore.selection.params;

import org.apache.spark.ml.param.IntParam;

/** Params of {@code SpecSelector} and its model: the spectral scores', plus which of SPEC's three scores. */
public interface SpecParams extends SpectralScoreParams {

    /**
     * The {@code specVariant} param: Zhao and Liu's (ICML 2007) phi1 (1), phi2 (2, equal to the
     * Laplacian Score) or phi3 (3, over {@code numEigenvectors} eigenpairs).
     */
    default IntParam specVariant() {
        return declaredParams().specVariant;
    }

    /** The value of {@link #specVariant()}. */
    default int getSpecVariant() {
        return (Integer) getOrDefault(specVariant());
    }
}
