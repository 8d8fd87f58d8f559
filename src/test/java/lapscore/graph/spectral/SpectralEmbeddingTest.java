package lapscore.graph.spectral;

import static lapscore.testkit.DenseSpectrum.dot;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import lapscore.data.CacheScope;
import lapscore.graph.WeightedGraph;
import lapscore.graph.search.KnnMethod;
import lapscore.graph.search.approximate.ForestSettings;
import lapscore.graph.spec.GraphSpec;
import lapscore.graph.spec.KnnGraph;
import lapscore.progress.StageTimer;
import lapscore.testkit.BuiltGraphs;
import lapscore.testkit.DenseLaplacianReference;
import lapscore.testkit.DenseSpectrum;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.api.java.JavaRDD;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Lanczos embedding, distributed and in one task, against the dense eigenproblem: the
 * normalised Laplacian {@code I - D^-1/2 W D^-1/2} built from the reference graph's dense W, and
 * its eigenpairs from LAPACK's {@code dsyevd}; on a graph of several components, the eigenvalue
 * 0's vectors against the documented basis built plainly.
 */
class SpectralEmbeddingTest {

    /** The whole iteration in one task, whatever the graph's size. */
    private static final LanczosSettings ONE_TASK = new LanczosSettings(LanczosSettings.DEFAULT_MAX_STEPS, 1e-11, 7L, Long.MAX_VALUE);
    /** A few Spark jobs per step, whatever the graph's size. */
    private static final LanczosSettings DISTRIBUTED = new LanczosSettings(LanczosSettings.DEFAULT_MAX_STEPS, 1e-11, 7L, 0);

    @ParameterizedTest(name = "m={0} k={1} blockSize={2} {3} {4} selfLoops={5} K={6} oneTask={7}")
    @CsvSource({
            "90, 8, 0, euclidean, heat, false, 5, false",
            "90, 8, 0, euclidean, heat, false, 5, true",
            "130, 9, 16, euclidean, heat, true, 10, false",
            "130, 9, 16, euclidean, heat, true, 10, true",
            "130, 10, 30, cosine, cosine, false, 3, true",
            "75, 12, 20, euclidean, binary, false, 6, false",
            "12, 5, 4, euclidean, heat, false, 11, true"})
    void eigenpairsAreTheDenseProblems(int rows, int k, int blockSize, String measure, String kernel, boolean selfLoops,
                                       int numVectors, boolean oneTask) {
        double[][] data = SparkTestSession.clusteredData(rows, 5, rows + k);
        DenseLaplacianReference reference = new DenseLaplacianReference(data, k, measure, kernel, Double.NaN, selfLoops);
        DenseSpectrum dense = DenseSpectrum.of(reference.weights);
        assertTrue(dense.values[1] > 1e-6, "the test graph is connected: " + dense.values[0] + ", " + dense.values[1] + ", " + dense.values[2]);
        try (WeightedGraph graph = BuiltGraphs.of(SparkTestSession.denseFrame(data, 3), spec(k, measure, kernel, selfLoops, blockSize));
             CacheScope caches = new CacheScope()) {
            SpectralEmbedding embedding = SpectralEmbedding.of(graph, numVectors, oneTask ? ONE_TASK : DISTRIBUTED, caches,
                    timer());
            assertEquals(oneTask, embedding.ranInOneTask());
            double[][] vectors = collect(embedding.vectors(), rows, numVectors);
            for (int j = 0; j < numVectors; j++) {
                assertEquals(dense.values[j + 1], embedding.eigenvalues()[j], 1e-10, "lambda_" + (j + 1));
                double[] residual = dense.residual(column(vectors, j), embedding.eigenvalues()[j]);
                assertTrue(norm(residual) < 1e-9, "residual of xi_" + (j + 1) + ": " + norm(residual));
                assertEquals(norm(residual), embedding.residuals()[j], 1e-9);
                assertEquals(0.0, dot(column(vectors, j), dense.vector(0)), 1e-10, "xi_" + (j + 1) + " against xi_0");
                for (int l = 0; l < numVectors; l++) {
                    assertEquals(j == l ? 1.0 : 0.0, dot(column(vectors, j), column(vectors, l)), 1e-10);
                }
            }
            boolean gapAfterLast = numVectors + 1 >= rows || dense.values[numVectors + 1] - dense.values[numVectors] > 1e-6;
            if (gapAfterLast) {
                double[][] projector = dense.projector(1, numVectors + 1);
                for (int a = 0; a < rows; a++) {
                    for (int b = 0; b < rows; b++) {
                        double sum = 0;
                        for (int j = 0; j < numVectors; j++) {
                            sum += vectors[a][j] * vectors[b][j];
                        }
                        assertEquals(projector[a][b], sum, 1e-8, "projector on the eigenvectors, entry " + a + ", " + b);
                    }
                }
            }
        }
    }

    /**
     * Neither the input's partitioning nor where the iteration runs moves an eigenvalue or a
     * vector's entry by a bit (the sums of more than 16 blocks, merged in two levels, are
     * OrderedReduceTest's).
     */
    @Test
    void theEmbeddingDependsNeitherOnThePartitioningNorOnWhereItRuns() {
        double[][] data = SparkTestSession.clusteredData(150, 6, 11L);
        double[] first = null;
        double[][] firstVectors = null;
        for (int partitions : new int[]{1, 4, 9}) {
            for (LanczosSettings settings : partitions == 1 ? new LanczosSettings[]{DISTRIBUTED}
                    : new LanczosSettings[]{DISTRIBUTED, ONE_TASK}) {
                try (WeightedGraph graph = BuiltGraphs.of(SparkTestSession.denseFrame(data, partitions),
                        spec(9, "euclidean", "heat", false, 40));
                     CacheScope caches = new CacheScope()) {
                    SpectralEmbedding embedding = SpectralEmbedding.of(graph, 4, settings, caches, timer());
                    double[][] vectors = collect(embedding.vectors(), 150, 4);
                    if (first == null) {
                        first = embedding.eigenvalues();
                        firstVectors = vectors;
                    } else {
                        assertArrayEquals(first, embedding.eigenvalues(), 0.0);
                        for (int i = 0; i < 150; i++) {
                            assertArrayEquals(firstVectors[i], vectors[i], 0.0);
                        }
                    }
                }
            }
        }
    }

    /** The iteration runs in one task when the memory allowed holds what it needs, and distributed when one byte short. */
    @Test
    void theIterationRunsInOneTaskWhenItsMemoryAllows() {
        double[][] data = SparkTestSession.clusteredData(80, 4, 5L);
        try (WeightedGraph graph = BuiltGraphs.of(SparkTestSession.denseFrame(data, 2), spec(8, "euclidean", "heat", false, 0));
             CacheScope caches = new CacheScope()) {
            long needed = SpectralEmbedding.oneTaskBytes(80, graph.statistics().numEdges() + 80, 40, 3);
            assertTrue(SpectralEmbedding.of(graph, 3, new LanczosSettings(40, 1e-10, 1L, needed), caches, timer()).ranInOneTask());
            assertFalse(SpectralEmbedding.of(graph, 3, new LanczosSettings(40, 1e-10, 1L, needed - 1), caches, timer())
                    .ranInOneTask());
            assertTrue(SpectralEmbedding.of(graph, 3, new LanczosSettings(40, 1e-10, 1L), caches, timer()).ranInOneTask(),
                    "80 rows fit the memory Spark leaves a task");
        }
    }

    /**
     * c clusters far apart, c components: the first {@code min(c - 1, K)} vectors are the
     * documented basis of the eigenvalue 0 (the components' indicators by smallest row,
     * Gram-Schmidt against xi_0, built plainly by {@link DenseSpectrum#zeroEigenspaceBasis()}),
     * their eigenvalues exactly 0; the rest are the dense problem's smallest non-zero eigenpairs.
     * Components spread over several blocks (blockSize 16) take label propagation several rounds.
     * Nine clusters are as many components as COIL20's kNN graph has at k = 5.
     */
    @ParameterizedTest(name = "c={0} K={1} blockSize={2} oneTask={3}")
    @CsvSource({
            "3, 5, 0, true",
            "3, 5, 0, false",
            "3, 5, 16, true",
            "3, 3, 16, false",
            "3, 2, 16, false",
            "3, 1, 0, true",
            "9, 11, 40, true"})
    void aGraphOfSeveralComponentsHasTheirIndicatorsFirst(int clusters, int numVectors, int blockSize, boolean oneTask) {
        int rows = 25 * clusters;
        double[][] data = SparkTestSession.separatedClusters(rows, 3, clusters, 21L);
        DenseSpectrum dense = DenseSpectrum.of(new DenseLaplacianReference(data, 5, "euclidean", "heat", Double.NaN, false)
                .weights);
        double[][] zeros = dense.zeroEigenspaceBasis();
        assertEquals(clusters - 1, zeros.length, "the test graph has one component per cluster");
        assertTrue(dense.values[clusters] > 1e-6, "the eigenvalue 0 comes once per component");
        for (int j = zeros.length + 1; j <= numVectors; j++) {
            assertTrue(dense.values[j + 1] - dense.values[j] > 1e-6, "the non-zero eigenvalues wanted are simple");
        }
        int numZeros = Math.min(zeros.length, numVectors);
        try (WeightedGraph graph = BuiltGraphs.of(SparkTestSession.denseFrame(data, 3),
                spec(5, "euclidean", "heat", false, blockSize));
             CacheScope caches = new CacheScope()) {
            SpectralEmbedding embedding = SpectralEmbedding.of(graph, numVectors, oneTask ? ONE_TASK : DISTRIBUTED, caches,
                    timer());
            assertEquals(oneTask, embedding.ranInOneTask());
            assertEquals(numVectors <= zeros.length, embedding.steps() == 0, "the iteration runs only for non-zero eigenvalues");
            double[][] vectors = collect(embedding.vectors(), rows, numVectors);
            for (int j = 0; j < numVectors; j++) {
                assertTrue(embedding.residuals()[j] < 1e-9, "residual of xi_" + (j + 1));
                assertEquals(norm(dense.residual(column(vectors, j), embedding.eigenvalues()[j])), embedding.residuals()[j],
                        1e-9);
                assertEquals(0.0, dot(column(vectors, j), dense.trivialVector()), 1e-10, "xi_" + (j + 1) + " against xi_0");
                for (int l = 0; l < numVectors; l++) {
                    assertEquals(j == l ? 1.0 : 0.0, dot(column(vectors, j), column(vectors, l)), 1e-10);
                }
                if (j < numZeros) {
                    assertEquals(0.0, embedding.eigenvalues()[j], 0.0, "lambda_" + (j + 1));
                    assertArrayEquals(zeros[j], column(vectors, j), 1e-12, "xi_" + (j + 1) + " is the documented basis");
                } else {
                    assertEquals(dense.values[j + 1], embedding.eigenvalues()[j], 1e-10, "lambda_" + (j + 1));
                    assertEquals(1.0, Math.abs(dot(column(vectors, j), dense.vector(j + 1))), 1e-9,
                            "xi_" + (j + 1) + " is the dense eigenvector, up to sign");
                }
            }
        }
    }

    /**
     * Components of two rows each (every row's one neighbour its partner, binary weights): each
     * has the eigenvalues 0 and 2, so beyond the zeros the complement holds 2 alone, which the
     * iteration reaches through its restarts after each breakdown. Checked against the dense
     * spectrum, the residuals and the orthogonality (the vectors of a repeated eigenvalue are any
     * basis of it).
     */
    @ParameterizedTest(name = "oneTask={0}")
    @ValueSource(booleans = {false, true})
    void componentsOfTwoRowsGiveTheirRepeatedEigenvalue(boolean oneTask) {
        double[][] data = new double[8][];
        for (int i = 0; i < 8; i++) {
            data[i] = new double[]{100.0 * (i % 4) + 0.5 * (i / 4), 1.0};
        }
        DenseSpectrum dense = DenseSpectrum.of(new DenseLaplacianReference(data, 1, "euclidean", "binary", Double.NaN, false)
                .weights);
        assertEquals(3, dense.zeroEigenspaceBasis().length, "the test graph has four components");
        try (WeightedGraph graph = BuiltGraphs.of(SparkTestSession.denseFrame(data, 2), spec(1, "euclidean", "binary", false, 0));
             CacheScope caches = new CacheScope()) {
            SpectralEmbedding embedding = SpectralEmbedding.of(graph, 5, oneTask ? ONE_TASK : DISTRIBUTED, caches, timer());
            double[][] vectors = collect(embedding.vectors(), 8, 5);
            for (int j = 0; j < 5; j++) {
                assertEquals(dense.values[j + 1], embedding.eigenvalues()[j], 1e-12, "lambda_" + (j + 1));
                assertTrue(norm(dense.residual(column(vectors, j), embedding.eigenvalues()[j])) < 1e-12, "xi_" + (j + 1));
                assertEquals(0.0, dot(column(vectors, j), dense.trivialVector()), 1e-12, "xi_" + (j + 1) + " against xi_0");
                for (int l = 0; l < 5; l++) {
                    assertEquals(j == l ? 1.0 : 0.0, dot(column(vectors, j), column(vectors, l)), 1e-12);
                }
            }
        }
    }

    /** A graph of several components takes the same eigenpairs from Spark's jobs as from one task, to the last bit. */
    @ParameterizedTest(name = "blockSize={0}")
    @ValueSource(ints = {0, 16})
    void severalComponentsGiveTheSameEmbeddingInOneTaskAndDistributed(int blockSize) {
        double[][] data = SparkTestSession.separatedClusters(60, 4, 3, 8L);
        double[][][] vectors = new double[2][][];
        double[][] eigenvalues = new double[2][];
        for (int path = 0; path < 2; path++) {
            try (WeightedGraph graph = BuiltGraphs.of(SparkTestSession.denseFrame(data, 2 + path),
                    spec(5, "euclidean", "heat", false, blockSize));
                 CacheScope caches = new CacheScope()) {
                SpectralEmbedding embedding = SpectralEmbedding.of(graph, 3, path == 0 ? ONE_TASK : DISTRIBUTED, caches,
                        timer());
                eigenvalues[path] = embedding.eigenvalues();
                vectors[path] = collect(embedding.vectors(), 60, 3);
            }
        }
        assertEquals(0.0, eigenvalues[0][1], 0.0, "three components: xi_1 and xi_2 of eigenvalue 0");
        assertTrue(eigenvalues[0][2] > 1e-6, "xi_3 of a non-zero eigenvalue");
        assertArrayEquals(eigenvalues[0], eigenvalues[1], 0.0);
        for (int i = 0; i < 60; i++) {
            assertArrayEquals(vectors[0][i], vectors[1][i], 0.0, "row " + i);
        }
    }

    @ParameterizedTest(name = "oneTask={0}")
    @ValueSource(booleans = {false, true})
    void tooFewStepsAreRefusedNamingTheSetting(boolean oneTask) {
        double[][] data = SparkTestSession.clusteredData(120, 5, 3L);
        try (WeightedGraph graph = BuiltGraphs.of(SparkTestSession.denseFrame(data, 2), spec(10, "euclidean", "heat", false, 0));
             CacheScope caches = new CacheScope()) {
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                    () -> SpectralEmbedding.of(graph, 5, new LanczosSettings(6, 1e-10, 1L, oneTask ? Long.MAX_VALUE : 0), caches, timer()));
            assertTrue(refused.getMessage().contains("did not converge in 6 Lanczos steps")
                    && refused.getMessage().contains("maxEmbeddingSteps"), refused.getMessage());
        }
    }

    @Test
    void tooFewStepsOnAGraphOfSeveralComponentsAreRefusedNamingThem() {
        double[][] data = SparkTestSession.separatedClusters(75, 3, 3, 21L);
        try (WeightedGraph graph = BuiltGraphs.of(SparkTestSession.denseFrame(data, 2), spec(5, "euclidean", "heat", false, 0));
             CacheScope caches = new CacheScope()) {
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                    () -> SpectralEmbedding.of(graph, 5, new LanczosSettings(2, 1e-10, 1L), caches, timer()));
            assertTrue(refused.getMessage().contains("did not converge in 2 Lanczos steps")
                    && refused.getMessage().contains("3 components") && refused.getMessage().contains("maxEmbeddingSteps")
                    && !refused.getMessage().contains("\n"), refused.getMessage());
        }
    }

    private static GraphSpec spec(int k, String measure, String kernel, boolean selfLoops, int blockSize) {
        return new KnnGraph(k, KnnMethod.EXACT, new ForestSettings(4, 0, 0, 5, 0, 300, 1L),
                BuiltGraphs.settings(measure, kernel, Double.NaN, selfLoops, blockSize));
    }

    private static StageTimer timer() {
        return new StageTimer(SparkTestSession.spark().sparkContext(), "SpectralEmbeddingTest: ");
    }

    /** The distributed columns as one m x c array, row ids as indices. */
    static double[][] collect(JavaRDD<BlockColumns> columns, int rows, int count) {
        double[][] values = new double[rows][count];
        for (BlockColumns block : columns.collect()) {
            for (int i = 0; i < block.rows(); i++) {
                for (int c = 0; c < count; c++) {
                    values[(int) block.firstRow() + i][c] = block.get(i, c);
                }
            }
        }
        return values;
    }

    private static double[] column(double[][] values, int c) {
        double[] column = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            column[i] = values[i][c];
        }
        return column;
    }

    private static double norm(double[] a) {
        return Math.sqrt(dot(a, a));
    }
}
