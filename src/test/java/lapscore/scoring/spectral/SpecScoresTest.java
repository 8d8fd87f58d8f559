package lapscore.scoring.spectral;

import static lapscore.testkit.DenseSpectrum.dot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import lapscore.graph.WeightedGraph;
import lapscore.graph.search.KnnMethod;
import lapscore.graph.search.approximate.ForestSettings;
import lapscore.graph.spec.KnnGraph;
import lapscore.graph.spectral.LanczosSettings;
import lapscore.progress.StageTimer;
import lapscore.scoring.ScoreOrder;
import lapscore.testkit.BuiltGraphs;
import lapscore.testkit.DenseLaplacianReference;
import lapscore.testkit.DenseSpectrum;
import lapscore.testkit.SparkTestSession;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Zhao and Liu's three SPEC scores against the dense eigenproblem: every feature's weighted,
 * normalised {@code fh = D^1/2 f / ||D^1/2 f||} projected on all eigenvectors of the dense
 * normalised Laplacian (LAPACK's {@code dsyevd}), phi1 both as {@code fh^T L~ fh} and as the sum
 * over all eigenpairs, phi2 as the Laplacian Score of the plain reference, phi3 over the K smallest
 * non-trivial pairs.
 */
class SpecScoresTest {

    private static final LanczosSettings SETTINGS = new LanczosSettings(LanczosSettings.DEFAULT_MAX_STEPS, 1e-11, 5L);

    /**
     * phi1, phi2 and phi3 with K = {@code numEigenvectors} of every feature of {@code data}, on its
     * exact k-NN graph of the given distance, kernel, self-loops and blocks.
     */
    private static double[][] variants(double[][] data, int k, String measure, String kernel, boolean selfLoops, int blockSize,
                                       int numEigenvectors) {
        KnnGraph spec = new KnnGraph(k, KnnMethod.EXACT, new ForestSettings(4, 0, 0, 5, 0, 300, 1L),
                BuiltGraphs.settings(measure, kernel, Double.NaN, selfLoops, blockSize));
        try (WeightedGraph graph = BuiltGraphs.of(SparkTestSession.denseFrame(data, 3), spec)) {
            double[][] variants = new double[3][];
            for (int variant = 1; variant <= 3; variant++) {
                variants[variant - 1] = new SpecScores(variant, numEigenvectors, SETTINGS).scores(graph, timer());
            }
            return variants;
        }
    }

    @ParameterizedTest(name = "m={0} k={1} blockSize={2} {3} {4} selfLoops={5} K={6}")
    @CsvSource({
            "90, 8, 0, euclidean, heat, false, 5",
            "130, 9, 16, euclidean, heat, true, 10",
            "130, 10, 30, cosine, cosine, false, 3",
            "75, 12, 20, euclidean, binary, false, 6"})
    void everyVariantIsTheDenseFormula(int rows, int k, int blockSize, String measure, String kernel, boolean selfLoops,
                                       int numEigenvectors) {
        double[][] data = withConstantFeature(SparkTestSession.clusteredData(rows, 5, rows + k));
        DenseLaplacianReference reference = new DenseLaplacianReference(data, k, measure, kernel, Double.NaN, selfLoops);
        DenseSpectrum spectrum = DenseSpectrum.of(reference.weights);
        assertTrue(spectrum.values[1] > 1e-6, "the test graph is connected");
        assertTrue(spectrum.values[numEigenvectors + 1] - spectrum.values[numEigenvectors] > 1e-6,
                "phi3 is defined: lambda_K and lambda_K+1 differ");
        double[] laplacianScores = DenseLaplacianReference.scoresOf(reference.weights, data, false);
        double[][] variants = variants(data, k, measure, kernel, selfLoops, blockSize, numEigenvectors);
        double[] phi1 = variants[0];
        double[] phi2 = variants[1];
        double[] phi3 = variants[2];
        int features = data[0].length;
        for (int r = 0; r < features - 1; r++) {
            double[] fh = weightedNormalised(data, r, spectrum.degrees);
            double[] alpha = new double[rows];
            for (int j = 0; j < rows; j++) {
                alpha[j] = dot(spectrum.vector(j), fh);
            }
            double quadratic = dot(fh, times(spectrum.laplacian, fh));
            double overAllPairs = 0;
            for (int j = 0; j < rows; j++) {
                overAllPairs += alpha[j] * alpha[j] * spectrum.values[j];
            }
            double expectedPhi3 = 0;
            for (int j = 1; j <= numEigenvectors; j++) {
                expectedPhi3 += (2 - spectrum.values[j]) * alpha[j] * alpha[j];
            }
            assertEquals(quadratic, overAllPairs, 1e-12, "phi1 = sum_j alpha_j^2 lambda_j");
            assertClose(quadratic, phi1[r], "phi1 of feature " + r);
            assertClose(quadratic / (1 - alpha[0] * alpha[0]), phi2[r], "phi2 of feature " + r);
            assertClose(laplacianScores[r], phi2[r], "phi2 = Laplacian Score, feature " + r);
            assertClose(expectedPhi3, phi3[r], "phi3 of feature " + r);
        }
        assertTrue(Double.isNaN(phi1[features - 1]) && Double.isNaN(phi2[features - 1]) && Double.isNaN(phi3[features - 1]),
                "a constant feature has no score");
        assertEquals(ScoreOrder.SMALLER_IS_BETTER, new SpecScores(1, 1, SETTINGS).order());
        assertEquals(ScoreOrder.SMALLER_IS_BETTER, new SpecScores(2, 1, SETTINGS).order());
        assertEquals(ScoreOrder.LARGER_IS_BETTER, new SpecScores(3, 1, SETTINGS).order());
    }

    /**
     * A graph of three components: phi1 and phi2 as on a connected graph (their formulas read no
     * eigenvector), phi3 over the documented vectors of eigenvalue 0 ({@code 2 - 0 = 2} each,
     * {@link DenseSpectrum#zeroEigenspaceBasis()}) then the dense problem's smallest non-zero pairs.
     */
    @ParameterizedTest(name = "K={0} blockSize={1}")
    @CsvSource({"5, 0", "4, 16", "1, 16"})
    void everyVariantIsTheDenseFormulaOnAGraphOfSeveralComponents(int numEigenvectors, int blockSize) {
        int rows = 75;
        double[][] data = withConstantFeature(SparkTestSession.separatedClusters(rows, 4, 3, 21L));
        DenseLaplacianReference reference = new DenseLaplacianReference(data, 5, "euclidean", "heat", Double.NaN, false);
        DenseSpectrum spectrum = DenseSpectrum.of(reference.weights);
        double[][] zeros = spectrum.zeroEigenspaceBasis();
        assertEquals(2, zeros.length, "the test graph has three components");
        assertTrue(spectrum.values[3] > 1e-6, "the fourth eigenvalue is not 0");
        for (int j = zeros.length + 1; j <= numEigenvectors; j++) {
            assertTrue(spectrum.values[j + 1] - spectrum.values[j] > 1e-6, "the non-zero eigenvalues wanted are simple");
        }
        double[] laplacianScores = DenseLaplacianReference.scoresOf(reference.weights, data, false);
        double[][] variants = variants(data, 5, "euclidean", "heat", false, blockSize, numEigenvectors);
        double[] phi1 = variants[0];
        double[] phi2 = variants[1];
        double[] phi3 = variants[2];
        int features = data[0].length;
        for (int r = 0; r < features - 1; r++) {
            double[] fh = weightedNormalised(data, r, spectrum.degrees);
            double quadratic = dot(fh, times(spectrum.laplacian, fh));
            double trivial = dot(fh, spectrum.trivialVector());
            double expectedPhi3 = 0;
            for (int j = 1; j <= numEigenvectors; j++) {
                double alpha = j <= zeros.length ? dot(zeros[j - 1], fh) : dot(spectrum.vector(j), fh);
                double lambda = j <= zeros.length ? 0.0 : spectrum.values[j];
                expectedPhi3 += (2 - lambda) * alpha * alpha;
            }
            assertClose(quadratic, phi1[r], "phi1 of feature " + r);
            assertClose(quadratic / (1 - trivial * trivial), phi2[r], "phi2 of feature " + r);
            assertClose(laplacianScores[r], phi2[r], "phi2 = Laplacian Score, feature " + r);
            assertClose(expectedPhi3, phi3[r], "phi3 of feature " + r);
        }
        assertTrue(Double.isNaN(phi1[features - 1]) && Double.isNaN(phi2[features - 1]) && Double.isNaN(phi3[features - 1]),
                "a constant feature has no score");
    }

    private static void assertClose(double expected, double actual, String what) {
        assertEquals(expected, actual, 1e-9 * Math.max(1.0, Math.abs(expected)), what);
    }

    private static double[][] withConstantFeature(double[][] data) {
        double[][] extended = new double[data.length][];
        for (int i = 0; i < data.length; i++) {
            extended[i] = Arrays.copyOf(data[i], data[i].length + 1);
            extended[i][data[i].length] = 3.0;
        }
        return extended;
    }

    private static double[] weightedNormalised(double[][] data, int feature, double[] degrees) {
        double[] fh = new double[data.length];
        for (int i = 0; i < data.length; i++) {
            fh[i] = Math.sqrt(degrees[i]) * data[i][feature];
        }
        double norm = Math.sqrt(dot(fh, fh));
        for (int i = 0; i < fh.length; i++) {
            fh[i] /= norm;
        }
        return fh;
    }

    private static double[] times(double[][] matrix, double[] x) {
        double[] product = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            product[i] = dot(matrix[i], x);
        }
        return product;
    }

    private static StageTimer timer() {
        return new StageTimer(SparkTestSession.spark().sparkContext(), "SpecScoresTest: ");
    }
}
