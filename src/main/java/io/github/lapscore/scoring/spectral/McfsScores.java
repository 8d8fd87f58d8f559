package io.github.lapscore.scoring.spectral;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import io.github.lapscore.LinearAlgebra;
import io.github.lapscore.data.CacheScope;
import io.github.lapscore.data.blocks.OrderedReduce;
import io.github.lapscore.data.blocks.RowBlock;
import io.github.lapscore.graph.WeightedGraph;
import io.github.lapscore.graph.spectral.BlockColumns;
import io.github.lapscore.graph.spectral.LanczosSettings;
import io.github.lapscore.graph.spectral.SpectralEmbedding;
import io.github.lapscore.progress.Stage;
import io.github.lapscore.progress.StageTimer;
import io.github.lapscore.progress.StepNames;
import io.github.lapscore.scoring.GraphScore;
import io.github.lapscore.scoring.ScoreOrder;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.linalg.Vector;

import scala.Tuple2;

/**
 * Multi-Cluster Feature Selection, MCFS (Cai, Zhang and He, "Unsupervised Feature Selection for
 * Multi-Cluster Data", KDD 2010, section 3): the K smallest non-trivial solutions of
 * {@code L y = lambda D y} (eq. 2; {@code y_k = D^-1/2 xi_k} from {@link SpectralEmbedding}, so
 * {@code y_k^T D y_k = 1}) are the data's cluster indicators; each is regressed on the features
 * with an L1 penalty, by LARS stopped when {@code cardinality} features are active ({@link Lars};
 * eq. 5, with an intercept: features and {@code y_k} centred, nothing else normalised), and
 * <pre>
 *   MCFS(f_r) = max_k |a_k,r|      (eq. 6; larger is better)
 * </pre>
 * The Gram matrix {@code X~^T X~} and {@code X~^T Y} ({@code X~} the rows less the features'
 * plain means, which also centres Y's products, since X~'s columns sum to 0) come from one pass over
 * the rows beside the eigenvectors (BLAS {@code dsyrk} and {@code dgemm} per block, summed in block
 * order); the K regressions run on the driver, O(p^2) numbers. A feature constant on the rows has
 * no score (NaN).
 *
 * <p>scikit-feature's {@code MCFS.py} ranks by the signed maximum {@code max_k a_k,r}, not the
 * largest magnitude of the paper, and its regressions follow the scikit-learn version's
 * {@code normalize} default.
 */
public record McfsScores(int numEigenvectors, int cardinality, LanczosSettings lanczos) implements GraphScore {

    /** Most features the driver-side Gram matrix is built for (8 192^2 doubles: 512 MiB). */
    public static final int MAX_FEATURES = 8192;

    /**
     * MCFS over the {@code numEigenvectors} smallest non-trivial eigenvectors (found with
     * {@code lanczos}), each regression stopped at {@code cardinality} active features.
     */
    public McfsScores {
        if (numEigenvectors < 1 || cardinality < 1) {
            throw new IllegalArgumentException("MCFS needs at least 1 eigenvector and a cardinality of at least 1, got "
                    + numEigenvectors + " and " + cardinality);
        }
    }

    /** MCFS is larger-is-better. */
    @Override
    public ScoreOrder order() {
        return ScoreOrder.LARGER_IS_BETTER;
    }

    /** MCFS of every feature on {@code graph}; what the embedding caches is released before this returns. */
    @Override
    public double[] scores(WeightedGraph graph, StageTimer timer) {
        return scoresOf(coefficients(graph, timer));
    }

    /** {@code max_k |a_k,r|} of every feature r from the regressions' coefficients (NaN stays NaN). */
    static double[] scoresOf(double[][] coefficients) {
        double[] scores = new double[coefficients[0].length];
        for (int r = 0; r < scores.length; r++) {
            double largest = 0;
            for (double[] regression : coefficients) {
                largest = Math.max(largest, Math.abs(regression[r]));
            }
            scores[r] = largest;
        }
        return scores;
    }

    /** Every eigenvector's LARS coefficients {@code a_k} (row k); a constant feature's are NaN. */
    double[][] coefficients(WeightedGraph graph, StageTimer timer) {
        int p = graph.numFeatures();
        if (p > MAX_FEATURES) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "MCFS builds the %d x %d Gram matrix of the"
                    + " features on the driver, and is limited to %d features; select fewer features first (by variance,"
                    + " or with the Laplacian Score)", p, p, MAX_FEATURES));
        }
        Products products;
        try (CacheScope caches = new CacheScope()) {
            SpectralEmbedding embedding = SpectralEmbedding.of(graph, numEigenvectors, lanczos, caches, timer);
            products = timer.run(Stage.SCORES, String.format(Locale.ROOT, "%s: the features' Gram matrix and their products"
                    + " with the %d eigenvectors, one pass over the rows", StepNames.MCFS_SCORES, numEigenvectors),
                    () -> Products.of(graph.blocks(), embedding.vectors(), embedding.sqrtDegrees(), graph.featureMeans(),
                            numEigenvectors));
        }
        double[] gram = products.symmetricGram(p);
        for (int r = 0; r < p; r++) {
            if (products.constant(r)) {
                for (int q = 0; q < p; q++) {
                    gram[r * p + q] = 0.0;
                    gram[q * p + r] = 0.0;
                }
            }
        }
        double[][] coefficients = new double[numEigenvectors][];
        for (int k = 0; k < numEigenvectors; k++) {
            double[] correlations = new double[p];
            for (int r = 0; r < p; r++) {
                correlations[r] = products.constant(r) ? 0.0 : products.crossProducts[k * p + r];
            }
            coefficients[k] = Lars.coefficients(gram, correlations, p, cardinality);
            for (int r = 0; r < p; r++) {
                if (products.constant(r)) {
                    coefficients[k][r] = Double.NaN;
                }
            }
        }
        return coefficients;
    }

    /**
     * {@code X~^T X~} (upper triangle, column-major p x p, as {@code dsyrk} leaves it) and
     * {@code X~^T Y} (column-major p x K: column k holds {@code X~^T y_k}) over the rows, {@code x~ = x - mean},
     * {@code y_k = xi_k / sqrt(D_ii)}.
     */
    private static final class Products implements Serializable {
        private final double[] gram;
        private final double[] crossProducts;
        /** Every feature's smallest and largest value, to tell a constant feature exactly. */
        private final double[] min;
        private final double[] max;

        private Products(double[] gram, double[] crossProducts, double[] min, double[] max) {
            this.gram = gram;
            this.crossProducts = crossProducts;
            this.min = min;
            this.max = max;
        }

        boolean constant(int r) {
            return min[r] == max[r];
        }

        static Products of(JavaRDD<RowBlock> blocks, JavaRDD<BlockColumns> vectors, JavaRDD<BlockColumns> sqrtDegrees,
                           double[] means, int count) {
            int p = means.length;
            JavaRDD<Products> perBlock = blocks.zipPartitions(vectors.zipPartitions(sqrtDegrees,
                    (v, s) -> List.of(new Tuple2<>(v.next(), s.next())).iterator()), (rows, columns) -> {
                RowBlock block = rows.next();
                Tuple2<BlockColumns, BlockColumns> pair = columns.next();
                int n = block.size();
                double[] centred = new double[n * p];
                double[] indicators = new double[n * count];
                double[] min = new double[p];
                double[] max = new double[p];
                Arrays.fill(min, Double.POSITIVE_INFINITY);
                Arrays.fill(max, Double.NEGATIVE_INFINITY);
                for (int i = 0; i < n; i++) {
                    Vector row = block.row(i);
                    for (int r = 0; r < p; r++) {
                        double value = row.apply(r);
                        centred[r * n + i] = value - means[r];
                        min[r] = Math.min(min[r], value);
                        max[r] = Math.max(max[r], value);
                    }
                    for (int k = 0; k < count; k++) {
                        indicators[k * n + i] = pair._1().get(i, k) / pair._2().get(i, 0);
                    }
                }
                double[] gram = new double[p * p];
                double[] cross = new double[count * p];
                if (n > 0) {
                    LinearAlgebra.blas().dsyrk("U", "T", p, n, 1.0, centred, n, 0.0, gram, p);
                    LinearAlgebra.blas().dgemm("T", "N", p, count, n, 1.0, centred, n, indicators, n, 0.0, cross, p);
                }
                return List.of(new Products(gram, cross, min, max)).iterator();
            });
            return OrderedReduce.reduce(perBlock, (first, second) -> {
                for (int i = 0; i < first.gram.length; i++) {
                    first.gram[i] += second.gram[i];
                }
                for (int i = 0; i < first.crossProducts.length; i++) {
                    first.crossProducts[i] += second.crossProducts[i];
                }
                for (int r = 0; r < first.min.length; r++) {
                    first.min[r] = Math.min(first.min[r], second.min[r]);
                    first.max[r] = Math.max(first.max[r], second.max[r]);
                }
                return first;
            });
        }

        /** The full symmetric Gram matrix, row-major. */
        double[] symmetricGram(int p) {
            double[] full = new double[p * p];
            for (int col = 0; col < p; col++) {
                for (int row = 0; row <= col; row++) {
                    double value = gram[col * p + row];
                    full[row * p + col] = value;
                    full[col * p + row] = value;
                }
            }
            return full;
        }
    }
}
