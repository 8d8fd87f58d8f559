package lapscore.selection;

import lapscore.scoring.GraphScore;
import lapscore.scoring.spectral.McfsScores;
import lapscore.selection.base.SpectralSelector;
import org.apache.spark.ml.util.Identifiable$;

/**
 * Feature selection by Multi-Cluster Feature Selection, MCFS (Cai, Zhang and He, "Unsupervised
 * Feature Selection for Multi-Cluster Data", KDD 2010), for data whose rows form several clusters:
 * the {@code numEigenvectors} smallest non-trivial solutions {@code y_k} of {@code L y = lambda D y}
 * on the kNN, epsilon or classKnn graph (weighed as for the Laplacian Score) are regressed on the
 * features by LARS with the LASSO modification, each stopped when {@code numTopFeatures} features
 * are active, and a feature scores {@code max_k |a_k,r|}, larger is better (see {@link McfsScores}).
 * The regressions read the features' Gram matrix only through the columns of the features that
 * join them: built whole when that is cheaper, in rounds of columns otherwise, so wide tables never
 * put a p x p matrix on the driver. On a graph of c connected components the first c - 1
 * {@code y_k} are the components' indicators, as in Cai's {@code Eigenmap.m} (see
 * {@link lapscore.graph.spectral.SpectralEmbedding}); the class graph is not accepted.
 *
 * <pre>{@code
 * McfsSelectorModel model = new McfsSelector().setNumNeighbors(5).setNumEigenvectors(10)
 *     .setNumTopFeatures(20).fit(data);
 * }</pre>
 */
public final class McfsSelector extends SpectralSelector<McfsSelector, McfsSelectorModel> {

    public McfsSelector() {
        this(Identifiable$.MODULE$.randomUID("McfsSelector"));
    }

    /** A selector with the given uid (used by persistence). */
    public McfsSelector(String uid) {
        super(uid, McfsSelectorModel.class);
    }

    /** MCFS over the eigenvectors, each regression stopped at {@code numTopFeatures} active features (the paper's d). */
    @Override
    protected GraphScore graphScore() {
        return new McfsScores(getNumEigenvectors(), getNumTopFeatures(), lanczosSettings());
    }
}
