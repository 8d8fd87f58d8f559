package lapscore.progress;

/**
 * The opening words of the descriptions of the steps of a fit (the Spark job descriptions that
 * {@link StageTimer} sets and its listeners hear). The code of a step starts its description with
 * its name; whatever follows (counts, sizes) is free text. Tests that pick a step, to fail its
 * tasks or to see that it ran, match these names rather than the wording of a progress line. Kept
 * here, beside {@link Stage}, so that a test can name a step without depending on the class that
 * runs it.
 */
public final class StepNames {

    /** Cutting the numbered rows into blocks, with the mean of every feature (the centre of the scaled rows). */
    public static final String CUTTING = "Cutting";
    /** The exact kNN graph: its waves of block pairs, numbered {@code i/n}, then the merge of their candidates. */
    public static final String EXACT_GRAPH = "kNN graph (exact)";
    /** The sample of rows from which the approximate graph's trees are grown. */
    public static final String TREE_SAMPLE = "kNN graph (approximate): sampling the rows to grow the trees";
    /** One tree of the approximate graph, numbered {@code i/n}. */
    public static final String TREE = "kNN graph (approximate) tree";
    /** One NN-descent round of the approximate graph, numbered from 1. */
    public static final String REFINEMENT = "kNN graph (approximate) refinement";
    /** The exact neighbours of the recall sample. */
    public static final String RECALL_SAMPLE = "kNN graph (approximate): exact neighbours of";
    /** The epsilon graph's estimate of its edges from a sample, before it is built. */
    public static final String EPSILON_ESTIMATE = "Epsilon graph: counting the neighbours within radius";
    /** Counting the edges of a built graph. */
    public static final String COUNTING_EDGES = "counting edges";
    /** The automatic bandwidth and the rows of positive weight. */
    public static final String EDGE_WEIGHTS = "Edge weights";
    /** The Laplacian Score's pass over the edges (on the class graph, over the class moments). */
    public static final String LAPLACIAN_SCORES = "Laplacian scores";
    /** The Fisher score's per-class moments. */
    public static final String FISHER_SCORES = "Fisher scores";
    /** The Local Kernel Regression score's regressions and moments. */
    public static final String LKR_SCORES = "Local kernel regression scores";
    /** The SPEC scores' pass over the rows beside the eigenvectors. */
    public static final String SPEC_SCORES = "SPEC scores";
    /** The MCFS scores' pass over the rows beside the eigenvectors. */
    public static final String MCFS_SCORES = "MCFS scores";
    /** The rows of the classes above {@code maxClassSize}, numbered and checked for their kNN search. */
    public static final String LARGE_CLASSES = "Rows of the classes above maxClassSize";
    /** The k-neighbour regressions of the rows of the classes above {@code maxClassSize}. */
    public static final String LARGE_CLASS_REGRESSIONS = "k-neighbour regressions in classes above the bound";

    private StepNames() {
    }
}
