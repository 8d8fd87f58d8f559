package io.github.lapscore.selection;

import java.io.Serializable;

import io.github.lapscore.ParamOption;
import io.github.lapscore.graph.DistanceMeasure;
import io.github.lapscore.graph.WeightKernel;
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

    /** knnMethod values this release accepts. */
    static final String[] KNN_METHODS = {"exact"};

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
                "how neighbours are found: exact (block-partitioned all-pairs distance join)",
                ParamChecks.oneOf("knnMethod", KNN_METHODS));
        blockSize = new IntParam(uid, "blockSize",
                "rows per block of the distance join; 0 chooses automatically",
                ParamChecks.atLeast("blockSize", 0));
        selectionMode = new Param<>(uid, "selectionMode",
                "how features are selected: numTopFeatures, percentile or threshold",
                ParamChecks.oneOf("selectionMode", ParamOption.paramValues(SelectionMode.class)));
        numTopFeatures = new IntParam(uid, "numTopFeatures",
                "number of best-scoring features kept in numTopFeatures mode", ParamChecks.atLeast("numTopFeatures", 1));
        percentile = new DoubleParam(uid, "percentile",
                "fraction of all features kept in percentile mode", ParamChecks.between("percentile", 0.0, 1.0));
        scoreThreshold = new DoubleParam(uid, "scoreThreshold",
                "in threshold mode, features whose score is at most this are kept", ParamChecks.finite("scoreThreshold"));
        seed = new LongParam(uid, "seed", "random seed (the exact kNN graph uses no randomness)");
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
        owner.setDefault(knnMethod, "exact");
        owner.setDefault(blockSize, 0);
        owner.setDefault(selectionMode, SelectionMode.NUM_TOP_FEATURES.paramValue());
        owner.setDefault(numTopFeatures, 50);
        owner.setDefault(percentile, 0.1);
        owner.setDefault(seed, (long) "io.github.lapscore.selection.LaplacianScoreSelector".hashCode());
    }
}
