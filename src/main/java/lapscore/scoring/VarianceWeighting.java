package lapscore.scoring;

import lapscore.ParamOption;

/**
 * The denominator of the Laplacian Score (He, Cai and Niyogi, "Laplacian Score for Feature
 * Selection", NIPS 2005).
 *
 * <ul>
 *   <li>{@code degree}: {@code f~^T D f~} with {@code f~ = f - (f^T D 1 / 1^T D 1) 1}, the
 *       degree-weighted variance of the paper's eq. 1 (rows with many close neighbours count more).</li>
 *   <li>{@code uniform}: D replaced by I in the denominator only (the paper's eq. 3):
 *       {@code sum_i (f_i - mean(f))^2}, m times the plain variance. The paper writes the 1/m, which
 *       would scale every score by m and change no ranking.</li>
 * </ul>
 */
public enum VarianceWeighting implements ParamOption {
    DEGREE,
    UNIFORM;

}
