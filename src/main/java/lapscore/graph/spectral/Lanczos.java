package lapscore.graph.spectral;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleUnaryOperator;

/**
 * One run of the Lanczos iteration of {@link SpectralEmbedding}, with the state it carries from
 * step to step, its vectors in a {@link ColumnStore}: Lanczos with full reorthogonalisation (Golub
 * and Van Loan, "Matrix Computations", 4th ed., algorithm 10.1.1, every new vector orthogonalised
 * twice against all before it, section 10.3.1) on {@code A = D^-1/2 S D^-1/2} in the complement of
 * the eigenvalue 0's eigenspace, whose largest eigenvalues {@code theta = 1 - lambda} are wanted.
 *
 * <p>That eigenspace is spanned by the indicators {@code u_C = D^1/2 1_C / ||D^1/2 1_C||} of the
 * graph's c connected components ({@link ComponentLabels}; von Luxburg, "A tutorial on spectral
 * clustering", 2007, proposition 4), {@code xi_0} alone for a connected graph. Of the K pairs
 * wanted, the first {@code m = min(c - 1, K)} are its non-trivial vectors of eigenvalue 0
 * ({@link ZeroEigenspace}), and the iteration, orthogonal to all c indicators, finds the
 * {@code K - m} smallest non-zero eigenvalues; it does not run when {@code K <= c - 1}.
 *
 * @param <M> a matrix of columns in the store
 */
final class Lanczos<M> {

    /** A Lanczos vector of norm below this (relative to ||A|| = 1) ends the Krylov space. */
    private static final double BREAKDOWN = 1e-12;
    /** A start vector the basis holds all but this fraction of (by norm) is drawn again from the row ids. */
    private static final double KEPT_OF_START = 1e-3;

    /**
     * What the iteration found: {@code lambda_1 ... lambda_K} ascending, their measured residuals,
     * {@code xi_1 ... xi_K} and {@code D^1/2 1} in the store, and the steps taken.
     */
    record Eigenpairs<M>(double[] eigenvalues, double[] residuals, M vectors, M sqrtDegrees, int steps) {
    }

    private final ColumnStore<M> store;
    private final int numVectors;
    private final LanczosSettings settings;
    private final long numRows;
    private M inverseSqrtDegrees;
    private M sqrtDegrees;
    /** c, the graph's connected components. */
    private long numComponents;
    /** m, the wanted vectors of eigenvalue 0, and those vectors (null when m = 0). */
    private int numZeros;
    private M zeroVectors;
    /** The indicators at the basis's start: all c when the iteration runs (one, xi_0, for a connected graph). */
    private int numIndicators;
    /** The indicators, then the Lanczos vectors v_1 ... v_j. */
    private M basis;
    private final List<Double> alphas = new ArrayList<>();
    private final List<Double> betas = new ArrayList<>();

    Lanczos(ColumnStore<M> store, int numVectors, LanczosSettings settings, long numRows) {
        this.store = store;
        this.numVectors = numVectors;
        this.settings = settings;
        this.numRows = numRows;
    }

    /** {@link #iterate} then {@link #finish}: the whole run. */
    Eigenpairs<M> run() {
        return finish(iterate());
    }

    /** Lanczos steps until the wanted pairs of non-zero eigenvalue converge; the Ritz pairs of the last step. */
    Ritz iterate() {
        start();
        int numSought = numVectors - numZeros;
        if (numSought == 0) {
            return Ritz.none();
        }
        int maxDimension = (int) Math.min(numRows - numIndicators, settings.maxSteps());
        for (int j = 1; ; j++) {
            M current = basis;
            int column = numIndicators - 1 + j;
            M w = store.kept(timesA(store.map(current, block -> block.selected(column)), 1));
            double[] first = store.products(current, w);
            M once = store.zip(current, w, (v, x) -> x.minus(v, asColumn(first)));
            double[] second = store.products(store.zip(current, once, BlockColumns::append), once);
            int size = column + 1;
            double squaredNorm = second[size];
            double corrections = 0;
            for (int c = 0; c < size; c++) {
                corrections += second[c] * second[c];
            }
            double beta = Math.sqrt(Math.max(0.0, squaredNorm - corrections));
            alphas.add(first[column] + second[column]);
            Ritz ritz = Ritz.of(alphas, betas, beta);
            boolean converged = j >= numSought && ritz.converged(numSought, settings.tolerance());
            if (converged || j >= maxDimension) {
                store.release(w);
                if (!converged && j < numRows - numIndicators) {
                    throw notConverged(ritz);
                }
                return ritz;
            }
            if (beta < BREAKDOWN) {
                betas.add(0.0);
                store.release(w);
                appendStart(j);
            } else {
                betas.add(beta);
                double[] secondColumn = Arrays.copyOf(second, size);
                replaceBasis(store.zip(current, once,
                        (vectors, x) -> vectors.append(x.minus(vectors, asColumn(secondColumn)).scaled(1.0 / beta))));
                store.release(w);
            }
        }
    }

    /**
     * The wanted vectors, those of eigenvalue 0 first then the Ritz vectors, their eigenvalues
     * (exactly 0 for the first m) and measured residuals.
     */
    Eigenpairs<M> finish(Ritz ritz) {
        int steps = ritz.size();
        int numSought = numVectors - numZeros;
        if (steps < numSought) {
            throw notConverged(ritz);
        }
        double[][] coefficients = new double[numIndicators + steps][numSought];
        double[] thetas = new double[numVectors];
        Arrays.fill(thetas, 0, numZeros, 1.0);
        for (int k = 0; k < numSought; k++) {
            int pair = steps - 1 - k;
            thetas[numZeros + k] = ritz.values[pair];
            for (int i = 0; i < steps; i++) {
                coefficients[numIndicators + i][k] = ritz.vectors[pair * steps + i];
            }
        }
        M found = store.map(basis, block -> block.times(coefficients));
        M vectors = store.settled(numZeros == 0 ? found : store.zip(zeroVectors, found, BlockColumns::append));
        double[][] diagonal = new double[numVectors][numVectors];
        for (int k = 0; k < numVectors; k++) {
            diagonal[k][k] = thetas[k];
        }
        M remainders = store.zip(timesA(vectors, numVectors), vectors, (p, v) -> p.minus(v, diagonal));
        double[] gram = store.products(remainders, remainders);
        double[] eigenvalues = new double[numVectors];
        double[] residuals = new double[numVectors];
        for (int k = 0; k < numVectors; k++) {
            eigenvalues[k] = 1.0 - thetas[k];
            residuals[k] = Math.sqrt(gram[k * numVectors + k]);
        }
        store.release(basis);
        store.release(inverseSqrtDegrees);
        if (zeroVectors != null) {
            store.release(zeroVectors);
        }
        for (int k = 0; k < numVectors; k++) {
            if (!(residuals[k] <= settings.tolerance() * 10)) {
                throw notConverged(ritz);
            }
        }
        return new Eigenpairs<>(eigenvalues, residuals, vectors, sqrtDegrees, steps);
    }

    /**
     * The degrees {@code D = S 1} (one pass over the edges), refused if a row has none, their
     * square roots and inverse square roots; the components ({@link ComponentLabels}), the
     * indicators of the first m and of the rest, {@code vol_C} their squared norms, as the
     * basis's first columns (for a connected graph, {@code xi_0} alone), and the m vectors of
     * eigenvalue 0 ({@link ZeroEigenspace}).
     */
    private void start() {
        M degrees = store.kept(store.timesWeights(store.ones(), 1));
        M isolatedRows = store.map(degrees, block -> mapped(block, d -> d > 0 ? 0.0 : 1.0));
        long isolated = Math.round(store.products(isolatedRows, isolatedRows)[0]);
        if (isolated > 0) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%d of the %d rows of the graph have no edge of"
                    + " positive weight, so D^-1/2 and the spectral embedding are not defined: raise numNeighbors (or the"
                    + " radius, or the bandwidth of the heat kernel) so that every row has a neighbour of positive weight",
                    isolated, numRows));
        }
        sqrtDegrees = store.kept(store.map(degrees, block -> mapped(block, Math::sqrt)));
        inverseSqrtDegrees = store.settled(store.map(degrees, block -> mapped(block, d -> 1.0 / Math.sqrt(d))));
        store.release(degrees);
        M labels = store.kept(store.componentLabels());
        ComponentLabels.Roots roots = store.roots(labels, numVectors);
        numComponents = roots.count();
        numZeros = (int) Math.min(numComponents - 1, numVectors);
        long[] apart = Arrays.copyOf(roots.smallest(), numZeros);
        M groups = store.kept(store.zip(sqrtDegrees, labels, (s, l) -> s.grouped(l, apart)));
        numIndicators = numZeros + 1;
        double[] gram = store.products(groups, groups);
        double[] volumes = new double[numIndicators];
        double[][] normalising = new double[numIndicators][numIndicators];
        for (int g = 0; g < numIndicators; g++) {
            volumes[g] = gram[g * numIndicators + g];
            normalising[g][g] = 1.0 / Math.sqrt(volumes[g]);
        }
        basis = store.settled(store.map(groups, block -> block.times(normalising)));
        store.release(groups);
        store.release(labels);
        if (numZeros > 0) {
            double[][] zeroBasis = ZeroEigenspace.basis(volumes);
            zeroVectors = store.settled(store.map(basis, block -> block.times(zeroBasis)));
        }
        if (numZeros < numVectors) {
            appendStart(0);
        }
    }

    /** {@code A x = D^-1/2 S D^-1/2 x} for {@code x} of {@code numColumns} columns. */
    private M timesA(M x, int numColumns) {
        M scaled = store.zip(x, inverseSqrtDegrees, BlockColumns::timesRows);
        return store.zip(store.timesWeights(scaled, numColumns), inverseSqrtDegrees, BlockColumns::timesRows);
    }

    /**
     * Appends a start vector ({@link StartVector}), orthogonalised twice against the basis and
     * normalised. The first is keyed by the rows' values; where the basis already holds most of
     * it (rows alike), or after the Krylov space has run out ({@code restart > 0}), by the row ids.
     */
    private void appendStart(int restart) {
        M drawn = store.drawn(settings.seed(), restart, restart == 0);
        M twice = orthogonalised(orthogonalised(drawn));
        double norm = Math.sqrt(store.products(twice, twice)[0]);
        if (restart == 0 && norm < KEPT_OF_START * Math.sqrt(store.products(drawn, drawn)[0])) {
            drawn = store.drawn(settings.seed(), restart, false);
            twice = orthogonalised(orthogonalised(drawn));
            norm = Math.sqrt(store.products(twice, twice)[0]);
        }
        double scale = 1.0 / norm;
        replaceBasis(store.zip(basis, twice, (v, x) -> v.append(x.scaled(scale))));
    }

    /** {@code x - V V^T x} for the basis V. */
    private M orthogonalised(M x) {
        double[] coefficients = store.products(basis, x);
        return store.zip(basis, x, (v, y) -> y.minus(v, asColumn(coefficients)));
    }

    /**
     * Makes {@code next} the basis, computed at once, then lets go of the one before it. Computed
     * later, inside the product with S, each block would be computed by every task of a block pair
     * that reads it, several at a time.
     */
    private void replaceBasis(M next) {
        M previous = basis;
        basis = store.settled(next);
        store.release(previous);
    }

    /**
     * The refusal when the wanted pairs have not converged; on a graph of several components, whose
     * spectra interleave (close eigenvalues converge slowly), naming them and the other way out.
     */
    private IllegalArgumentException notConverged(Ritz ritz) {
        String remedy = numComponents == 1 ? "raise maxEmbeddingSteps (or ask for fewer eigenvectors)"
                : String.format(Locale.ROOT, "the %d components of the graph have interleaved spectra, whose close eigenvalues"
                + " take more steps: raise maxEmbeddingSteps (or ask for fewer eigenvectors, or raise numNeighbors to"
                + " join the components)", numComponents);
        return new IllegalArgumentException(String.format(Locale.ROOT, "The spectral embedding did not converge in %d"
                + " Lanczos steps: the largest residual of the %d eigenpairs wanted is %.3g, above the tolerance %.3g;"
                + " %s", alphas.size(), numVectors,
                ritz.largestEstimate(Math.min(numVectors - numZeros, ritz.size())), settings.tolerance(), remedy));
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
