package lapscore.graph.spec;

import java.util.Optional;

import lapscore.data.blocks.BlockLayout;
import lapscore.data.blocks.PreparedRows;
import lapscore.graph.edges.NeighbourEdges;
import lapscore.graph.search.ExactKnnSearch;
import lapscore.graph.search.KnnMethod;
import lapscore.graph.search.NeighbourLists;
import lapscore.graph.search.RecallSample;
import lapscore.graph.search.SearchInput;
import lapscore.graph.search.approximate.ApproximateKnnSearch;
import lapscore.graph.search.approximate.ForestSettings;
import lapscore.graph.search.approximate.SearchSettings;
import lapscore.progress.Stage;
import lapscore.progress.StageTimer;
import lapscore.progress.StepNames;
import org.apache.spark.api.java.JavaPairRDD;

/**
 * The kNN graph ({@code graphType = "knn"}): {i, j} is an edge when x_j is among the k nearest
 * neighbours of x_i or x_i among those of x_j (He, Cai and Niyogi, "Laplacian Score for Feature
 * Selection", NIPS 2005, section 2.1 step 1), weighted by the kernel of its settings. The neighbours
 * are found by the exact all-pairs join, O(m^2 d), or by the approximate search (random-projection
 * trees and NN-descent) with its recall@k estimated on a sample of rows.
 *
 * @param numNeighbours k
 * @param method        how the neighbours are found; {@code auto} picks by the number of rows
 * @param forest        the approximate search's trees and recall sample, and its seed
 * @param settings      distance, weighting and block layout
 */
public record KnnGraph(int numNeighbours, KnnMethod method, ForestSettings forest, GraphSettings settings) implements GraphSpec {

    @Override
    public String graphType() {
        return GraphType.KNN.paramValue();
    }

    @Override
    public String title() {
        return "kNN graph";
    }

    @Override
    public boolean usesSearch() {
        return true;
    }

    /** This graph, its search's tasks given {@code bytes} of heap for rows ({@link ForestSettings#withTaskMemory}). */
    @Override
    public KnnGraph withTaskMemory(long bytes) {
        return new KnnGraph(numNeighbours, method, forest.withTaskMemory(bytes), settings);
    }

    @Override
    public int maxRowsPerBlock(long numRows, int numFeatures) {
        return method.resolve(numRows) == KnnMethod.EXACT ? BlockLayout.EXACT_JOIN_ROWS_PER_BLOCK
                : forest.maxRowsPerTask(numFeatures, numNeighbours) / 2;
    }

    /** Only when the rows are searched exactly: the approximate search's trees need dense points. */
    @Override
    public boolean measuresSparseRows(long numRows) {
        return method.resolve(numRows) == KnnMethod.EXACT;
    }

    /** The cost of an explicit {@code knnMethod = exact} on more rows than {@code auto} searches exactly. */
    @Override
    public Optional<String> costWarning(long numRows, int numFeatures, int cores) {
        return method == KnnMethod.EXACT ? KnnMethod.exactCostWarning(numRows, numFeatures, cores) : Optional.empty();
    }

    /** The neighbour lists of the search, their recall on a sample when approximate, and their union symmetrisation. */
    @Override
    public FoundEdges findEdges(PreparedRows rows, double[] centre, StageTimer timer) {
        KnnMethod search = method.resolve(rows.summary().count());
        JavaPairRDD<Long, NeighbourLists> neighbours = nearestNeighbours(rows, search, centre, timer);
        double recall = search == KnnMethod.EXACT || forest.recallSampleSize() == 0 ? Double.NaN
                : timer.run(Stage.RECALL, StepNames.RECALL_SAMPLE + " " + forest.recallSampleSize()
                + " sampled rows for recall@" + numNeighbours, () -> RecallSample.draw(SearchInput.of(rows, settings.measure(),
                centre, false), numNeighbours, forest.recallSampleSize(), forest.seed()).recallOf(neighbours, rows.caches()));
        return new FoundEdges(NeighbourEdges.symmetrise(neighbours, rows.layout(), settings.includeSelfLoops(), rows.caches()),
                neighbours, search, recall);
    }

    /**
     * The exact or approximate k nearest neighbours of every row, keyed by the first row of its
     * block, partition i holding block i, cached. The approximate search refuses leaves of at most k rows,
     * and tasks of fewer than 4 K rows for lists of K.
     */
    private JavaPairRDD<Long, NeighbourLists> nearestNeighbours(PreparedRows rows, KnnMethod search, double[] centre,
                                                                StageTimer timer) {
        int numFeatures = rows.summary().numFeatures();
        SearchInput input = SearchInput.of(rows, settings.measure(), centre, settings.weighsByCosine());
        if (search == KnnMethod.EXACT) {
            return ExactKnnSearch.run(input, numNeighbours, timer);
        }
        if (forest.leafSize(numFeatures, numNeighbours) <= numNeighbours) {
            throw new IllegalArgumentException("leafSize " + forest.leafSize(numFeatures, numNeighbours)
                    + " must exceed numNeighbors " + numNeighbours + ": a row finds its neighbours among the other rows of its leaves");
        }
        SearchSettings searchSettings = new SearchSettings(numNeighbours, forest);
        if (forest.maxRowsPerTask(numFeatures, numNeighbours) < 4 * searchSettings.listSize()) {
            throw new IllegalArgumentException("maxRowsPerTask " + forest.maxRowsPerTask(numFeatures, numNeighbours) + " must be at least 4 x "
                    + searchSettings.listSize() + " (the search's list size): a task holds one row's candidates, up to twice the list"
                    + " size, and more; raise maxRowsPerTask or lower searchNeighbors");
        }
        return ApproximateKnnSearch.run(input, searchSettings, timer);
    }
}
