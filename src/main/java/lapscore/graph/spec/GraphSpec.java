package lapscore.graph.spec;

import java.io.Serializable;
import java.util.Optional;

import lapscore.data.blocks.BlockLayout;
import lapscore.data.blocks.PreparedRows;
import lapscore.progress.StageTimer;

/**
 * Which pairs of rows are neighbours, the first choice of a graph-based score: one variant per graph,
 * each with its own params, its checks and its build step, plus the {@link GraphSettings} all graphs
 * share. The selectors and the command line ask the spec what it needs and what it reads instead of
 * testing its type, so a new graph is one new variant. The defaults describe a graph of distances
 * found by the exact join and built as edges, without labels; each variant overrides what differs.
 * {@link lapscore.graph.GraphBuilder#build} turns a spec and prepared rows into a
 * {@link lapscore.graph.WeightedGraph}.
 *
 * <p>Params are in the units of the user's data; the build carries them into the units of the rows'
 * {@link lapscore.data.numerics.DataScale}.
 */
public sealed interface GraphSpec extends Serializable permits KnnGraph, EpsilonGraph, ClassGraph, KnnWithinClassGraph {

    /** The distance, weighting and block layout of the graph. */
    GraphSettings settings();

    /** The value of the {@code graphType} param that selects this graph, e.g. {@code "classKnn"}. */
    String graphType();

    /** The graph's name in progress lines, e.g. "kNN graph within classes". */
    String title();

    /**
     * Refuses params this graph cannot be built from, with a message that names the param; reads no
     * row, so it runs before the data are touched. By default every value the params accept is built.
     */
    default void check() {
    }

    /** Whether the edges join rows of the same label only, so that the rows need labels; by default not. */
    default boolean needsLabels() {
        return false;
    }

    /**
     * Whether the graph is built as a list of edges; the class graph is not (it would have n_l^2
     * edges per class), its scores are read from per-class moments. By default it is.
     */
    default boolean materialised() {
        return true;
    }

    /** Refuses, before any row is read, a graph that is not {@link #materialised()}. */
    default void requireMaterialised() {
    }

    /** Whether the edges or their weights depend on the distances between rows; by default they do. */
    default boolean weighsDistances() {
        return true;
    }

    /**
     * k, the neighbours every row is joined to, which the rows must outnumber; 0 for a graph that
     * reads no {@code numNeighbors}.
     */
    int numNeighbours();

    /** Whether this graph reads {@code radius} and {@code maxEdges}; by default not. */
    default boolean usesRadius() {
        return false;
    }

    /**
     * Whether this graph reads the params of the approximate search ({@code knnMethod},
     * {@code numTrees}, {@code leafSize}, {@code refinementRounds}, {@code recallSampleSize}); by
     * default not: the graph is searched exactly.
     */
    default boolean usesSearch() {
        return false;
    }

    /** Whether the rows must be non-zero: by default when the distance or the weights need their cosines. */
    default boolean needsCosines() {
        return settings().needsCosines();
    }

    /**
     * This graph for tasks with {@code bytes} of heap for rows
     * ({@link lapscore.data.TaskMemory}): by default itself, as only the
     * approximate search sizes its tasks by memory.
     */
    default GraphSpec withTaskMemory(long bytes) {
        return this;
    }

    /**
     * The most rows per block of {@code numRows} rows of {@code numFeatures} features: by default
     * {@link lapscore.data.blocks.BlockLayout#EXACT_JOIN_ROWS_PER_BLOCK}, as the graph is found
     * by the exact all-pairs join; half the search's task bound for an approximate graph, whose
     * scoring pass reads two blocks per task; no bound for a graph that is not built.
     */
    default int maxRowsPerBlock(long numRows, int numFeatures) {
        return BlockLayout.EXACT_JOIN_ROWS_PER_BLOCK;
    }

    /**
     * Whether the distances of {@code numRows} rows can be measured on sparse points
     * ({@link lapscore.graph.kernel.SparsePoints}): by default yes, as every exact search
     * and the epsilon graph can; the approximate search's trees need dense points.
     */
    default boolean measuresSparseRows(long numRows) {
        return true;
    }

    /**
     * A warning of the cost of finding this graph on {@code numRows} rows of {@code numFeatures}
     * features with {@code cores} cores, given before the search starts; empty when there is none.
     */
    default Optional<String> costWarning(long numRows, int numFeatures, int cores) {
        return Optional.empty();
    }

    /**
     * The build step: the edges of this graph on {@code rows} (distances from {@code centre}, in the
     * units of the rows), cached, one record per unordered edge placed in the partition of its block
     * pair, with the neighbour lists they came from, all cached in the scope of {@code rows}
     * ({@link PreparedRows#caches()}), whose owner releases them, also when the step fails.
     */
    FoundEdges findEdges(PreparedRows rows, double[] centre, StageTimer timer);

    /** Distinct labels of the rows for a graph within classes, counted after its edges; 0 for the others. */
    default int countClasses(PreparedRows rows, StageTimer timer) {
        return 0;
    }

    /** The param whose larger value joins more rows by an edge of positive weight: by default the heat kernel's bandwidth. */
    default String joiningParam() {
        return "bandwidth";
    }

    /**
     * Why a graph without positive weight has no edge at all, and what to do. By default the graph
     * joins every row to its k nearest, so it has no edge only when no class has two rows.
     */
    default String noEdgeReason() {
        return "no class has two rows";
    }

    /**
     * When a row of this graph has only exact copies of itself as neighbours, for the warning about
     * duplicated rows. By default the graph joins every row to its k nearest: when it is repeated
     * more than k times.
     */
    default String copiesNote() {
        return "a row repeated more than k = " + numNeighbours() + " times has only its copies among its k nearest";
    }

    /** A warning that the built graph has more edges than the params allow; empty when it has not. */
    default Optional<String> edgeCountWarning(long edges) {
        return Optional.empty();
    }

    /** How isolated rows are described after "rows are isolated", and the advice that joins more of them ("" for none). */
    default IsolatedRowsNote isolatedRowsNote() {
        return IsolatedRowsNote.NONE;
    }

    /**
     * The words of the warning about many isolated rows that depend on the graph.
     *
     * @param where  after "rows are isolated", e.g. " at radius 0.5", or ""
     * @param advice at the end, e.g. "; choose a larger radius to join more of them", or ""
     */
    record IsolatedRowsNote(String where, String advice) implements Serializable {

        /** No words of the graph's own. */
        public static final IsolatedRowsNote NONE = new IsolatedRowsNote("", "");
    }
}
