package lapscore.selection.params;

import java.io.Serializable;

import lapscore.ParamOption;
import lapscore.graph.distance.DistanceMeasure;
import lapscore.graph.edges.WeightKernel;
import lapscore.graph.search.KnnMethod;
import lapscore.graph.search.approximate.ForestSettings;
import lapscore.graph.spec.GraphType;
import lapscore.graph.spectral.LanczosSettings;
import lapscore.scoring.VarianceWeighting;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.Params;

/**
 * The param objects of one selector or model instance (Spark params belong to the instance whose
 * uid they carry), with their docs and defaults, each declared once. The params interfaces
 * ({@link SelectorParams}, {@link GraphSelectorParams}, {@link EdgeWeightParams},
 * {@link LaplacianScoreParams}, {@link SpectralScoreParams}, {@link SpecParams},
 * {@link LocalKernelRegressionParams}) expose the groups that an estimator has; an instance sets the
 * defaults of exactly those groups.
 */
public final class SelectorParamSet implements Serializable {

    /** The default bound of NN-descent rounds ({@link GraphSelectorParams#refinementRounds()} says why). */
    static final int DEFAULT_REFINEMENT_ROUNDS = 20;
    /**
     * Default of {@code seed}, the same for every selector: the hash of the Laplacian Score selector's
     * first class name (Spark's {@code HasSeed} takes its default from the class name), fixed so that
     * results did not move when the classes moved to the package {@code lapscore}.
     */
    static final long DEFAULT_SEED = -1091842716L;

    final Param<String> featuresCol;
    final Param<String> outputCol;
    final Param<String> labelCol;
    final Param<String> selectionMode;
    final Param<String> handleInvalid;
    final BooleanParam attachResults;
    final DoubleParam redundancyThreshold;
    final IntParam numBins;
    final IntParam numTopFeatures;
    final DoubleParam percentile;
    final DoubleParam scoreThreshold;

    final Param<String> graphType;
    final IntParam numNeighbors;
    final DoubleParam radius;
    final LongParam maxEdges;
    final Param<String> distanceMeasure;
    final DoubleParam bandwidth;
    final Param<String> knnMethod;
    final IntParam blockSize;
    final IntParam numTrees;
    final IntParam leafSize;
    final IntParam searchNeighbors;
    final IntParam refinementRounds;
    final IntParam maxRowsPerTask;
    final IntParam recallSampleSize;
    final BooleanParam dropDuplicates;
    final LongParam seed;

    final Param<String> weightKernel;
    final BooleanParam includeSelfLoops;
    final Param<String> varianceWeighting;

    final IntParam numEigenvectors;
    final IntParam maxEmbeddingSteps;
    final IntParam specVariant;

    final DoubleParam lkrLambda;
    final BooleanParam centerFeatures;
    final IntParam maxClassSize;

    public SelectorParamSet(String uid) {
        featuresCol = new Param<>(uid, "featuresCol", "input column of feature vectors");
        outputCol = new Param<>(uid, "outputCol", "output column of the selected features");
        labelCol = new Param<>(uid, "labelCol",
                "column of class labels (numbers or strings), read by the supervised scores and graphs (class, classKnn)");
        selectionMode = new Param<>(uid, "selectionMode",
                "how features are selected: numTopFeatures, percentile or threshold",
                ParamChecks.oneOf("selectionMode", ParamOption.paramValues(SelectionMode.class)));
        handleInvalid = new Param<>(uid, "handleInvalid",
                "rows that cannot be scored (null or wrong-size vectors, NaN or infinite values, zero vectors where cosines are"
                        + " needed, missing labels where labels are read): error (fail naming the first) or skip (drop and count them)",
                ParamChecks.oneOf("handleInvalid", ParamOption.paramValues(InvalidRows.class)));
        attachResults = new BooleanParam(uid, "attachResults",
                "transform: also attach the model's results (every feature's score, the ranking, the selected features, the"
                        + " fit summary) to the output column's metadata under the key 'lapscore', where a client that reads"
                        + " only DataFrames (Spark Connect, the Python API) finds them");
        redundancyThreshold = new DoubleParam(uid, "redundancyThreshold",
                "redundancy removal: walking the selected features best first, a feature whose symmetric uncertainty with a"
                        + " feature already kept exceeds this is dropped (unset: off)",
                ParamChecks.between("redundancyThreshold", 0.0, 1.0));
        numBins = new IntParam(uid, "numBins",
                "redundancy removal: equal-width bins per feature for the symmetric uncertainty", ParamChecks.atLeast("numBins", 2));
        numTopFeatures = new IntParam(uid, "numTopFeatures",
                "number of best-scoring features kept in numTopFeatures mode", ParamChecks.atLeast("numTopFeatures", 1));
        percentile = new DoubleParam(uid, "percentile",
                "fraction of all features kept in percentile mode, floor(percentile * numFeatures) as in Spark's selectors"
                        + " (below 1 / numFeatures none, with a warning)", ParamChecks.between("percentile", 0.0, 1.0));
        scoreThreshold = new DoubleParam(uid, "scoreThreshold",
                "in threshold mode, features whose score is this good or better are kept (at most it for a"
                        + " smaller-is-better score, at least it for the Fisher score)",
                ParamChecks.finite("scoreThreshold"));

        graphType = new Param<>(uid, "graphType",
                "which rows are neighbours: knn, epsilon (distance at most radius), class (same label, needs labelCol)"
                        + " or classKnn (k nearest of the same label, needs labelCol)",
                ParamChecks.oneOf("graphType", ParamOption.paramValues(GraphType.class)));
        numNeighbors = new IntParam(uid, "numNeighbors",
                "k of the kNN graph: rows i and j are joined when either is among the other's k nearest",
                ParamChecks.atLeast("numNeighbors", 1));
        radius = new DoubleParam(uid, "radius",
                "epsilon graph: rows at distance at most this are joined (required by graphType = epsilon)",
                ParamChecks.above("radius", 0.0));
        maxEdges = new LongParam(uid, "maxEdges",
                "epsilon graph: a radius whose edge count, estimated from a sample before building, exceeds this is refused",
                ParamChecks.atLeast("maxEdges", 1));
        distanceMeasure = new Param<>(uid, "distanceMeasure",
                "distance that defines nearest neighbours: euclidean, or cosine (Euclidean distance between rows scaled to unit length)",
                ParamChecks.oneOf("distanceMeasure", ParamOption.paramValues(DistanceMeasure.class)));
        bandwidth = new DoubleParam(uid, "bandwidth",
                "t of the heat kernel exp(-d^2/t); unset: the mean squared distance over all pairs of rows i < j",
                ParamChecks.above("bandwidth", 0.0));
        knnMethod = new Param<>(uid, "knnMethod",
                "how neighbours are found: exact (all-pairs distance join), approximate (distance join within the leaves of"
                        + " random-projection trees) or auto (exact up to " + KnnMethod.AUTO_EXACT_MAX_ROWS + " rows)",
                ParamChecks.oneOf("knnMethod", ParamOption.paramValues(KnnMethod.class)));
        blockSize = new IntParam(uid, "blockSize",
                "rows per block of the exact distance join and of the scoring pass; 0 chooses automatically",
                ParamChecks.atLeast("blockSize", 0));
        numTrees = new IntParam(uid, "numTrees",
                "approximate graph: random-projection trees whose leaves are searched; more trees, higher recall and fewer"
                        + " NN-descent rounds, each tree at some cost in time; 0 chooses sqrt(rows) / "
                        + ForestSettings.SQRT_ROWS_PER_TREE + " within ["
                        + ForestSettings.MIN_TREES + ", " + ForestSettings.MAX_TREES + "]",
                ParamChecks.atLeast("numTrees", 0));
        leafSize = new IntParam(uid, "leafSize",
                "approximate graph: target rows per leaf, searched exactly; must exceed numNeighbors; 0 chooses "
                        + ForestSettings.LEAF_SIZE + " below " + ForestSettings.WIDE_FEATURES + " features, "
                        + ForestSettings.WIDE_LEAF_SIZE + " from there on",
                ParamChecks.atLeast("leafSize", 0));
        searchNeighbors = new IntParam(uid, "searchNeighbors",
                "approximate graph: neighbours K every row keeps during the search, of which the numNeighbors nearest are kept;"
                        + " 0 chooses max(k, min(3k, k + 20))",
                ParamChecks.atLeast("searchNeighbors", 0));
        refinementRounds = new IntParam(uid, "refinementRounds",
                "approximate graph: most NN-descent rounds (local joins of neighbours of neighbours) after the trees; they stop"
                        + " earlier once at most 0.1% of the list entries are new; 0 skips them",
                ParamChecks.atLeast("refinementRounds", 0));
        maxRowsPerTask = new IntParam(uid, "maxRowsPerTask",
                "approximate graph: most rows (own and gathered) one task of the search holds at once, whatever the number of"
                        + " rows; at least 4 x searchNeighbors; 0 chooses min(" + ForestSettings.DEFAULT_MAX_ROWS_PER_TASK
                        + ", M / (20 d + 32 K + 256 bytes)) for d features and K = searchNeighbors, M the heap Spark leaves a"
                        + " task for user data:"
                        + " (executor heap - 300 MiB) x (1 - spark.memory.fraction) / tasks per executor",
                ParamChecks.atLeast("maxRowsPerTask", 0));
        recallSampleSize = new IntParam(uid, "recallSampleSize",
                "approximate graph: rows whose exact neighbours are found to estimate recall@k; 0 skips the estimate",
                ParamChecks.atLeast("recallSampleSize", 0));
        dropDuplicates = new BooleanParam(uid, "dropDuplicates",
                "build the graph on the distinct rows: of rows equal in every feature (and label, for a graph within"
                        + " classes) only the first is kept, and the number dropped is reported");
        seed = new LongParam(uid, "seed",
                "random seed of the approximate graph, its recall sample and the epsilon graph's edge estimate");

        weightKernel = new Param<>(uid, "weightKernel",
                "edge weights: heat exp(-d^2/t), binary 1, or cosine max(0, cos)",
                ParamChecks.oneOf("weightKernel", ParamOption.paramValues(WeightKernel.class)));
        includeSelfLoops = new BooleanParam(uid, "includeSelfLoops",
                "whether every row also gets the edge {i, i} of weight 1 (true reproduces scikit-feature)");
        varianceWeighting = new Param<>(uid, "varianceWeighting",
                "denominator of the score: degree (f~^T D f~, the paper's) or uniform (D replaced by I)",
                ParamChecks.oneOf("varianceWeighting", ParamOption.paramValues(VarianceWeighting.class)));

        numEigenvectors = new IntParam(uid, "numEigenvectors",
                "spectral scores: K, the smallest non-trivial eigenvectors of the graph's normalised Laplacian read (SPEC's phi3"
                        + " sums over them, MCFS regresses each on the features)", ParamChecks.atLeast("numEigenvectors", 1));
        maxEmbeddingSteps = new IntParam(uid, "maxEmbeddingSteps",
                "spectral scores: most Lanczos steps (one pass over the edges each) to find the eigenvectors; a fit whose"
                        + " eigenvectors have not converged by then is refused", ParamChecks.atLeast("maxEmbeddingSteps", 1));
        specVariant = new IntParam(uid, "specVariant",
                "SPEC score: 1 (phi1 = f^T L f / f^T D f, smaller is better), 2 (phi2, the Laplacian Score) or 3 (phi3 over"
                        + " numEigenvectors eigenpairs, larger is better)", ParamChecks.between("specVariant", 1, 3));

        lkrLambda = new DoubleParam(uid, "lkrLambda",
                "ridge term lambda of the local kernel regressions (K + lambda I)^-1 k", ParamChecks.above("lkrLambda", 0.0));
        centerFeatures = new BooleanParam(uid, "centerFeatures",
                "subtract each feature's degree-weighted mean before the regression error (false: the paper's raw feature)");
        maxClassSize = new IntParam(uid, "maxClassSize",
                "class graph: a class with more rows regresses each row on its k nearest rows of the class instead of all of them",
                ParamChecks.atLeast("maxClassSize", 2));
    }

    /**
     * Sets the defaults of every group of params {@code owner} has, by the params interfaces it
     * implements: an estimator and its model get the same defaults, and a concrete class sets none
     * of its own. The Local Kernel Regression score's k differs from the other graphs' (10 against 5).
     */
    public void setDefaults(Params owner) {
        setSelectionDefaults(owner);
        if (owner instanceof GraphSelectorParams) {
            setGraphDefaults(owner);
        }
        if (owner instanceof EdgeWeightParams) {
            owner.setDefault(weightKernel, WeightKernel.HEAT.paramValue());
            owner.setDefault(includeSelfLoops, false);
        }
        if (owner instanceof LaplacianScoreParams) {
            owner.setDefault(varianceWeighting, VarianceWeighting.DEGREE.paramValue());
        }
        if (owner instanceof SpectralScoreParams) {
            owner.setDefault(numEigenvectors, 10);
            owner.setDefault(maxEmbeddingSteps, LanczosSettings.DEFAULT_MAX_STEPS);
        }
        if (owner instanceof SpecParams) {
            owner.setDefault(specVariant, 3);
        }
        if (owner instanceof LocalKernelRegressionParams) {
            owner.setDefault(numNeighbors, 10);
            owner.setDefault(lkrLambda, 0.1);
            owner.setDefault(centerFeatures, false);
            owner.setDefault(maxClassSize, 4096);
        }
    }

    /** Defaults of the params every selector has. */
    private void setSelectionDefaults(Params owner) {
        owner.setDefault(featuresCol, "features");
        owner.setDefault(outputCol, "selectedFeatures");
        owner.setDefault(selectionMode, SelectionMode.NUM_TOP_FEATURES.paramValue());
        owner.setDefault(handleInvalid, InvalidRows.ERROR.paramValue());
        owner.setDefault(attachResults, false);
        owner.setDefault(numBins, 10);
        owner.setDefault(numTopFeatures, 50);
        owner.setDefault(percentile, 0.1);
    }

    /** Defaults of the params of the graph-based selectors. */
    private void setGraphDefaults(Params owner) {
        owner.setDefault(graphType, GraphType.KNN.paramValue());
        owner.setDefault(numNeighbors, 5);
        owner.setDefault(maxEdges, 20_000_000L);
        owner.setDefault(distanceMeasure, DistanceMeasure.EUCLIDEAN.paramValue());
        owner.setDefault(knnMethod, KnnMethod.AUTO.paramValue());
        owner.setDefault(blockSize, 0);
        owner.setDefault(numTrees, 0);
        owner.setDefault(leafSize, 0);
        owner.setDefault(searchNeighbors, 0);
        owner.setDefault(refinementRounds, DEFAULT_REFINEMENT_ROUNDS);
        owner.setDefault(maxRowsPerTask, 0);
        owner.setDefault(recallSampleSize, 300);
        owner.setDefault(dropDuplicates, false);
        owner.setDefault(seed, DEFAULT_SEED);
    }
}
