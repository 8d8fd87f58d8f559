package lapscore.graph.spec;

import lapscore.data.blocks.PreparedRows;
import lapscore.progress.StageTimer;

/**
 * The class graph ({@code graphType = "class"}): every pair of rows with the same label is an edge,
 * {@code S_ij = 1/n_l} for a class of n_l rows, the pair i = j included (He, Cai and Niyogi,
 * "Laplacian Score for Feature Selection", NIPS 2005, section 3.2, eq. 5; Cheung and Zeng, "Local
 * Kernel Regression Score for Selecting Features of High-Dimensional Data", IEEE TKDE 21(12), 2009,
 * eq. 6). Needs labels. Never materialised (it would have n_l^2 edges per class): the scores read it
 * from per-class moments in O(m d), so its rows are laid out in blocks and no edge is built.
 *
 * @param settings distance, weighting and block layout; only the Local Kernel Regression score reads
 *                 the distance and the bandwidth, for its regressions within classes
 */
public record ClassGraph(GraphSettings settings) implements GraphSpec {

    @Override
    public String graphType() {
        return GraphType.CLASS.paramValue();
    }

    @Override
    public String title() {
        return "Class graph";
    }

    @Override
    public boolean needsLabels() {
        return true;
    }

    @Override
    public boolean materialised() {
        return false;
    }

    /** False: its weights are {@code 1/n_l}, whatever the distances. */
    @Override
    public boolean weighsDistances() {
        return false;
    }

    /** 0: the class graph joins every pair of a class. */
    @Override
    public int numNeighbours() {
        return 0;
    }

    /** False: no cosine is taken on the class graph. */
    @Override
    public boolean needsCosines() {
        return false;
    }

    @Override
    public int maxRowsPerBlock(long numRows, int numFeatures) {
        return Integer.MAX_VALUE;
    }

    /** Refuses: the class graph is never materialised. */
    @Override
    public void requireMaterialised() {
        throw notMaterialised();
    }

    /** Refuses, as {@link #requireMaterialised()} does. */
    @Override
    public FoundEdges findEdges(PreparedRows rows, double[] centre, StageTimer timer) {
        throw notMaterialised();
    }

    private static IllegalArgumentException notMaterialised() {
        return new IllegalArgumentException("graphType = class is never materialised (it would have n_l^2 edges per class);"
                + " call fit instead of buildGraph");
    }
}
