package lapscore.selection;

import lapscore.scoring.GraphScore;
import lapscore.scoring.spectral.SpecScores;
import lapscore.selection.base.SpectralSelector;
import lapscore.selection.params.SpecParams;
import org.apache.spark.ml.util.Identifiable$;

/**
 * Feature selection by spectral feature selection, SPEC (Zhao and Liu, "Spectral Feature Selection
 * for Supervised and Unsupervised Learning", ICML 2007), on the kNN, epsilon or classKnn graph of
 * the rows, weighed as for the Laplacian Score. With {@code fh = D^1/2 f / ||D^1/2 f||} and the
 * eigenpairs {@code (lambda_j, xi_j)} of the normalised Laplacian (see {@link SpecScores}):
 * <ul>
 *   <li>{@code specVariant = 1}: {@code phi1 = fh^T L~ fh = f^T L f / f^T D f}, smaller is better;</li>
 *   <li>{@code specVariant = 2}: {@code phi2 = phi1 / (1 - (fh^T xi_0)^2)}, the Laplacian Score, smaller is better;</li>
 *   <li>{@code specVariant = 3} (the default): {@code phi3 = sum_{j=1..K} (2 - lambda_j) (fh^T xi_j)^2}
 *       over the {@code numEigenvectors} smallest non-trivial eigenpairs, larger is better: the
 *       Laplacian Score's idea with the graph's noisy high-frequency directions left out.</li>
 * </ul>
 * phi3 finds the eigenvectors with a Lanczos iteration; on a graph of c connected components the
 * first c - 1 are the components' indicators, of eigenvalue 0 (see
 * {@link lapscore.graph.spectral.SpectralEmbedding}). The class graph is not accepted.
 *
 * <pre>{@code
 * SpecSelectorModel model = new SpecSelector().setNumNeighbors(10).setNumEigenvectors(5)
 *     .setNumTopFeatures(20).fit(data);
 * }</pre>
 */
public final class SpecSelector extends SpectralSelector<SpecSelector, SpecSelectorModel> implements SpecParams {

    public SpecSelector() {
        this(Identifiable$.MODULE$.randomUID("SpecSelector"));
    }

    /** A selector with the given uid (used by persistence). */
    public SpecSelector(String uid) {
        super(uid, SpecSelectorModel.class);
    }

    public SpecSelector setSpecVariant(int value) {
        set(specVariant(), value);
        return this;
    }

    @Override
    protected GraphScore graphScore() {
        return new SpecScores(getSpecVariant(), getNumEigenvectors(), lanczosSettings());
    }
}
