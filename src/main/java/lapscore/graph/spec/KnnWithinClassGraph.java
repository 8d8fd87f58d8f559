package lapscore.graph.spec;

import java.util.Set;
import java.util.TreeSet;

import lapscore.data.blocks.PreparedRows;
import lapscore.data.blocks.RowBlock;
import lapscore.graph.edges.NeighbourEdges;
import lapscore.graph.search.ExactKnnSearch;
import lapscore.graph.search.KnnMethod;
import lapscore.graph.search.NeighbourLists;
import lapscore.graph.search.SearchInput;
import lapscore.progress.Stage;
import lapscore.progress.StageTimer;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;

/**
 * The kNN graph within classes ({@code graphType = "classKnn"}): {i, j} is an edge when x_j is among
 * the k nearest neighbours of x_i among the rows of the same label, or x_i among those of x_j, union
 * symmetrised and weighted by the kernel of its settings (the authors' MATLAB {@code constructW},
 * 'Supervised' mode with k &gt; 0, of He, Cai and Niyogi, "Laplacian Score for Feature Selection",
 * NIPS 2005). Needs labels. Always found by the exact join over the pairs of rows of one label,
 * O(sum_l n_l^2 d).
 *
 * @param numNeighbours k
 * @param method        the requested search; {@link #check()} refuses {@code approximate}
 * @param settings      distance, weighting and block layout
 */
public record KnnWithinClassGraph(int numNeighbours, KnnMethod method, GraphSettings settings) implements GraphSpec {

    @Override
    public String graphType() {
        return GraphType.CLASS_KNN.paramValue();
    }

    @Override
    public String title() {
        return "kNN graph within classes";
    }

    /** Refuses the approximate search, which knows nothing of classes. */
    @Override
    public void check() {
        if (method == KnnMethod.APPROXIMATE) {
            throw new IllegalArgumentException("graphType = classKnn is searched by the exact join only; set knnMethod to exact"
                    + " or auto");
        }
    }

    @Override
    public boolean needsLabels() {
        return true;
    }

    /** The exact neighbour lists within classes and their union symmetrisation. */
    @Override
    public FoundEdges findEdges(PreparedRows rows, double[] centre, StageTimer timer) {
        JavaPairRDD<Long, NeighbourLists> neighbours = nearestNeighbours(rows, centre, timer);
        return new FoundEdges(NeighbourEdges.symmetrise(neighbours, rows.layout(), settings.includeSelfLoops(), rows.caches()),
                neighbours, KnnMethod.EXACT, Double.NaN);
    }

    /**
     * The exact k nearest neighbours of every row of {@code rows} among the rows of its label (the
     * blocks carry labels), keyed by the first row of its block, partition i holding block i, cached
     * in the scope of {@code rows}: the search alone, without edges or weights.
     */
    public JavaPairRDD<Long, NeighbourLists> nearestNeighbours(PreparedRows rows, double[] centre, StageTimer timer) {
        return ExactKnnSearch.run(SearchInput.of(rows, settings.measure(), centre, settings.weighsByCosine()), numNeighbours, timer);
    }

    @Override
    public int countClasses(PreparedRows rows, StageTimer timer) {
        return timer.run(Stage.GRAPH, "kNN graph within classes: counting classes", () -> distinctLabels(rows.blocks()));
    }

    /** Number of distinct labels of labelled blocks. */
    private static int distinctLabels(JavaRDD<RowBlock> blocks) {
        return (int) blocks
                .flatMap(block -> {
                    Set<Double> labels = new TreeSet<>();
                    for (int i = 0; i < block.size(); i++) {
                        labels.add(block.label(i));
                    }
                    return labels.iterator();
                })
                .distinct()
                .count();
    }
}
