package lapscore.scoring.spectral;

import java.io.Serializable;
import java.util.List;
import java.util.Locale;

import lapscore.data.CacheScope;
import lapscore.data.blocks.OrderedReduce;
import lapscore.data.blocks.RowBlock;
import lapscore.graph.WeightedGraph;
import lapscore.graph.spectral.BlockColumns;
import lapscore.graph.spectral.LanczosSettings;
import lapscore.graph.spectral.SpectralEmbedding;
import lapscore.progress.Stage;
import lapscore.progress.StageTimer;
import lapscore.progress.StepNames;
import lapscore.scoring.FeatureMoments;
import lapscore.scoring.GraphScore;
import lapscore.scoring.LaplacianScores;
import lapscore.scoring.ScoreOrder;
import lapscore.scoring.VarianceWeighting;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.linalg.DenseVector;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;

import scala.Tuple2;

/**
 * Spectral feature selection, SPEC (Zhao and Liu, "Spectral Feature Selection for Supervised and
 * Unsupervised Learning", ICML 2007, section 3). With the normalised Laplacian
 * {@code L~ = D^-1/2 L D^-1/2}, its eigenpairs {@code (lambda_j, xi_j)}, {@code xi_0 = D^1/2 1 /
 * ||D^1/2 1||}, and for feature f the weighted, normalised {@code fh = D^1/2 f / ||D^1/2 f||},
 * {@code alpha_j = fh^T xi_j}:
 * <pre>
 *   phi1(f) = fh^T L~ fh = sum_j alpha_j^2 lambda_j = f^T L f / f^T D f    (smaller is better)
 *   phi2(f) = fh^T L~ fh / (1 - alpha_0^2) = the Laplacian Score         (smaller is better)
 *   phi3(f) = sum_{j=1..K} (2 - lambda_j) alpha_j^2                       (larger is better)
 * </pre>
 * phi1 and phi2 follow from the sums of the Laplacian Score's one pass over the edges
 * ({@link FeatureMoments}): {@code f^T L f} and {@code f^T D f}, and phi2 is exactly He, Cai and
 * Niyogi's score with degree-weighted variance ({@link LaplacianScores}). phi3 needs the K smallest
 * non-trivial eigenvectors ({@link SpectralEmbedding}) and one pass over the rows for
 * {@code xi_j^T D^1/2 f} and {@code f^T D f}. A feature constant on the rows that carry weight has
 * no score (NaN), as with the Laplacian Score: phi1 would otherwise rank it best.
 *
 * <p>On a graph of c connected components the first {@code min(c - 1, K)} pairs have
 * {@code lambda_j = 0} and {@code xi_j} the components' indicators after Gram-Schmidt against
 * {@code xi_0} ({@link SpectralEmbedding}): phi3 weighs them {@code 2 - 0 = 2}, the most, as the
 * directions in which the graph varies least. phi1 and phi2 read no eigenvector.
 *
 * <p>scikit-feature's {@code SPEC.py} sorts phi1 and phi2 descending and phi3 ascending, the
 * opposite of the paper's directions kept here, and its {@code style = K} sums K - 1 eigenpairs.
 */
public record SpecScores(int variant, int numEigenvectors, LanczosSettings lanczos) implements GraphScore {

    /**
     * Variant {@code variant} (1, 2 or 3: phi1, phi2, phi3); phi3 over the {@code numEigenvectors}
     * smallest non-trivial eigenpairs, found with {@code lanczos} (phi1 and phi2 read neither).
     */
    public SpecScores {
        if (variant < 1 || variant > 3) {
            throw new IllegalArgumentException("The SPEC variant must be 1, 2 or 3 (Zhao and Liu's phi1, phi2, phi3), got " + variant);
        }
    }

    /** phi1 and phi2 are smaller-is-better, phi3 larger-is-better. */
    @Override
    public ScoreOrder order() {
        return variant == 3 ? ScoreOrder.LARGER_IS_BETTER : ScoreOrder.SMALLER_IS_BETTER;
    }

    /** The chosen variant of every feature on {@code graph}; what the embedding caches is released before this returns. */
    @Override
    public double[] scores(WeightedGraph graph, StageTimer timer) {
        FeatureMoments moments = LaplacianScores.moments(graph, graph.featureMeans(), timer);
        return switch (variant) {
            case 1 -> phi1(moments);
            case 2 -> LaplacianScores.fromMoments(moments, VarianceWeighting.DEGREE);
            default -> {
                try (CacheScope caches = new CacheScope()) {
                    SpectralEmbedding embedding = SpectralEmbedding.of(graph, numEigenvectors, lanczos, caches, timer);
                    yield phi3(graph, embedding, moments, timer);
                }
            }
        };
    }

    /** {@code f^T L f / f^T D f}; NaN where the feature is constant on the graph. */
    static double[] phi1(FeatureMoments moments) {
        double[] scores = new double[moments.numFeatures()];
        for (int r = 0; r < scores.length; r++) {
            scores[r] = moments.constantOnGraph(r) ? Double.NaN : moments.smoothness(r) / moments.degreeSquares(r);
        }
        return scores;
    }

    /**
     * {@code sum_j (2 - lambda_j) (xi_j^T D^1/2 f)^2 / f^T D f} from one pass over the rows beside
     * the eigenvectors, summed in block order; NaN where the feature is constant on the graph.
     */
    static double[] phi3(WeightedGraph graph, SpectralEmbedding embedding, FeatureMoments moments, StageTimer timer) {
        int numFeatures = graph.numFeatures();
        int count = embedding.numVectors();
        Projections sums = timer.run(Stage.SCORES, String.format(Locale.ROOT, "%s: xi_j^T D^1/2 f for the %d eigenvectors"
                + " and every feature, one pass over the rows", StepNames.SPEC_SCORES, count),
                () -> Projections.of(graph.blocks(), embedding.vectors(), embedding.sqrtDegrees(), numFeatures, count));
        double[] eigenvalues = embedding.eigenvalues();
        double[] scores = new double[numFeatures];
        for (int r = 0; r < numFeatures; r++) {
            if (moments.constantOnGraph(r)) {
                scores[r] = Double.NaN;
                continue;
            }
            double sum = 0;
            for (int j = 0; j < count; j++) {
                double projection = sums.values[j * numFeatures + r];
                sum += (2 - eigenvalues[j]) * projection * projection;
            }
            scores[r] = sum / moments.degreeSquares(r);
        }
        return scores;
    }

    /** {@code sum_i sqrt(D_ii) xi_j(i) f_r(i)} for every eigenvector j and feature r, row-major by j. */
    private static final class Projections implements Serializable {
        private final double[] values;

        private Projections(double[] values) {
            this.values = values;
        }

        static Projections of(JavaRDD<RowBlock> blocks, JavaRDD<BlockColumns> vectors, JavaRDD<BlockColumns> sqrtDegrees,
                              int numFeatures, int count) {
            JavaRDD<Projections> perBlock = blocks.zipPartitions(vectors.zipPartitions(sqrtDegrees,
                    (v, s) -> List.of(new Tuple2<>(v.next(), s.next())).iterator()), (rows, columns) -> {
                RowBlock block = rows.next();
                Tuple2<BlockColumns, BlockColumns> pair = columns.next();
                double[] values = new double[count * numFeatures];
                double[] weighted = new double[count];
                for (int i = 0; i < block.size(); i++) {
                    double sqrtDegree = pair._2().get(i, 0);
                    for (int j = 0; j < count; j++) {
                        weighted[j] = sqrtDegree * pair._1().get(i, j);
                    }
                    Vector row = block.row(i);
                    int[] indices = row instanceof SparseVector sparse ? sparse.indices() : null;
                    double[] entries = row instanceof SparseVector sparse ? sparse.values() : ((DenseVector) row).values();
                    for (int p = 0; p < entries.length; p++) {
                        int r = indices == null ? p : indices[p];
                        for (int j = 0; j < count; j++) {
                            values[j * numFeatures + r] += weighted[j] * entries[p];
                        }
                    }
                }
                return List.of(new Projections(values)).iterator();
            });
            return OrderedReduce.reduce(perBlock, (first, second) -> {
                for (int i = 0; i < first.values.length; i++) {
                    first.values[i] += second.values[i];
                }
                return first;
            });
        }
    }
}
