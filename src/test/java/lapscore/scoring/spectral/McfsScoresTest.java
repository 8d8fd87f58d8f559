package lapscore.scoring.spectral;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;

import lapscore.graph.WeightedGraph;
import lapscore.graph.search.KnnMethod;
import lapscore.graph.search.approximate.ForestSettings;
import lapscore.graph.spec.KnnGraph;
import lapscore.graph.spectral.LanczosSettings;
import lapscore.progress.StageTimer;
import lapscore.testkit.BuiltGraphs;
import lapscore.testkit.DenseLaplacianReference;
import lapscore.testkit.DenseSpectrum;
import lapscore.testkit.SparkTestSession;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * MCFS against the dense problem: the cluster indicators {@code y_k = D^-1/2 xi_k} from LAPACK's
 * {@code dsyevd} on the dense normalised Laplacian, the centred features' Gram matrix written out
 * plainly, and every regression's coefficients checked against the LASSO's optimality (KKT)
 * conditions at the point where {@code cardinality} features are active and the next is about to
 * join: {@code X~^T (y - X~ a) = lambda sign(a_r)} on the active features, at most lambda in
 * magnitude elsewhere, and lambda reached by one inactive feature.
 */
class McfsScoresTest {

    private static final LanczosSettings SETTINGS = new LanczosSettings(LanczosSettings.DEFAULT_MAX_STEPS, 1e-11, 3L);

    @ParameterizedTest(name = "m={0} k={1} blockSize={2} {3} {4} K={5} d={6} whole Gram up to {7} features")
    @CsvSource({
            "90, 8, 0, euclidean, heat, 4, 1, 4096",
            "90, 8, 25, euclidean, heat, 4, 3, 0",
            "130, 10, 30, cosine, cosine, 3, 2, 4096",
            "75, 12, 20, euclidean, binary, 5, 5, 0"})
    void everyRegressionSolvesTheLassoWithCardinalityFeaturesActive(int rows, int k, int blockSize, String measure,
                                                                     String kernel, int numEigenvectors, int cardinality,
                                                                     int maxWholeGramFeatures) {
        double[][] data = withConstantFeature(SparkTestSession.clusteredData(rows, 5, rows + k + 100));
        int p = data[0].length;
        DenseLaplacianReference reference = new DenseLaplacianReference(data, k, measure, kernel, Double.NaN, false);
        DenseSpectrum spectrum = DenseSpectrum.of(reference.weights);
        for (int j = 1; j <= numEigenvectors; j++) {
            assertTrue(spectrum.values[j + 1] - spectrum.values[j] > 1e-6 && spectrum.values[j] > 1e-6,
                    "the test graph is connected and its first eigenvectors are defined up to sign");
        }
        double[][] centred = centred(data);
        double[][] gram = gram(centred);
        KnnGraph spec = new KnnGraph(k, KnnMethod.EXACT, new ForestSettings(4, 0, 0, 5, 0, 300, 1L),
                BuiltGraphs.settings(measure, kernel, Double.NaN, false, blockSize));
        try (WeightedGraph graph = BuiltGraphs.of(SparkTestSession.denseFrame(data, 3), spec)) {
            double[][] coefficients = new McfsScores(numEigenvectors, cardinality, SETTINGS, maxWholeGramFeatures)
                    .coefficients(graph, timer());
            double[] scores = McfsScores.scoresOf(coefficients);
            for (int e = 0; e < numEigenvectors; e++) {
                assertSolvesTheLasso(centred, gram, indicator(spectrum.vector(e + 1), spectrum.degrees), coefficients[e],
                        cardinality, "eigenvector " + (e + 1));
            }
            for (int r = 0; r < p - 1; r++) {
                double largest = 0;
                for (double[] a : coefficients) {
                    largest = Math.max(largest, Math.abs(a[r]));
                }
                assertEquals(largest, scores[r], 0.0, "MCFS = max_k |a_k|, feature " + r);
            }
            assertTrue(Double.isNaN(scores[p - 1]), "a constant feature has no score");
        }
    }

    /**
     * A graph of three components: the first two regressions are on the documented vectors of
     * eigenvalue 0 ({@link DenseSpectrum#zeroEigenspaceBasis()}, the components' indicators after
     * Gram-Schmidt against xi_0), the others on the dense problem's smallest non-zero pairs.
     */
    @ParameterizedTest(name = "K={0} blockSize={1}")
    @CsvSource({"4, 0", "2, 16"})
    void theRegressionsOfAGraphOfSeveralComponentsAreOnItsIndicatorsFirst(int numEigenvectors, int blockSize) {
        double[][] data = withConstantFeature(SparkTestSession.separatedClusters(75, 5, 3, 21L));
        DenseSpectrum spectrum = DenseSpectrum.of(new DenseLaplacianReference(data, 5, "euclidean", "heat", Double.NaN, false)
                .weights);
        double[][] zeros = spectrum.zeroEigenspaceBasis();
        assertEquals(2, zeros.length, "the test graph has three components");
        assertTrue(spectrum.values[3] > 1e-6, "the fourth eigenvalue is not 0");
        for (int j = zeros.length + 1; j <= numEigenvectors; j++) {
            assertTrue(spectrum.values[j + 1] - spectrum.values[j] > 1e-6, "the non-zero eigenvalues wanted are simple");
        }
        double[][] centred = centred(data);
        double[][] gram = gram(centred);
        KnnGraph spec = new KnnGraph(5, KnnMethod.EXACT, new ForestSettings(4, 0, 0, 5, 0, 300, 1L),
                BuiltGraphs.settings("euclidean", "heat", Double.NaN, false, blockSize));
        try (WeightedGraph graph = BuiltGraphs.of(SparkTestSession.denseFrame(data, 3), spec)) {
            double[][] coefficients = new McfsScores(numEigenvectors, 2, SETTINGS).coefficients(graph, timer());
            for (int e = 0; e < numEigenvectors; e++) {
                double[] xi = e < zeros.length ? zeros[e] : spectrum.vector(e + 1);
                assertSolvesTheLasso(centred, gram, indicator(xi, spectrum.degrees), coefficients[e], 2,
                        "eigenvector " + (e + 1));
            }
        }
    }

    /**
     * A wide table (more features than rows, so the least-squares fit is never reached and the
     * paths stop at d): the columns fetched in rounds give the regressions the whole matrix's
     * coefficients, whatever the blocks.
     */
    @ParameterizedTest(name = "blockSize={0}")
    @CsvSource({"0", "17"})
    void columnsInRoundsGiveTheWholeGramsCoefficients(int blockSize) {
        Random random = new Random(11);
        double[][] data = new double[60][151];
        for (double[] row : data) {
            for (int r = 0; r < 150; r++) {
                row[r] = random.nextGaussian() * (1 + r % 7);
            }
            row[150] = 3.25;
        }
        KnnGraph spec = new KnnGraph(12, KnnMethod.EXACT, new ForestSettings(4, 0, 0, 5, 0, 300, 1L),
                BuiltGraphs.settings("euclidean", "heat", Double.NaN, false, blockSize));
        try (WeightedGraph graph = BuiltGraphs.of(SparkTestSession.denseFrame(data, 4), spec)) {
            double[][] whole = new McfsScores(3, 8, SETTINGS, Integer.MAX_VALUE).coefficients(graph, timer());
            double[][] rounds = new McfsScores(3, 8, SETTINGS).coefficients(graph, timer());
            for (int e = 0; e < whole.length; e++) {
                assertEquals(8, Arrays.stream(whole[e]).filter(value -> value != 0 && !Double.isNaN(value)).count(),
                        "eight features active");
                assertTrue(Double.isNaN(whole[e][150]) && Double.isNaN(rounds[e][150]), "a constant feature has no coefficient");
                for (int r = 0; r < 150; r++) {
                    assertEquals(whole[e][r], rounds[e][r], 1e-9 * (1 + Math.abs(whole[e][r])),
                            "eigenvector " + (e + 1) + ", feature " + r);
                }
            }
        }
    }

    /**
     * {@code a} (a constant last feature's NaN aside) solves the LASSO of {@code y} on the centred
     * features with {@code cardinality} of them active: the KKT conditions at the point where the
     * next feature is about to join (or the least-squares fit when all are active).
     */
    private static void assertSolvesTheLasso(double[][] centred, double[][] gram, double[] y, double[] a, int cardinality,
                                             String which) {
        int p = gram.length;
        double[] correlations = new double[p];
        for (int r = 0; r < p; r++) {
            for (int i = 0; i < y.length; i++) {
                correlations[r] += centred[i][r] * y[i];
            }
        }
        assertTrue(Double.isNaN(a[p - 1]), "a constant feature has no coefficient");
        double[] residual = new double[p - 1];
        double agreement = 0;
        for (int r = 0; r < p - 1; r++) {
            agreement += correlations[r] * a[r];
        }
        double sign = Math.signum(agreement);
        double lambda = 0;
        for (int r = 0; r < p - 1; r++) {
            residual[r] = sign * correlations[r];
            for (int q = 0; q < p - 1; q++) {
                residual[r] -= gram[r][q] * a[q];
            }
            lambda = Math.max(lambda, Math.abs(residual[r]));
        }
        int active = (int) Arrays.stream(a, 0, p - 1).filter(value -> value != 0).count();
        assertEquals(Math.min(cardinality, p - 1), active, "features active: " + Arrays.toString(a));
        if (active == p - 1) {
            assertEquals(0.0, lambda, 1e-9 * norm(correlations), "all active: the least-squares fit");
            return;
        }
        double nextToJoin = 0;
        for (int r = 0; r < p - 1; r++) {
            if (a[r] != 0) {
                assertEquals(lambda * Math.signum(a[r]), residual[r], 1e-6 * lambda,
                        which + ", active feature " + r + ": correlation lambda sign(a)");
            } else {
                nextToJoin = Math.max(nextToJoin, Math.abs(residual[r]));
            }
        }
        assertEquals(lambda, nextToJoin, 1e-6 * lambda, which + ": an inactive feature is about to join");
    }

    /** The cluster indicator {@code y = D^-1/2 xi}. */
    private static double[] indicator(double[] xi, double[] degrees) {
        double[] y = new double[xi.length];
        for (int i = 0; i < y.length; i++) {
            y[i] = xi[i] / Math.sqrt(degrees[i]);
        }
        return y;
    }

    /** The centred features' Gram matrix {@code X~^T X~}. */
    private static double[][] gram(double[][] centred) {
        int p = centred[0].length;
        double[][] gram = new double[p][p];
        for (int a = 0; a < p; a++) {
            for (int b = 0; b < p; b++) {
                for (double[] row : centred) {
                    gram[a][b] += row[a] * row[b];
                }
            }
        }
        return gram;
    }

    private static double[][] centred(double[][] data) {
        int p = data[0].length;
        double[] means = new double[p];
        for (double[] row : data) {
            for (int r = 0; r < p; r++) {
                means[r] += row[r] / data.length;
            }
        }
        double[][] centred = new double[data.length][p];
        for (int i = 0; i < data.length; i++) {
            for (int r = 0; r < p; r++) {
                centred[i][r] = data[i][r] - means[r];
            }
        }
        return centred;
    }

    private static double[][] withConstantFeature(double[][] data) {
        double[][] extended = new double[data.length][];
        for (int i = 0; i < data.length; i++) {
            extended[i] = Arrays.copyOf(data[i], data[i].length + 1);
            extended[i][data[i].length] = -2.5;
        }
        return extended;
    }

    private static double norm(double[] x) {
        double sum = 0;
        for (double v : x) {
            sum += v * v;
        }
        return Math.sqrt(sum);
    }

    private static StageTimer timer() {
        return new StageTimer(SparkTestSession.spark().sparkContext(), "McfsScoresTest: ");
    }
}
