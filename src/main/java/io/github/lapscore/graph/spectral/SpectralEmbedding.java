package io.github.lapscore.graph.spectral;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleUnaryOperator;

import io.github.lapscore.LinearAlgebra;
import io.github.lapscore.data.CacheScope;
import io.github.lapscore.data.blocks.OrderedReduce;
import io.github.lapscore.data.blocks.RowBlock;
import io.github.lapscore.graph.WeightedGraph;
import io.github.lapscore.graph.search.RowHash;
import io.github.lapscore.progress.Stage;
import io.github.lapscore.progress.StageTimer;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.linalg.Vector;
import org.netlib.util.intW;

import scala.runtime.BoxedUnit;

/**
 * The K smallest non-trivial eigenpairs {@code (lambda_j, xi_j)}, {@code 0 < lambda_1 <= ... <=
 * lambda_K}, of a connected graph's normalised Laplacian {@code L~ = I - D^-1/2 S D^-1/2} (S the
 * weight matrix, D its degrees; von Luxburg, "A tutorial on spectral clustering", 2007, section
 * 3.2), the eigenvectors held distributed by the graph's blocks. The trivial pair is
 * {@code lambda_0 = 0}, {@code xi_0 = D^1/2 1 / ||D^1/2 1||}. {@code y = D^-1/2 xi} solves the
 * generalised problem {@code L y = lambda D y} of Cai, Zhang and He (MCFS, KDD 2010, eq. 2).
 *
 * <p>Lanczos with full reorthogonalisation (Golub and Van Loan, "Matrix Computations", 4th ed.,
 * algorithm 10.1.1, with every new vector orthogonalised twice against all before it, section
 * 10.3.1) on {@code A = D^-1/2 S D^-1/2}, whose largest eigenvalues {@code theta = 1 - lambda}
 * are wanted, in the complement of {@code xi_0}: every Lanczos vector is orthogonalised against
 * {@code xi_0} as well, so the trivial pair never appears. Step j multiplies by A once (one pass
 * over the edges, {@link WeightProduct}) and reduces two rows of dot products; the driver holds the
 * tridiagonal matrix {@code T_j} and its eigenvectors, O(j^2) numbers. The iteration stops when
 * every wanted Ritz pair's residual estimate {@code |beta_j s_ji|} is within the tolerance (the
 * residual of a Ritz pair, section 10.1.4), or when the Krylov space holds every non-trivial
 * direction; the residuals {@code ||L~ xi - lambda xi||} are then measured with one more product
 * and reported. An invariant subspace found early (beta_j = 0) is left with a fresh start vector
 * orthogonal to it.
 *
 * <p>A graph that is not connected has the eigenvalue 0 once per component; it is refused with the
 * number of components seen, as are rows without an edge of positive weight. Every sum is reduced
 * in block order ({@link OrderedReduce}) and the start vector is a hash of the seed and each row's
 * values, so the embedding depends on the graph and the seed, never on the input's partitioning,
 * and on the rows' order only through the rounding of those sums.
 */
public final class SpectralEmbedding {

    /** Eigenvalues of L~ below this are taken for 0: the graph has one more component. */
    static final double ZERO_EIGENVALUE = 1e-9;
    /** A Lanczos vector of norm below this (relative to ||A|| = 1) ends the Krylov space. */
    private static final double BREAKDOWN = 1e-12;
    /** A start vector the basis holds all but this fraction of (by norm) is drawn again from the row ids. */
    private static final double KEPT_OF_START = 1e-3;
    /** The salt of the start vectors in {@link RowHash}. */
    private static final int START_SALT = -6;

    private final double[] eigenvalues;
    private final double[] residuals;
    private final JavaRDD<BlockColumns> vectors;
    private final JavaRDD<BlockColumns> sqrtDegrees;
    private final int steps;

    private SpectralEmbedding(double[] eigenvalues, double[] residuals, JavaRDD<BlockColumns> vectors,
                              JavaRDD<BlockColumns> sqrtDegrees, int steps) {
        this.eigenvalues = eigenvalues;
        this.residuals = residuals;
        this.vectors = vectors;
        this.sqrtDegrees = sqrtDegrees;
        this.steps = steps;
    }

    /**
     * The {@code numVectors} smallest non-trivial eigenpairs of {@code graph}'s normalised
     * Laplacian; what it caches goes into {@code caches} (the fit's), its passes timed by
     * {@code timer} under {@link Stage#SCORES}.
     *
     * @throws IllegalArgumentException when the graph is not connected, has no more rows than
     *                                  {@code numVectors}, or the pairs do not converge within
     *                                  {@code settings.maxSteps()} steps
     */
    public static SpectralEmbedding of(WeightedGraph graph, int numVectors, LanczosSettings settings, CacheScope caches,
                                       StageTimer timer) {
        long numRows = graph.layout().numRows();
        if (numVectors < 1 || numVectors >= numRows) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%d eigenvectors were asked of a graph of %d rows:"
                    + " the non-trivial ones number at most %d; ask for between 1 and %d", numVectors, numRows, numRows - 1,
                    numRows - 1));
        }
        Lanczos lanczos = new Lanczos(graph, numVectors, settings, caches);
        Ritz ritz = timer.run(Stage.SCORES, String.format(Locale.ROOT, "Spectral embedding: the %d smallest non-trivial"
                + " eigenpairs of the normalised Laplacian (Lanczos, at most %d steps)", numVectors, settings.maxSteps()),
                lanczos::iterate);
        return timer.run(Stage.SCORES, String.format(Locale.ROOT, "Spectral embedding: the %d eigenvectors after %d Lanczos"
                + " steps, and their residuals", numVectors, ritz.size()), () -> lanczos.finish(ritz));
    }

    /** {@code lambda_1 ... lambda_K}, ascending. */
    public double[] eigenvalues() {
        return eigenvalues.clone();
    }

    /** {@code ||L~ xi_j - lambda_j xi_j||} of every pair, measured after the iteration. */
    public double[] residuals() {
        return residuals.clone();
    }

    /** {@code xi_1 ... xi_K} (unit length, orthogonal to each other and to xi_0), column j-1 holding xi_j, by the graph's blocks. */
    public JavaRDD<BlockColumns> vectors() {
        return vectors;
    }

    /** {@code D^1/2 1}: the square root of every row's degree, one column by the graph's blocks. */
    public JavaRDD<BlockColumns> sqrtDegrees() {
        return sqrtDegrees;
    }

    /** The Lanczos steps taken. */
    public int steps() {
        return steps;
    }

    /** K, the eigenpairs held. */
    public int numVectors() {
        return eigenvalues.length;
    }

    /** {@code X^T Y} of two distributed matrices of the same blocks, row-major, summed in block order. */
    static double[] products(JavaRDD<BlockColumns> x, JavaRDD<BlockColumns> y) {
        JavaRDD<double[]> perBlock = x.zipPartitions(y, (a, b) -> List.of(a.next().crossProducts(b.next())).iterator());
        return OrderedReduce.reduce(perBlock, (first, second) -> {
            for (int i = 0; i < first.length; i++) {
                first[i] += second[i];
            }
            return first;
        });
    }

    /** One run of the iteration, with the state it carries from step to step. */
    private static final class Lanczos {
        private final WeightedGraph graph;
        private final int numVectors;
        private final LanczosSettings settings;
        private final CacheScope caches;
        private final long numRows;
        private JavaRDD<BlockColumns> inverseSqrtDegrees;
        private JavaRDD<BlockColumns> sqrtDegrees;
        /** xi_0 then the Lanczos vectors v_1 ... v_j. */
        private JavaRDD<BlockColumns> basis;
        private final List<Double> alphas = new ArrayList<>();
        private final List<Double> betas = new ArrayList<>();

        Lanczos(WeightedGraph graph, int numVectors, LanczosSettings settings, CacheScope caches) {
            this.graph = graph;
            this.numVectors = numVectors;
            this.settings = settings;
            this.caches = caches;
            this.numRows = graph.layout().numRows();
        }

        /**
         * The degrees {@code D = S 1} (one pass over the edges), refused if a row has none, their
         * square roots and inverse square roots, and {@code xi_0} as the basis's first column.
         */
        private void start() {
            JavaRDD<BlockColumns> ones = graph.blocks().map(block -> {
                double[] one = new double[block.size()];
                Arrays.fill(one, 1.0);
                return new BlockColumns(block.index(), block.firstRow(), new double[][]{one});
            });
            JavaRDD<BlockColumns> degrees = caches.persist(WeightProduct.of(graph, ones, 1));
            long isolated = degrees.map(block -> Arrays.stream(block.column(0)).filter(d -> !(d > 0)).count())
                    .reduce(Long::sum);
            if (isolated > 0) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "%d of the graph's %d rows have no edge of"
                        + " positive weight, so the graph is not connected and its spectral embedding is not defined: raise"
                        + " numNeighbors (or the radius, or the bandwidth of the heat kernel) so that every row has a neighbour"
                        + " of positive weight", isolated, numRows));
            }
            sqrtDegrees = caches.persist(degrees.map(block -> mapped(block, Math::sqrt)));
            inverseSqrtDegrees = caches.persist(degrees.map(block -> mapped(block, d -> 1.0 / Math.sqrt(d))));
            inverseSqrtDegrees.count();
            double volume = products(sqrtDegrees, sqrtDegrees)[0];
            basis = caches.persist(sqrtDegrees.map(block -> block.scaled(1.0 / Math.sqrt(volume))));
            appendStart(0);
        }

        /** Lanczos steps until the wanted pairs converge; the Ritz pairs of the last step. */
        Ritz iterate() {
            start();
            int maxDimension = (int) Math.min(numRows - 1, settings.maxSteps());
            for (int j = 1; ; j++) {
                JavaRDD<BlockColumns> current = basis;
                int column = j;
                JavaRDD<BlockColumns> w = caches.persist(timesA(current.map(block -> block.selected(column)), 1));
                double[] first = products(current, w);
                JavaRDD<BlockColumns> once = current.zipPartitions(w, (v, x) -> List.of(x.next().minus(v.next(), asColumn(first))).iterator());
                double[] second = products(current.zipPartitions(once, (v, x) -> List.of(v.next().append(x.next())).iterator()), once);
                int size = j + 1;
                double squaredNorm = second[size];
                double corrections = 0;
                for (int c = 0; c < size; c++) {
                    corrections += second[c] * second[c];
                }
                double beta = Math.sqrt(Math.max(0.0, squaredNorm - corrections));
                alphas.add(first[j] + second[j]);
                Ritz ritz = Ritz.of(alphas, betas, beta);
                boolean converged = j >= numVectors && ritz.converged(numVectors, settings.tolerance());
                if (converged || j >= maxDimension) {
                    caches.release(w);
                    if (!converged && j < numRows - 1) {
                        throw notConverged(ritz);
                    }
                    return ritz;
                }
                if (beta < BREAKDOWN) {
                    betas.add(0.0);
                    caches.release(w);
                    appendStart(j);
                } else {
                    betas.add(beta);
                    double[] secondColumn = Arrays.copyOf(second, size);
                    JavaRDD<BlockColumns> next = current.zipPartitions(once, (v, x) -> {
                        BlockColumns vectors = v.next();
                        return List.of(vectors.append(x.next().minus(vectors, asColumn(secondColumn)).scaled(1.0 / beta))).iterator();
                    });
                    replaceBasis(next);
                    caches.release(w);
                }
            }
        }

        /** {@code A x = D^-1/2 S D^-1/2 x} for {@code x} of {@code numColumns} columns. */
        private JavaRDD<BlockColumns> timesA(JavaRDD<BlockColumns> x, int numColumns) {
            JavaRDD<BlockColumns> scaled = x.zipPartitions(inverseSqrtDegrees, (v, s) -> List.of(v.next().timesRows(s.next())).iterator());
            return WeightProduct.of(graph, scaled, numColumns)
                    .zipPartitions(inverseSqrtDegrees, (v, s) -> List.of(v.next().timesRows(s.next())).iterator());
        }

        /**
         * Appends a start vector, orthogonalised twice against the basis and normalised. The first
         * draws each row's entry uniformly in [-1/2, 1/2) from the seed and a hash of the row's
         * values ({@link #contentHash}), not its id, so that the same rows in another order start
         * the iteration from the same vector and give the same eigenpairs. Rows with equal values
         * then start equal, and where the basis already holds most of such a vector (all rows
         * alike), or after the Krylov space has run out ({@code restart > 0}), the entries are
         * drawn from the row ids instead.
         */
        private void appendStart(int restart) {
            JavaRDD<BlockColumns> drawn = drawn(restart, restart == 0);
            JavaRDD<BlockColumns> twice = orthogonalised(orthogonalised(drawn));
            double norm = Math.sqrt(products(twice, twice)[0]);
            if (restart == 0 && norm < KEPT_OF_START * Math.sqrt(products(drawn, drawn)[0])) {
                drawn = drawn(restart, false);
                twice = orthogonalised(orthogonalised(drawn));
                norm = Math.sqrt(products(twice, twice)[0]);
            }
            double scale = 1.0 / norm;
            JavaRDD<BlockColumns> current = basis;
            JavaRDD<BlockColumns> orthogonal = twice;
            replaceBasis(current.zipPartitions(orthogonal, (v, x) -> List.of(v.next().append(x.next().scaled(scale))).iterator()));
        }

        /** Entries uniform in [-1/2, 1/2) from the seed, {@code restart} and each row's values ({@code byContent}) or id. */
        private JavaRDD<BlockColumns> drawn(int restart, boolean byContent) {
            long seed = settings.seed();
            return graph.blocks().zipPartitions(basis, (rows, columns) -> {
                RowBlock block = rows.next();
                BlockColumns layout = columns.next();
                double[] values = new double[block.size()];
                for (int i = 0; i < values.length; i++) {
                    long key = byContent ? contentHash(block.row(i)) : block.firstRow() + i;
                    values[i] = RowHash.uniform(seed, key, START_SALT, restart) - 0.5;
                }
                return List.of(new BlockColumns(layout.block(), layout.firstRow(), new double[][]{values})).iterator();
            });
        }

        /** {@code x - V V^T x} for the basis V. */
        private JavaRDD<BlockColumns> orthogonalised(JavaRDD<BlockColumns> x) {
            JavaRDD<BlockColumns> current = basis;
            double[] coefficients = products(current, x);
            return current.zipPartitions(x, (v, y) -> List.of(y.next().minus(v.next(), asColumn(coefficients))).iterator());
        }

        /**
         * Makes {@code next} the basis, computed at once (a narrow job), then releases the one before
         * it. Computed later, inside the product with S, each block would be computed by every task
         * of a block pair that reads it, several at a time.
         */
        private void replaceBasis(JavaRDD<BlockColumns> next) {
            JavaRDD<BlockColumns> previous = basis;
            basis = caches.persistAndForgetLineage(next);
            basis.count();
            caches.release(previous);
        }

        /** The Ritz vectors of the wanted pairs, their eigenvalues and measured residuals. */
        SpectralEmbedding finish(Ritz ritz) {
            int steps = ritz.size();
            if (ritz.size() < numVectors) {
                throw notConverged(ritz);
            }
            double[][] coefficients = new double[steps + 1][numVectors];
            double[] thetas = new double[numVectors];
            for (int k = 0; k < numVectors; k++) {
                int pair = ritz.size() - 1 - k;
                thetas[k] = ritz.values[pair];
                for (int i = 0; i < steps; i++) {
                    coefficients[i + 1][k] = ritz.vectors[pair * ritz.size() + i];
                }
            }
            JavaRDD<BlockColumns> current = basis;
            JavaRDD<BlockColumns> vectors = caches.persist(current.map(block -> block.times(coefficients)));
            vectors.count();
            JavaRDD<BlockColumns> products = timesA(vectors, numVectors);
            double[][] diagonal = new double[numVectors][numVectors];
            for (int k = 0; k < numVectors; k++) {
                diagonal[k][k] = thetas[k];
            }
            JavaRDD<BlockColumns> remainders = products.zipPartitions(vectors, (p, v) -> List.of(p.next().minus(v.next(), diagonal)).iterator());
            double[] gram = products(remainders, remainders);
            double[] eigenvalues = new double[numVectors];
            double[] residuals = new double[numVectors];
            int zeros = 0;
            for (int k = 0; k < numVectors; k++) {
                eigenvalues[k] = 1.0 - thetas[k];
                residuals[k] = Math.sqrt(gram[k * numVectors + k]);
                zeros += eigenvalues[k] < ZERO_EIGENVALUE ? 1 : 0;
            }
            caches.release(basis);
            if (zeros > 0) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "The graph is not connected: its normalised"
                        + " Laplacian has the eigenvalue 0 at least %d times, once per connected component, so the graph has"
                        + " at least %d components and the spectral scores are not defined; raise numNeighbors (or the radius)"
                        + " until the graph is connected", zeros + 1, zeros + 1));
            }
            for (int k = 0; k < numVectors; k++) {
                if (!(residuals[k] <= settings.tolerance() * 10)) {
                    throw notConverged(ritz);
                }
            }
            return new SpectralEmbedding(eigenvalues, residuals, vectors, sqrtDegrees, steps);
        }

        private IllegalArgumentException notConverged(Ritz ritz) {
            return new IllegalArgumentException(String.format(Locale.ROOT, "The spectral embedding did not converge in %d"
                    + " Lanczos steps: the largest residual of the %d eigenpairs wanted is %.3g, above the tolerance %.3g;"
                    + " raise maxEmbeddingSteps (or ask for fewer eigenvectors)", alphas.size(), numVectors,
                    ritz.largestEstimate(Math.min(numVectors, ritz.size())), settings.tolerance()));
        }

        /** A hash of the non-zero entries of {@code row} and their positions, the same for its dense and sparse forms. */
        private static long contentHash(Vector row) {
            long[] hash = {row.size()};
            row.foreachActive((index, value) -> {
                double entry = (Double) value;
                if (entry != 0.0) {
                    hash[0] = RowHash.of(hash[0], Double.doubleToLongBits(entry), (Integer) index, START_SALT);
                }
                return BoxedUnit.UNIT;
            });
            return hash[0];
        }

        private static BlockColumns mapped(BlockColumns block, DoubleUnaryOperator f) {
            double[] values = block.column(0).clone();
            for (int i = 0; i < values.length; i++) {
                values[i] = f.applyAsDouble(values[i]);
            }
            return new BlockColumns(block.block(), block.firstRow(), new double[][]{values});
        }

        private static double[][] asColumn(double[] values) {
            double[][] column = new double[values.length][1];
            for (int i = 0; i < values.length; i++) {
                column[i][0] = values[i];
            }
            return column;
        }
    }

    /**
     * The eigenpairs of the Lanczos tridiagonal {@code T_j} (LAPACK's {@code dstev}), ascending,
     * with each pair's residual estimate {@code |beta_j s_ji|}.
     */
    private static final class Ritz {
        final double[] values;
        /** Column-major j x j: the eigenvector of pair p in entries p*j to p*j+j-1. */
        final double[] vectors;
        final double[] estimates;

        private Ritz(double[] values, double[] vectors, double[] estimates) {
            this.values = values;
            this.vectors = vectors;
            this.estimates = estimates;
        }

        static Ritz of(List<Double> alphas, List<Double> betas, double lastBeta) {
            int j = alphas.size();
            double[] diagonal = new double[j];
            double[] offDiagonal = new double[Math.max(1, j - 1)];
            for (int i = 0; i < j; i++) {
                diagonal[i] = alphas.get(i);
            }
            for (int i = 0; i < j - 1; i++) {
                offDiagonal[i] = betas.get(i);
            }
            double[] vectors = new double[j * j];
            intW info = new intW(0);
            LinearAlgebra.lapack().dstev("V", j, diagonal, offDiagonal, vectors, j, new double[Math.max(1, 2 * j - 2)], info);
            if (info.val != 0) {
                throw new IllegalStateException("LAPACK dstev failed with info = " + info.val);
            }
            double[] estimates = new double[j];
            for (int p = 0; p < j; p++) {
                estimates[p] = Math.abs(lastBeta * vectors[p * j + j - 1]);
            }
            return new Ritz(diagonal, vectors, estimates);
        }

        int size() {
            return values.length;
        }

        /** Whether the {@code count} largest pairs' estimates are all within {@code tolerance}. */
        boolean converged(int count, double tolerance) {
            return largestEstimate(count) <= tolerance;
        }

        double largestEstimate(int count) {
            double largest = 0;
            for (int k = 0; k < count; k++) {
                largest = Math.max(largest, estimates[size() - 1 - k]);
            }
            return largest;
        }
    }
}
