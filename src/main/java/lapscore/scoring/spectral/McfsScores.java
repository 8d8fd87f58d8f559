package lapscore.scoring.spectral;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

import lapscore.LinearAlgebra;
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
import lapscore.scoring.GraphScore;
import lapscore.scoring.ScoreOrder;
import org.apache.spark.api.java.JavaRDD;

import scala.Tuple2;

/**
 * Multi-Cluster Feature Selection, MCFS (Cai, Zhang and He, "Unsupervised Feature Selection for
 * Multi-Cluster Data", KDD 2010, section 3): the K smallest non-trivial solutions of
 * {@code L y = lambda D y} (eq. 2; {@code y_k = D^-1/2 xi_k} from {@link SpectralEmbedding}, so
 * {@code y_k^T D y_k = 1}) are the data's cluster indicators; each is regressed on the features
 * with an L1 penalty, by LARS stopped when {@code cardinality} features are active ({@link LarsPath};
 * eq. 5, with an intercept: features and {@code y_k} centred, nothing else normalised), and
 * <pre>
 *   MCFS(f_r) = max_k |a_k,r|      (eq. 6; larger is better)
 * </pre>
 * {@code X~^T Y} ({@code X~} the rows less the features' plain means, which also centres Y's
 * products, since X~'s columns sum to 0) comes from one pass over the rows beside the eigenvectors.
 * The paths read the Gram matrix {@code X~^T X~} only through the columns of the features that join
 * them, at most {@code K cardinality} of its p columns:
 * <ul>
 *   <li>when p &le; 2 K cardinality (and p &le; {@value #MAX_WHOLE_GRAM_FEATURES}), the whole matrix
 *       comes in that same pass (BLAS {@code dsyrk} per block), as the authors' code builds it;</li>
 *   <li>otherwise (wide tables) the K paths advance side by side, and the columns they wait for
 *       are computed together in one pass over the rows per round ({@code dgemm} per block): about
 *       {@code cardinality} rounds, and O(p K cardinality) numbers on the driver, never p x p.</li>
 * </ul>
 * Both give the same coefficients; every sum is taken in block order. A feature constant on the
 * rows has no score (NaN).
 *
 * <p>On a graph of c connected components the first {@code min(c - 1, K)} {@code y_k} are of
 * eigenvalue 0, combinations of the components' indicators {@code 1_C} ({@link SpectralEmbedding}),
 * as Cai's {@code Eigenmap.m} keeps them: the regressions then look first for the features that
 * tell the components apart.
 *
 * <p>scikit-feature's {@code MCFS.py} ranks by the signed maximum {@code max_k a_k,r}, not the
 * largest magnitude of the paper, and its regressions follow the scikit-learn version's
 * {@code normalize} default.
 *
 * @param numEigenvectors      K, the cluster indicators regressed
 * @param cardinality          the active features at which each regression stops (the features to select)
 * @param lanczos              how the embedding is found
 * @param maxWholeGramFeatures most features for which the whole Gram matrix is built in the first pass
 */
public record McfsScores(int numEigenvectors, int cardinality, LanczosSettings lanczos, int maxWholeGramFeatures)
        implements GraphScore {

    /** Most features whose whole Gram matrix is built on the driver (4 096^2 doubles: 128 MiB). */
    public static final int MAX_WHOLE_GRAM_FEATURES = 4096;

    /** Rows of a block centred at a time (so a task holds at most this many rows' worth of doubles, ~32 MiB). */
    private static final int CHUNK_DOUBLES = 1 << 22;

    /**
     * MCFS over the {@code numEigenvectors} smallest non-trivial eigenvectors (found with
     * {@code lanczos}), each regression stopped at {@code cardinality} active features.
     */
    public McfsScores(int numEigenvectors, int cardinality, LanczosSettings lanczos) {
        this(numEigenvectors, cardinality, lanczos, (int) Math.min(MAX_WHOLE_GRAM_FEATURES, 2L * numEigenvectors * cardinality));
    }

    /**
     * As above, with the whole Gram matrix built when p &le; {@code maxWholeGramFeatures} and its
     * columns computed in rounds otherwise.
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
        boolean wholeGram = p <= maxWholeGramFeatures;
        Products products;
        try (CacheScope caches = new CacheScope()) {
            SpectralEmbedding embedding = SpectralEmbedding.of(graph, numEigenvectors, lanczos, caches, timer);
            products = timer.run(Stage.SCORES, String.format(Locale.ROOT, "%s: the features' products with the %d"
                    + " eigenvectors%s, one pass over the rows", StepNames.MCFS_SCORES, numEigenvectors,
                    wholeGram ? " and their Gram matrix" : ""),
                    () -> Products.of(graph.blocks(), embedding.vectors(), embedding.sqrtDegrees(), graph.featureMeans(),
                            numEigenvectors, wholeGram));
        }
        Map<Integer, double[]> columns = new HashMap<>();
        List<LarsPath> paths = new ArrayList<>();
        for (int k = 0; k < numEigenvectors; k++) {
            double[] correlations = new double[p];
            for (int r = 0; r < p; r++) {
                correlations[r] = products.constant(r) ? 0.0 : products.crossProducts[k * p + r];
            }
            paths.add(new LarsPath(correlations, cardinality));
        }
        for (int round = 1; ; round++) {
            SortedSet<Integer> wanted = new TreeSet<>();
            for (LarsPath path : paths) {
                int feature = path.advance(j -> columns.computeIfAbsent(j, products::wholeGramColumn));
                if (feature >= 0) {
                    wanted.add(feature);
                }
            }
            if (wanted.isEmpty()) {
                break;
            }
            int[] features = wanted.stream().mapToInt(Integer::intValue).toArray();
            double[] computed = timer.run(Stage.SCORES, String.format(Locale.ROOT, "%s: round %d, the Gram columns of %d"
                    + " features the regressions wait for, one pass over the rows", StepNames.MCFS_SCORES, round,
                    features.length), () -> gramColumns(graph.blocks(), graph.featureMeans(), features));
            for (int c = 0; c < features.length; c++) {
                columns.put(features[c], products.withoutConstants(Arrays.copyOfRange(computed, c * p, (c + 1) * p)));
            }
        }
        double[][] coefficients = new double[numEigenvectors][];
        for (int k = 0; k < numEigenvectors; k++) {
            coefficients[k] = paths.get(k).coefficients();
            for (int r = 0; r < p; r++) {
                if (products.constant(r)) {
                    coefficients[k][r] = Double.NaN;
                }
            }
        }
        return coefficients;
    }

    /** {@code X~^T X~ e_j} for every j of {@code features}, column-major p x |features|, summed in block order. */
    private static double[] gramColumns(JavaRDD<RowBlock> blocks, double[] means, int[] features) {
        int p = means.length;
        int count = features.length;
        JavaRDD<double[]> perBlock = blocks.map(block -> {
            double[] sums = new double[p * count];
            CentredChunks chunks = new CentredChunks(block, means);
            while (chunks.next()) {
                int n = chunks.rows();
                double[] chosen = new double[n * count];
                for (int c = 0; c < count; c++) {
                    System.arraycopy(chunks.values(), features[c] * n, chosen, c * n, n);
                }
                LinearAlgebra.blas().dgemm("T", "N", p, count, n, 1.0, chunks.values(), n, chosen, n, 1.0, sums, p);
            }
            return sums;
        });
        return OrderedReduce.reduce(perBlock, (first, second) -> {
            for (int i = 0; i < first.length; i++) {
                first[i] += second[i];
            }
            return first;
        });
    }

    /** A block's rows less the means, a chunk of rows at a time, column-major (feature r's n values at r n). */
    private static final class CentredChunks {
        private final RowBlock block;
        private final double[] means;
        private final int chunkRows;
        private final double[] min;
        private final double[] max;
        private int start;
        private int rows;
        private double[] values;

        CentredChunks(RowBlock block, double[] means) {
            this.block = block;
            this.means = means;
            this.chunkRows = Math.max(1, CHUNK_DOUBLES / Math.max(1, means.length));
            this.min = new double[means.length];
            this.max = new double[means.length];
            Arrays.fill(min, Double.POSITIVE_INFINITY);
            Arrays.fill(max, Double.NEGATIVE_INFINITY);
        }

        /** Moves to the next chunk; false when the block has no more rows. */
        boolean next() {
            start += rows;
            rows = Math.min(chunkRows, block.size() - start);
            if (rows <= 0) {
                return false;
            }
            int p = means.length;
            values = new double[rows * p];
            for (int i = 0; i < rows; i++) {
                double[] row = block.row(start + i).toArray();
                for (int r = 0; r < p; r++) {
                    values[r * rows + i] = row[r] - means[r];
                    min[r] = Math.min(min[r], row[r]);
                    max[r] = Math.max(max[r], row[r]);
                }
            }
            return true;
        }

        int first() {
            return start;
        }

        int rows() {
            return rows;
        }

        double[] values() {
            return values;
        }

        /** Every feature's smallest value over the rows read so far. */
        double[] min() {
            return min;
        }

        /** Every feature's largest value over the rows read so far. */
        double[] max() {
            return max;
        }
    }

    /**
     * {@code X~^T Y} (column-major p x K: column k holds {@code X~^T y_k}) over the rows,
     * {@code x~ = x - mean}, {@code y_k = xi_k / sqrt(D_ii)}; the whole {@code X~^T X~} (upper
     * triangle, column-major, as {@code dsyrk} leaves it) when asked for.
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

        /** {@code X~^T X~ e_j} from the whole matrix, or null when it was not built. */
        double[] wholeGramColumn(int j) {
            if (gram == null) {
                return null;
            }
            int p = min.length;
            double[] column = new double[p];
            for (int r = 0; r < p; r++) {
                column[r] = r <= j ? gram[j * p + r] : gram[r * p + j];
            }
            return withoutConstants(column);
        }

        /** {@code column} with a constant feature's entries 0 (their centred values are rounding). */
        double[] withoutConstants(double[] column) {
            for (int r = 0; r < column.length; r++) {
                if (constant(r)) {
                    column[r] = 0.0;
                }
            }
            return column;
        }

        static Products of(JavaRDD<RowBlock> blocks, JavaRDD<BlockColumns> vectors, JavaRDD<BlockColumns> sqrtDegrees,
                           double[] means, int count, boolean wholeGram) {
            int p = means.length;
            JavaRDD<Products> perBlock = blocks.zipPartitions(vectors.zipPartitions(sqrtDegrees,
                    (v, s) -> List.of(new Tuple2<>(v.next(), s.next())).iterator()), (rows, columns) -> {
                RowBlock block = rows.next();
                Tuple2<BlockColumns, BlockColumns> pair = columns.next();
                double[] gram = wholeGram ? new double[p * p] : null;
                double[] cross = new double[count * p];
                CentredChunks chunks = new CentredChunks(block, means);
                while (chunks.next()) {
                    int n = chunks.rows();
                    double[] indicators = new double[n * count];
                    for (int i = 0; i < n; i++) {
                        int local = chunks.first() + i;
                        for (int k = 0; k < count; k++) {
                            indicators[k * n + i] = pair._1().get(local, k) / pair._2().get(local, 0);
                        }
                    }
                    if (wholeGram) {
                        LinearAlgebra.blas().dsyrk("U", "T", p, n, 1.0, chunks.values(), n, 1.0, gram, p);
                    }
                    LinearAlgebra.blas().dgemm("T", "N", p, count, n, 1.0, chunks.values(), n, indicators, n, 1.0, cross, p);
                }
                return List.of(new Products(gram, cross, chunks.min(), chunks.max())).iterator();
            });
            return OrderedReduce.reduce(perBlock, (first, second) -> {
                if (first.gram != null) {
                    for (int i = 0; i < first.gram.length; i++) {
                        first.gram[i] += second.gram[i];
                    }
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
    }
}
