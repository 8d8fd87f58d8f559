package lapscore.graph.spectral;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

import lapscore.data.CacheScope;
import lapscore.data.blocks.BlockLayout;
import lapscore.graph.WeightedGraph;
import lapscore.graph.edges.Edge;
import lapscore.graph.edges.EdgeWeighting;
import lapscore.data.TaskMemory;
import lapscore.progress.Stage;
import lapscore.progress.StageTimer;
import org.apache.spark.HashPartitioner;
import org.apache.spark.api.java.JavaRDD;

import scala.Tuple2;

/**
 * The K smallest non-trivial eigenpairs {@code (lambda_j, xi_j)}, {@code 0 <= lambda_1 <= ... <=
 * lambda_K}, of a graph's normalised Laplacian {@code L~ = I - D^-1/2 S D^-1/2} (S the weight
 * matrix, D its degrees; von Luxburg, "A tutorial on spectral clustering", 2007, section 3.2), the
 * eigenvectors held distributed by the graph's blocks. The trivial pair is {@code lambda_0 = 0},
 * {@code xi_0 = D^1/2 1 / ||D^1/2 1||}. {@code y = D^-1/2 xi} solves the generalised problem
 * {@code L y = lambda D y} of Cai, Zhang and He (MCFS, KDD 2010, eq. 2).
 *
 * <p>A graph of c connected components (of its edges of positive weight) has the eigenvalue 0 c
 * times, its eigenspace spanned by the components' indicators {@code D^1/2 1_C} (von Luxburg,
 * propositions 2 and 4). Its c - 1 non-trivial directions come first, {@code lambda_1 = ... =
 * lambda_c-1 = 0} exactly, in one deterministic basis ({@link ZeroEigenspace}: the indicators, by
 * their components' smallest row id, Gram-Schmidt against {@code xi_0}), as Cai's
 * {@code Eigenmap.m} for MCFS keeps them: they are the graph's cluster indicators. SPEC's phi3
 * (Zhao and Liu, ICML 2007) and MCFS read them as any other eigenvector. The components are labelled
 * by {@link ComponentLabels}, in the one task or, distributed, by label propagation over the block
 * pairs (a Spark job per round, about as many rounds as block pairs a path within a component
 * crosses, plus one). A connected graph (c = 1) gives the same eigenpairs to the last bit as
 * before components were handled: {@code xi_0} is then the only indicator.
 *
 * <p>Lanczos with full reorthogonalisation ({@link Lanczos}; Golub and Van Loan, "Matrix
 * Computations", 4th ed., algorithm 10.1.1 and section 10.3.1) on {@code A = D^-1/2 S D^-1/2},
 * whose largest eigenvalues {@code theta = 1 - lambda} are wanted, in the complement of all c
 * indicators: every Lanczos vector is orthogonalised against them as well, so no eigenvalue 0
 * appears, and the {@code K - (c - 1)} smallest non-zero eigenvalues follow the zeros (the
 * iteration does not run when {@code K <= c - 1}). Step j multiplies by A once (one pass over the
 * edges, {@link WeightProduct}) and reduces two rows of dot products; the driver holds the
 * tridiagonal matrix {@code T_j} and its eigenvectors, O(j^2) numbers. The iteration stops when
 * every wanted Ritz pair's residual estimate {@code |beta_j s_ji|} is within the tolerance (section
 * 10.1.4), or when the Krylov space holds every direction left; the residuals
 * {@code ||L~ xi - lambda xi||} are then measured with one more product and reported.
 *
 * <p>Where it runs: a graph whose edges and {@code maxSteps} Lanczos vectors fit the memory
 * {@link LanczosSettings#oneTaskBytes} allows runs the whole iteration in one task, its edges
 * gathered there once, with no Spark job per step; a larger graph runs distributed, its vectors
 * by the graph's blocks, a few jobs a step. The two compute every block's share the same way and
 * add the shares in the same order, and label the components alike, so they give the same
 * eigenpairs to the last bit.
 *
 * <p>Rows without an edge of positive weight are refused: {@code D^-1/2} is not defined there.
 * The start vector is a hash of the seed and each row's values, so the embedding depends on the
 * graph and the seed, never on the input's partitioning, and on the rows' order only through the
 * rounding of the sums (and, for a graph of several components, through the order of the
 * components, by their smallest row id).
 */
public final class SpectralEmbedding {

    /** Memory an edge takes in the one task: the edge, its place in a list and its share of a product's parts. */
    private static final long BYTES_PER_EDGE = 96;

    private final double[] eigenvalues;
    private final double[] residuals;
    private final JavaRDD<BlockColumns> vectors;
    private final JavaRDD<BlockColumns> sqrtDegrees;
    private final int steps;
    private final boolean inOneTask;

    private SpectralEmbedding(double[] eigenvalues, double[] residuals, JavaRDD<BlockColumns> vectors,
                              JavaRDD<BlockColumns> sqrtDegrees, int steps, boolean inOneTask) {
        this.eigenvalues = eigenvalues;
        this.residuals = residuals;
        this.vectors = vectors;
        this.sqrtDegrees = sqrtDegrees;
        this.steps = steps;
        this.inOneTask = inOneTask;
    }

    /**
     * The {@code numVectors} smallest non-trivial eigenpairs of {@code graph}'s normalised
     * Laplacian; what it caches goes into {@code caches} (the fit's), its passes timed by
     * {@code timer} under {@link Stage#SCORES}.
     *
     * @throws IllegalArgumentException when a row has no edge of positive weight, the graph has no
     *                                  more rows than {@code numVectors}, or the pairs do not
     *                                  converge within {@code settings.maxSteps()} steps
     */
    public static SpectralEmbedding of(WeightedGraph graph, int numVectors, LanczosSettings settings, CacheScope caches,
                                       StageTimer timer) {
        long numRows = graph.layout().numRows();
        if (numVectors < 1 || numVectors >= numRows) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%d eigenvectors were asked of a graph of %d rows:"
                    + " the non-trivial ones number at most %d; ask for between 1 and %d", numVectors, numRows, numRows - 1,
                    numRows - 1));
        }
        long needed = oneTaskBytes(numRows, graph.statistics().numEdges() + numRows, settings.maxSteps(), numVectors);
        long allowed = settings.oneTaskBytes() == LanczosSettings.TASK_MEMORY
                ? TaskMemory.perTask(graph.blocks().context()) : settings.oneTaskBytes();
        return needed <= allowed ? inOneTask(graph, numVectors, settings, caches, timer, needed)
                : distributed(graph, numVectors, settings, caches, timer);
    }

    /** {@code lambda_1 ... lambda_K}, ascending. */
    public double[] eigenvalues() {
        return eigenvalues.clone();
    }

    /** {@code ||L~ xi_j - lambda_j xi_j||} of every pair, measured after the iteration. */
    public double[] residuals() {
        return residuals.clone();
    }

    /**
     * {@code xi_1 ... xi_K} (unit length, orthogonal to each other and to xi_0), column j-1 holding
     * xi_j, by the graph's blocks; for a graph of c components, the first {@code min(c - 1, K)}
     * those of eigenvalue 0 ({@link ZeroEigenspace}).
     */
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

    /** Whether the iteration ran in one task (a small graph) rather than distributed. */
    public boolean ranInOneTask() {
        return inOneTask;
    }

    /**
     * The memory the iteration takes in one task: {@code maxSteps + 5K + 10} vectors of every row
     * (the Lanczos vectors, at most K + 1 components' indicators and K vectors of eigenvalue 0
     * besides the eigenvectors and their products, the component labels and their union-find),
     * and the edges.
     */
    static long oneTaskBytes(long numRows, long numEdges, int maxSteps, int numVectors) {
        return Long.BYTES * numRows * (maxSteps + 5L * numVectors + 10) + BYTES_PER_EDGE * numEdges;
    }

    private static SpectralEmbedding distributed(WeightedGraph graph, int numVectors, LanczosSettings settings,
                                                 CacheScope caches, StageTimer timer) {
        Lanczos<JavaRDD<BlockColumns>> lanczos = new Lanczos<>(new DistributedColumns(graph, caches), numVectors, settings,
                graph.layout().numRows());
        Ritz ritz = timer.run(Stage.SCORES, String.format(Locale.ROOT, "Spectral embedding: the %d smallest non-trivial"
                + " eigenpairs of the normalised Laplacian (Lanczos, at most %d steps)", numVectors, settings.maxSteps()),
                lanczos::iterate);
        Lanczos.Eigenpairs<JavaRDD<BlockColumns>> pairs = timer.run(Stage.SCORES, String.format(Locale.ROOT,
                "Spectral embedding: the %d eigenvectors after %d Lanczos steps, and their residuals", numVectors, ritz.size()),
                () -> lanczos.finish(ritz));
        return new SpectralEmbedding(pairs.eigenvalues(), pairs.residuals(), pairs.vectors(), pairs.sqrtDegrees(),
                pairs.steps(), false);
    }

    /**
     * The whole iteration in one task: the edges by block pair and the rows' content keys gathered
     * into it, the eigenvectors sent back to the graph's blocks. A refusal inside the task comes
     * back as its message and is thrown here.
     */
    private static SpectralEmbedding inOneTask(WeightedGraph graph, int numVectors, LanczosSettings settings,
                                               CacheScope caches, StageTimer timer, long bytes) {
        BlockLayout layout = graph.layout();
        EdgeWeighting weighting = graph.weighting();
        long numRows = layout.numRows();
        JavaRDD<Tuple2<Integer, List<Edge>>> edges = graph.edgesByBlockPair().mapPartitionsWithIndex((pair, pairEdges) -> {
            List<Edge> list = new ArrayList<>();
            pairEdges.forEachRemaining(list::add);
            return List.of(new Tuple2<>(pair, list)).iterator();
        }, false);
        JavaRDD<Tuple2<Integer, long[]>> keys = graph.blocks()
                .map(block -> new Tuple2<>(block.index(), StartVector.contentKeys(block)));
        JavaRDD<TaskResult> result = caches.persist(keys.coalesce(1).zipPartitions(edges.coalesce(1), (blockKeys, pairEdges) -> {
            TaskColumns store = new TaskColumns(layout, weighting, inOrder(pairEdges), inOrder(blockKeys));
            return List.of(TaskResult.of(new Lanczos<>(store, numVectors, settings, numRows))).iterator();
        }));
        TaskResult.Summary summary = timer.run(Stage.SCORES, String.format(Locale.ROOT, "Spectral embedding: the %d"
                + " smallest non-trivial eigenpairs of the normalised Laplacian (Lanczos, at most %d steps) in one task,"
                + " its %,d rows and edges there (at most %,d MiB)", numVectors, settings.maxSteps(), numRows,
                Math.max(1, bytes >> 20)),
                () -> result.map(TaskResult::summary).first());
        if (summary.refusal() != null) {
            caches.release(result);
            throw new IllegalArgumentException(summary.refusal());
        }
        int numBlocks = layout.numBlocks();
        JavaRDD<BlockColumns> vectors = caches.persist(byBlock(result.flatMap(task -> task.vectors.iterator()), numBlocks));
        JavaRDD<BlockColumns> sqrtDegrees = caches.persist(byBlock(result.flatMap(task -> task.sqrtDegrees.iterator()),
                numBlocks));
        timer.run(Stage.SCORES, String.format(Locale.ROOT, "Spectral embedding: the %d eigenvectors after %d Lanczos steps,"
                + " sent to the graph's blocks", numVectors, summary.steps()), () -> vectors.count() + sqrtDegrees.count());
        caches.release(result);
        return new SpectralEmbedding(summary.eigenvalues(), summary.residuals(), vectors, sqrtDegrees, summary.steps(), true);
    }

    /** The values of {@code (position, value)} pairs, in ascending position. */
    private static <T> List<T> inOrder(Iterator<Tuple2<Integer, T>> numbered) {
        List<Tuple2<Integer, T>> sorted = new ArrayList<>();
        numbered.forEachRemaining(sorted::add);
        sorted.sort(Comparator.comparingInt(Tuple2::_1));
        List<T> values = new ArrayList<>(sorted.size());
        sorted.forEach(pair -> values.add(pair._2()));
        return values;
    }

    /** {@code columns} laid out as the graph's blocks: partition i holding block i. */
    private static JavaRDD<BlockColumns> byBlock(JavaRDD<BlockColumns> columns, int numBlocks) {
        return columns.mapToPair(block -> new Tuple2<>(block.block(), block))
                .partitionBy(new HashPartitioner(numBlocks))
                .values();
    }

    /**
     * What the one task returns: the eigenpairs and the columns, or the message of the refusal. A
     * class, not a record: Spark's bundled Kryo cannot serialise records.
     */
    private static final class TaskResult implements Serializable {
        private final Summary summary;
        private final List<BlockColumns> vectors;
        private final List<BlockColumns> sqrtDegrees;

        private TaskResult(Summary summary, List<BlockColumns> vectors, List<BlockColumns> sqrtDegrees) {
            this.summary = summary;
            this.vectors = vectors;
            this.sqrtDegrees = sqrtDegrees;
        }

        static TaskResult of(Lanczos<List<BlockColumns>> lanczos) {
            try {
                Lanczos.Eigenpairs<List<BlockColumns>> pairs = lanczos.run();
                return new TaskResult(new Summary(pairs.eigenvalues(), pairs.residuals(), pairs.steps(), null),
                        pairs.vectors(), pairs.sqrtDegrees());
            } catch (IllegalArgumentException refused) {
                return new TaskResult(new Summary(null, null, 0, refused.getMessage()), List.of(), List.of());
            }
        }

        Summary summary() {
            return summary;
        }

        /** The numbers of the result, without its columns. */
        private static final class Summary implements Serializable {
            private final double[] eigenvalues;
            private final double[] residuals;
            private final int steps;
            private final String refusal;

            Summary(double[] eigenvalues, double[] residuals, int steps, String refusal) {
                this.eigenvalues = eigenvalues;
                this.residuals = residuals;
                this.steps = steps;
                this.refusal = refusal;
            }

            double[] eigenvalues() {
                return eigenvalues;
            }

            double[] residuals() {
                return residuals;
            }

            int steps() {
                return steps;
            }

            String refusal() {
                return refusal;
            }
        }
    }
}
