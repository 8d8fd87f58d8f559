package io.github.lapscore.selection;

import java.io.Serializable;

import io.github.lapscore.ParamOption;
import io.github.lapscore.graph.WeightKernel;
import io.github.lapscore.graph.kernel.DistanceMeasure;
import io.github.lapscore.graph.search.KnnMethod;
import io.github.lapscore.scoring.VarianceWeighting;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.Params;

/**
 * The param objects of one selector or model instance (Spark params belong to the instance whose
 * uid they carry). Estimator and model each hold one and expose it through
 * {@link LaplacianScoreParams}, so every param, its doc and its default are declared once.
 */
public final class LaplacianScoreParamSet implements Serializable {

    final Param<String> featuresCol;
    final Param<String> outputCol;
    final IntParam numNeighbors;
    final Param<String> distanceMeasure;
    final Param<String> weightKernel;
    final DoubleParam bandwidth;
    final BooleanParam includeSelfLoops;
    final Param<String> varianceWeighting;
    final Param<String> knnMethod;
    final IntParam blockSize;
    final IntParam numTrees;
    final IntParam leafSize;
    final IntParam refinementRounds;
    final IntParam recallSampleSize;
    final Param<String> selectionMode;
    final IntParam numTopFeatures;
    final DoubleParam percentile;
    final DoubleParam scoreThreshold;
    final LongParam seed;

    LaplacianScoreParamSet(String uid) {
        featuresCol = new Param<>(uid, "featuresCol", "input column of feature vectors");
        outputCol = new Param<>(uid, "outputCol", "output column of the selected features");
        numNeighbors = new IntParam(uid, "numNeighbors",
                "k of the kNN graph: rows i and j are joined when either is among the other's k nearest",
                ParamChecks.atLeast("numNeighbors", 1));
        distanceMeasure = new Param<>(uid, "distanceMeasure",
                "distance that defines nearest neighbours: euclidean, or cosine (Euclidean distance between rows scaled to unit length)",
                ParamChecks.oneOf("distanceMeasure", ParamOption.paramValues(DistanceMeasure.class)));
        weightKernel = new Param<>(uid, "weightKernel",
                "edge weights: heat exp(-d^2/t), binary 1, or cosine max(0, cos)",
                ParamChecks.oneOf("weightKernel", ParamOption.paramValues(WeightKernel.class)));
        bandwidth = new DoubleParam(uid, "bandwidth",
                "t of the heat kernel exp(-d^2/t); unset: the mean squared distance over all pairs of rows",
                ParamChecks.above("bandwidth", 0.0));
        includeSelfLoops = new BooleanParam(uid, "includeSelfLoops",
                "whether every row also gets the edge {i, i} of weight 1 (true reproduces scikit-feature)");
        varianceWeighting = new Param<>(uid, "varianceWeighting",
                "denominator of the score: degree (f~^T D f~, the paper's) or uniform (D replaced by I)",
                ParamChecks.oneOf("varianceWeighting", ParamOption.paramValues(VarianceWeighting.class)));
        knnMethod = new Param<>(uid, "knnMethod",
                "how neighbours are found: exact (all-pairs distance join), approximate (distance join within the leaves of"
                        + " random-projection trees) or auto (exact up to " + KnnMethod.AUTO_EXACT_MAX_ROWS + " rows)",
                ParamChecks.oneOf("knnMethod", ParamOption.paramValues(KnnMethod.class)));
        blockSize = new IntParam(uid, "blockSize",
                "rows per block of the exact distance join and of the scoring pass; 0 chooses automatically",
                ParamChecks.atLeast("blockSize", 0));
        numTrees = new IntParam(uid, "numTrees",
                "approximate graph: random-projection trees whose leaves are searched; more trees, higher recall, linearly more time",
                ParamChecks.atLeast("numTrees", 1));
        leafSize = new IntParam(uid, "leafSize",
                "approximate graph: target rows per leaf, searched exactly; must exceed numNeighbors",
                ParamChecks.atLeast("leafSize", 2));
        refinementRounds = new IntParam(uid, "refinementRounds",
                "approximate graph: neighbour-of-neighbour rounds (NN-descent local joins) after the trees; 0 skips them",
                ParamChecks.atLeast("refinementRounds", 0));
        recallSampleSize = new IntParam(uid, "recallSampleSize",
                "approximate graph: rows whose exact neighbours are found to estimate recall@k; 0 skips the estimate",
                ParamChecks.atLeast("recallSampleSize", 0));
        selectionMode = new Param<>(uid, "selectionMode",
                "how features are selected: numTopFeatures, percentile or threshold",
                ParamChecks.oneOf("selectionMode", ParamOption.paramValues(SelectionMode.class)));
        numTopFeatures = new IntParam(uid, "numTopFeatures",
                "number of best-scoring features kept in numTopFeatures mode", ParamChecks.atLeast("numTopFeatures", 1));
        percentile = new DoubleParam(uid, "percentile",
                "fraction of all features kept in percentile mode", ParamChecks.between("percentile", 0.0, 1.0));
        scoreThreshold = new DoubleParam(uid, "scoreThreshold",
                "in threshold mode, features whose score is at most this are kept", ParamChecks.finite("scoreThreshold"));
        seed = new LongParam(uid, "seed", "random seed of the approximate graph and its recall sample (the exact graph uses none)");
    }

    /** Sets the defaults on {@code owner}, which must already answer these params. */
    void setDefaults(Params owner) {
        owner.setDefault(featuresCol, "features");
        owner.setDefault(outputCol, "selectedFeatures");
        owner.setDefault(numNeighbors, 5);
        owner.setDefault(distanceMeasure, DistanceMeasure.EUCLIDEAN.paramValue());
        owner.setDefault(weightKernel, WeightKernel.HEAT.paramValue());
        owner.setDefault(includeSelfLoops, false);
        owner.setDefault(varianceWeighting, VarianceWeighting.DEGREE.paramValue());
        owner.setDefault(knnMethod, KnnMethod.AUTO.paramValue());
        owner.setDefault(blockSize, 0);
        owner.setDefault(numTrees, 8);
        owner.setDefault(leafSize, 1024);
        owner.setDefault(refinementRounds, 2);
        owner.setDefault(recallSampleSize, 300);
        owner.setDefault(selectionMode, SelectionMode.NUM_TOP_FEATURES.paramValue());
        owner.setDefault(numTopFeatures, 50);
        owner.setDefault(percentile, 0.1);
        owner.setDefault(seed, (long) "io.github.lapscore.selection.LaplacianScoreSelector".hashCode());
    }
}
