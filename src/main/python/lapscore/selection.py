# Generated from the Java params by PythonApiTest (src/test/java/lapscore/python); do not edit.
# After changing a param or a setter, regenerate with ./mvnw -q -o test -Dtest=PythonApiTest -Dregenerate=true
"""Feature selectors by the Laplacian Score and related graph scores: the Python classes of the
Java estimators and models of the same names, with the same params, defaults and docs."""

from typing import Any, Dict

from pyspark import keyword_only
from pyspark.ml.param import Param, Params, TypeConverters
from pyspark.ml.util import JavaMLReadable, JavaMLWritable
from pyspark.ml.wrapper import JavaEstimator, JavaModel

from lapscore._params_doc import with_params_doc
from lapscore._results import _SelectorResults

__all__ = [
    "LaplacianScoreSelector",
    "LaplacianScoreSelectorModel",
    "FisherScoreSelector",
    "FisherScoreSelectorModel",
    "LocalKernelRegressionSelector",
    "LocalKernelRegressionSelectorModel",
    "SpecSelector",
    "SpecSelectorModel",
    "McfsSelector",
    "McfsSelectorModel",
]


class _SelectorParams(Params):
    """The params of the Java interface lapscore.selection.params.SelectorParams."""

    attachResults: "Param[bool]" = Param(
        Params._dummy(),
        "attachResults",
        "transform: also attach the model's results (every feature's score, the ranking, the "
        "selected features, the fit summary) to the output column's metadata under the key "
        "'lapscore', where a client that reads only DataFrames (Spark Connect, the Python API) "
        "finds them",
        typeConverter=TypeConverters.toBoolean,
    )

    featuresCol: "Param[str]" = Param(
        Params._dummy(),
        "featuresCol",
        "input column of feature vectors",
        typeConverter=TypeConverters.toString,
    )

    handleInvalid: "Param[str]" = Param(
        Params._dummy(),
        "handleInvalid",
        "rows that cannot be scored (null or wrong-size vectors, NaN or infinite values, zero "
        "vectors where cosines are needed, missing labels where labels are read): error (fail "
        "naming the first) or skip (drop and count them)",
        typeConverter=TypeConverters.toString,
    )

    labelCol: "Param[str]" = Param(
        Params._dummy(),
        "labelCol",
        "column of class labels (numbers or strings), read by the supervised scores and graphs "
        "(class, classKnn)",
        typeConverter=TypeConverters.toString,
    )

    numBins: "Param[int]" = Param(
        Params._dummy(),
        "numBins",
        "redundancy removal: equal-width bins per feature for the symmetric uncertainty",
        typeConverter=TypeConverters.toInt,
    )

    numTopFeatures: "Param[int]" = Param(
        Params._dummy(),
        "numTopFeatures",
        "number of best-scoring features kept in numTopFeatures mode",
        typeConverter=TypeConverters.toInt,
    )

    outputCol: "Param[str]" = Param(
        Params._dummy(),
        "outputCol",
        "output column of the selected features",
        typeConverter=TypeConverters.toString,
    )

    percentile: "Param[float]" = Param(
        Params._dummy(),
        "percentile",
        "fraction of all features kept in percentile mode, floor(percentile * numFeatures) as in "
        "Spark's selectors (below 1 / numFeatures none, with a warning)",
        typeConverter=TypeConverters.toFloat,
    )

    redundancyThreshold: "Param[float]" = Param(
        Params._dummy(),
        "redundancyThreshold",
        "redundancy removal: walking the selected features best first, a feature whose symmetric "
        "uncertainty with a feature already kept exceeds this is dropped (unset: off)",
        typeConverter=TypeConverters.toFloat,
    )

    scoreThreshold: "Param[float]" = Param(
        Params._dummy(),
        "scoreThreshold",
        "in threshold mode, features whose score is this good or better are kept (at most it for a "
        "smaller-is-better score, at least it for the Fisher score)",
        typeConverter=TypeConverters.toFloat,
    )

    selectionMode: "Param[str]" = Param(
        Params._dummy(),
        "selectionMode",
        "how features are selected: numTopFeatures, percentile or threshold",
        typeConverter=TypeConverters.toString,
    )

    def getAttachResults(self) -> bool:
        """Gets the value of attachResults or its default value."""
        return self.getOrDefault(self.attachResults)

    def getFeaturesCol(self) -> str:
        """Gets the value of featuresCol or its default value."""
        return self.getOrDefault(self.featuresCol)

    def getHandleInvalid(self) -> str:
        """Gets the value of handleInvalid or its default value."""
        return self.getOrDefault(self.handleInvalid)

    def getLabelCol(self) -> str:
        """Gets the value of labelCol or its default value."""
        return self.getOrDefault(self.labelCol)

    def getNumBins(self) -> int:
        """Gets the value of numBins or its default value."""
        return self.getOrDefault(self.numBins)

    def getNumTopFeatures(self) -> int:
        """Gets the value of numTopFeatures or its default value."""
        return self.getOrDefault(self.numTopFeatures)

    def getOutputCol(self) -> str:
        """Gets the value of outputCol or its default value."""
        return self.getOrDefault(self.outputCol)

    def getPercentile(self) -> float:
        """Gets the value of percentile or its default value."""
        return self.getOrDefault(self.percentile)

    def getRedundancyThreshold(self) -> float:
        """Gets the value of redundancyThreshold or its default value."""
        return self.getOrDefault(self.redundancyThreshold)

    def getScoreThreshold(self) -> float:
        """Gets the value of scoreThreshold or its default value."""
        return self.getOrDefault(self.scoreThreshold)

    def getSelectionMode(self) -> str:
        """Gets the value of selectionMode or its default value."""
        return self.getOrDefault(self.selectionMode)


class _GraphSelectorParams(_SelectorParams):
    """The params of the Java interface lapscore.selection.params.GraphSelectorParams."""

    bandwidth: "Param[float]" = Param(
        Params._dummy(),
        "bandwidth",
        "t of the heat kernel exp(-d^2/t); unset: the mean squared distance over all pairs of rows "
        "i < j",
        typeConverter=TypeConverters.toFloat,
    )

    blockSize: "Param[int]" = Param(
        Params._dummy(),
        "blockSize",
        "rows per block of the exact distance join and of the scoring pass; 0 chooses "
        "automatically",
        typeConverter=TypeConverters.toInt,
    )

    distanceMeasure: "Param[str]" = Param(
        Params._dummy(),
        "distanceMeasure",
        "distance that defines nearest neighbours: euclidean, or cosine (Euclidean distance "
        "between rows scaled to unit length)",
        typeConverter=TypeConverters.toString,
    )

    dropDuplicates: "Param[bool]" = Param(
        Params._dummy(),
        "dropDuplicates",
        "build the graph on the distinct rows: of rows equal in every feature (and label, for a "
        "graph within classes) only the first is kept, and the number dropped is reported",
        typeConverter=TypeConverters.toBoolean,
    )

    graphType: "Param[str]" = Param(
        Params._dummy(),
        "graphType",
        "which rows are neighbours: knn, epsilon (distance at most radius), class (same label, "
        "needs labelCol) or classKnn (k nearest of the same label, needs labelCol)",
        typeConverter=TypeConverters.toString,
    )

    knnMethod: "Param[str]" = Param(
        Params._dummy(),
        "knnMethod",
        "how neighbours are found: exact (all-pairs distance join), approximate (distance join "
        "within the leaves of random-projection trees) or auto (exact up to 100000 rows)",
        typeConverter=TypeConverters.toString,
    )

    leafSize: "Param[int]" = Param(
        Params._dummy(),
        "leafSize",
        "approximate graph: target rows per leaf, searched exactly; must exceed numNeighbors; 0 "
        "chooses 4096 below 128 features, 1024 from there on",
        typeConverter=TypeConverters.toInt,
    )

    maxEdges: "Param[int]" = Param(
        Params._dummy(),
        "maxEdges",
        "epsilon graph: a radius whose edge count, estimated from a sample before building, "
        "exceeds this is refused",
        typeConverter=TypeConverters.toInt,
    )

    maxRowsPerTask: "Param[int]" = Param(
        Params._dummy(),
        "maxRowsPerTask",
        "approximate graph: most rows (own and gathered) one task of the search holds at once, "
        "whatever the number of rows; at least 4 x searchNeighbors; 0 chooses min(524288, M / (20 "
        "d + 32 K + 256 bytes)) for d features and K = searchNeighbors, M the heap Spark leaves a "
        "task for user data: (executor heap - 300 MiB) x (1 - spark.memory.fraction) / tasks per "
        "executor",
        typeConverter=TypeConverters.toInt,
    )

    numNeighbors: "Param[int]" = Param(
        Params._dummy(),
        "numNeighbors",
        "k of the kNN graph: rows i and j are joined when either is among the other's k nearest",
        typeConverter=TypeConverters.toInt,
    )

    numTrees: "Param[int]" = Param(
        Params._dummy(),
        "numTrees",
        "approximate graph: random-projection trees whose leaves are searched; more trees, higher "
        "recall and fewer NN-descent rounds, each tree at some cost in time; 0 chooses sqrt(rows) "
        "/ 62.5 within [4, 40]",
        typeConverter=TypeConverters.toInt,
    )

    radius: "Param[float]" = Param(
        Params._dummy(),
        "radius",
        "epsilon graph: rows at distance at most this are joined (required by graphType = epsilon)",
        typeConverter=TypeConverters.toFloat,
    )

    recallSampleSize: "Param[int]" = Param(
        Params._dummy(),
        "recallSampleSize",
        "approximate graph: rows whose exact neighbours are found to estimate recall@k; 0 skips "
        "the estimate",
        typeConverter=TypeConverters.toInt,
    )

    refinementRounds: "Param[int]" = Param(
        Params._dummy(),
        "refinementRounds",
        "approximate graph: most NN-descent rounds (local joins of neighbours of neighbours) after "
        "the trees; they stop earlier once at most 0.1% of the list entries are new; 0 skips them",
        typeConverter=TypeConverters.toInt,
    )

    searchNeighbors: "Param[int]" = Param(
        Params._dummy(),
        "searchNeighbors",
        "approximate graph: neighbours K every row keeps during the search, of which the "
        "numNeighbors nearest are kept; 0 chooses max(k, min(3k, k + 20))",
        typeConverter=TypeConverters.toInt,
    )

    seed: "Param[int]" = Param(
        Params._dummy(),
        "seed",
        "random seed of the approximate graph, its recall sample and the epsilon graph's edge "
        "estimate",
        typeConverter=TypeConverters.toInt,
    )

    def getBandwidth(self) -> float:
        """Gets the value of bandwidth or its default value."""
        return self.getOrDefault(self.bandwidth)

    def getBlockSize(self) -> int:
        """Gets the value of blockSize or its default value."""
        return self.getOrDefault(self.blockSize)

    def getDistanceMeasure(self) -> str:
        """Gets the value of distanceMeasure or its default value."""
        return self.getOrDefault(self.distanceMeasure)

    def getDropDuplicates(self) -> bool:
        """Gets the value of dropDuplicates or its default value."""
        return self.getOrDefault(self.dropDuplicates)

    def getGraphType(self) -> str:
        """Gets the value of graphType or its default value."""
        return self.getOrDefault(self.graphType)

    def getKnnMethod(self) -> str:
        """Gets the value of knnMethod or its default value."""
        return self.getOrDefault(self.knnMethod)

    def getLeafSize(self) -> int:
        """Gets the value of leafSize or its default value."""
        return self.getOrDefault(self.leafSize)

    def getMaxEdges(self) -> int:
        """Gets the value of maxEdges or its default value."""
        return self.getOrDefault(self.maxEdges)

    def getMaxRowsPerTask(self) -> int:
        """Gets the value of maxRowsPerTask or its default value."""
        return self.getOrDefault(self.maxRowsPerTask)

    def getNumNeighbors(self) -> int:
        """Gets the value of numNeighbors or its default value."""
        return self.getOrDefault(self.numNeighbors)

    def getNumTrees(self) -> int:
        """Gets the value of numTrees or its default value."""
        return self.getOrDefault(self.numTrees)

    def getRadius(self) -> float:
        """Gets the value of radius or its default value."""
        return self.getOrDefault(self.radius)

    def getRecallSampleSize(self) -> int:
        """Gets the value of recallSampleSize or its default value."""
        return self.getOrDefault(self.recallSampleSize)

    def getRefinementRounds(self) -> int:
        """Gets the value of refinementRounds or its default value."""
        return self.getOrDefault(self.refinementRounds)

    def getSearchNeighbors(self) -> int:
        """Gets the value of searchNeighbors or its default value."""
        return self.getOrDefault(self.searchNeighbors)

    def getSeed(self) -> int:
        """Gets the value of seed or its default value."""
        return self.getOrDefault(self.seed)


class _EdgeWeightParams(_GraphSelectorParams):
    """The params of the Java interface lapscore.selection.params.EdgeWeightParams."""

    includeSelfLoops: "Param[bool]" = Param(
        Params._dummy(),
        "includeSelfLoops",
        "whether every row also gets the edge {i, i} of weight 1 (true reproduces scikit-feature)",
        typeConverter=TypeConverters.toBoolean,
    )

    weightKernel: "Param[str]" = Param(
        Params._dummy(),
        "weightKernel",
        "edge weights: heat exp(-d^2/t), binary 1, or cosine max(0, cos)",
        typeConverter=TypeConverters.toString,
    )

    def getIncludeSelfLoops(self) -> bool:
        """Gets the value of includeSelfLoops or its default value."""
        return self.getOrDefault(self.includeSelfLoops)

    def getWeightKernel(self) -> str:
        """Gets the value of weightKernel or its default value."""
        return self.getOrDefault(self.weightKernel)


class _LaplacianScoreParams(_EdgeWeightParams):
    """The params of the Java interface lapscore.selection.params.LaplacianScoreParams."""

    varianceWeighting: "Param[str]" = Param(
        Params._dummy(),
        "varianceWeighting",
        "denominator of the score: degree (f~^T D f~, the paper's) or uniform (D replaced by I)",
        typeConverter=TypeConverters.toString,
    )

    def getVarianceWeighting(self) -> str:
        """Gets the value of varianceWeighting or its default value."""
        return self.getOrDefault(self.varianceWeighting)


class _LocalKernelRegressionParams(_GraphSelectorParams):
    """The params of the Java interface lapscore.selection.params.LocalKernelRegressionParams."""

    centerFeatures: "Param[bool]" = Param(
        Params._dummy(),
        "centerFeatures",
        "subtract each feature's degree-weighted mean before the regression error (false: the "
        "paper's raw feature)",
        typeConverter=TypeConverters.toBoolean,
    )

    lkrLambda: "Param[float]" = Param(
        Params._dummy(),
        "lkrLambda",
        "ridge term lambda of the local kernel regressions (K + lambda I)^-1 k",
        typeConverter=TypeConverters.toFloat,
    )

    maxClassSize: "Param[int]" = Param(
        Params._dummy(),
        "maxClassSize",
        "class graph: a class with more rows regresses each row on its k nearest rows of the class "
        "instead of all of them",
        typeConverter=TypeConverters.toInt,
    )

    def getCenterFeatures(self) -> bool:
        """Gets the value of centerFeatures or its default value."""
        return self.getOrDefault(self.centerFeatures)

    def getLkrLambda(self) -> float:
        """Gets the value of lkrLambda or its default value."""
        return self.getOrDefault(self.lkrLambda)

    def getMaxClassSize(self) -> int:
        """Gets the value of maxClassSize or its default value."""
        return self.getOrDefault(self.maxClassSize)


class _SpectralScoreParams(_EdgeWeightParams):
    """The params of the Java interface lapscore.selection.params.SpectralScoreParams."""

    maxEmbeddingSteps: "Param[int]" = Param(
        Params._dummy(),
        "maxEmbeddingSteps",
        "spectral scores: most Lanczos steps (one pass over the edges each) to find the "
        "eigenvectors; a fit whose eigenvectors have not converged by then is refused",
        typeConverter=TypeConverters.toInt,
    )

    numEigenvectors: "Param[int]" = Param(
        Params._dummy(),
        "numEigenvectors",
        "spectral scores: K, the smallest non-trivial eigenvectors of the graph's normalised "
        "Laplacian read (SPEC's phi3 sums over them, MCFS regresses each on the features)",
        typeConverter=TypeConverters.toInt,
    )

    def getMaxEmbeddingSteps(self) -> int:
        """Gets the value of maxEmbeddingSteps or its default value."""
        return self.getOrDefault(self.maxEmbeddingSteps)

    def getNumEigenvectors(self) -> int:
        """Gets the value of numEigenvectors or its default value."""
        return self.getOrDefault(self.numEigenvectors)


class _SpecParams(_SpectralScoreParams):
    """The params of the Java interface lapscore.selection.params.SpecParams."""

    specVariant: "Param[int]" = Param(
        Params._dummy(),
        "specVariant",
        "SPEC score: 1 (phi1 = f^T L f / f^T D f, smaller is better), 2 (phi2, the Laplacian "
        "Score) or 3 (phi3 over numEigenvectors eigenpairs, larger is better)",
        typeConverter=TypeConverters.toInt,
    )

    def getSpecVariant(self) -> int:
        """Gets the value of specVariant or its default value."""
        return self.getOrDefault(self.specVariant)


class _LaplacianScoreSelectorParams(_LaplacianScoreParams):
    """The params of LaplacianScoreSelector and LaplacianScoreSelectorModel, with their defaults."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self._setDefault(
            attachResults=False,
            blockSize=0,
            distanceMeasure="euclidean",
            dropDuplicates=False,
            featuresCol="features",
            graphType="knn",
            handleInvalid="error",
            includeSelfLoops=False,
            knnMethod="auto",
            leafSize=0,
            maxEdges=20000000,
            maxRowsPerTask=0,
            numBins=10,
            numNeighbors=5,
            numTopFeatures=50,
            numTrees=0,
            outputCol="selectedFeatures",
            percentile=0.1,
            recallSampleSize=300,
            refinementRounds=20,
            searchNeighbors=0,
            seed=-1091842716,
            selectionMode="numTopFeatures",
            varianceWeighting="degree",
            weightKernel="heat",
        )


@with_params_doc
class LaplacianScoreSelector(JavaEstimator, _LaplacianScoreSelectorParams, JavaMLReadable, JavaMLWritable):
    """Feature selection by the Laplacian score (smaller is better): the Java estimator
    lapscore.selection.LaplacianScoreSelector, whose Javadoc gives the maths.

    ``fit`` returns a :class:`LaplacianScoreSelectorModel`, whose ``transform`` keeps the selected features.
    """

    _input_kwargs: Dict[str, Any]

    @keyword_only
    def __init__(
        self,
        *,
        attachResults=False,
        bandwidth=None,
        blockSize=0,
        distanceMeasure="euclidean",
        dropDuplicates=False,
        featuresCol="features",
        graphType="knn",
        handleInvalid="error",
        includeSelfLoops=False,
        knnMethod="auto",
        labelCol=None,
        leafSize=0,
        maxEdges=20000000,
        maxRowsPerTask=0,
        numBins=10,
        numNeighbors=5,
        numTopFeatures=50,
        numTrees=0,
        outputCol="selectedFeatures",
        percentile=0.1,
        radius=None,
        recallSampleSize=300,
        redundancyThreshold=None,
        refinementRounds=20,
        scoreThreshold=None,
        searchNeighbors=0,
        seed=-1091842716,
        selectionMode="numTopFeatures",
        varianceWeighting="degree",
        weightKernel="heat",
    ) -> None:
        super().__init__()
        self._java_obj = self._new_java_obj("lapscore.selection.LaplacianScoreSelector", self.uid)
        kwargs = self._input_kwargs
        self.setParams(**kwargs)

    @keyword_only
    def setParams(
        self,
        *,
        attachResults=False,
        bandwidth=None,
        blockSize=0,
        distanceMeasure="euclidean",
        dropDuplicates=False,
        featuresCol="features",
        graphType="knn",
        handleInvalid="error",
        includeSelfLoops=False,
        knnMethod="auto",
        labelCol=None,
        leafSize=0,
        maxEdges=20000000,
        maxRowsPerTask=0,
        numBins=10,
        numNeighbors=5,
        numTopFeatures=50,
        numTrees=0,
        outputCol="selectedFeatures",
        percentile=0.1,
        radius=None,
        recallSampleSize=300,
        redundancyThreshold=None,
        refinementRounds=20,
        scoreThreshold=None,
        searchNeighbors=0,
        seed=-1091842716,
        selectionMode="numTopFeatures",
        varianceWeighting="degree",
        weightKernel="heat",
    ) -> "LaplacianScoreSelector":
        """Sets params for this estimator."""
        kwargs = self._input_kwargs
        return self._set(**kwargs)

    def setAttachResults(self, value: bool) -> "LaplacianScoreSelector":
        """Sets the value of attachResults."""
        return self._set(attachResults=value)

    def setBandwidth(self, value: float) -> "LaplacianScoreSelector":
        """Sets the value of bandwidth."""
        return self._set(bandwidth=value)

    def setBlockSize(self, value: int) -> "LaplacianScoreSelector":
        """Sets the value of blockSize."""
        return self._set(blockSize=value)

    def setDistanceMeasure(self, value: str) -> "LaplacianScoreSelector":
        """Sets the value of distanceMeasure."""
        return self._set(distanceMeasure=value)

    def setDropDuplicates(self, value: bool) -> "LaplacianScoreSelector":
        """Sets the value of dropDuplicates."""
        return self._set(dropDuplicates=value)

    def setFeaturesCol(self, value: str) -> "LaplacianScoreSelector":
        """Sets the value of featuresCol."""
        return self._set(featuresCol=value)

    def setGraphType(self, value: str) -> "LaplacianScoreSelector":
        """Sets the value of graphType."""
        return self._set(graphType=value)

    def setHandleInvalid(self, value: str) -> "LaplacianScoreSelector":
        """Sets the value of handleInvalid."""
        return self._set(handleInvalid=value)

    def setIncludeSelfLoops(self, value: bool) -> "LaplacianScoreSelector":
        """Sets the value of includeSelfLoops."""
        return self._set(includeSelfLoops=value)

    def setKnnMethod(self, value: str) -> "LaplacianScoreSelector":
        """Sets the value of knnMethod."""
        return self._set(knnMethod=value)

    def setLabelCol(self, value: str) -> "LaplacianScoreSelector":
        """Sets the value of labelCol."""
        return self._set(labelCol=value)

    def setLeafSize(self, value: int) -> "LaplacianScoreSelector":
        """Sets the value of leafSize."""
        return self._set(leafSize=value)

    def setMaxEdges(self, value: int) -> "LaplacianScoreSelector":
        """Sets the value of maxEdges."""
        return self._set(maxEdges=value)

    def setMaxRowsPerTask(self, value: int) -> "LaplacianScoreSelector":
        """Sets the value of maxRowsPerTask."""
        return self._set(maxRowsPerTask=value)

    def setNumBins(self, value: int) -> "LaplacianScoreSelector":
        """Sets the value of numBins."""
        return self._set(numBins=value)

    def setNumNeighbors(self, value: int) -> "LaplacianScoreSelector":
        """Sets the value of numNeighbors."""
        return self._set(numNeighbors=value)

    def setNumTopFeatures(self, value: int) -> "LaplacianScoreSelector":
        """Sets the value of numTopFeatures."""
        return self._set(numTopFeatures=value)

    def setNumTrees(self, value: int) -> "LaplacianScoreSelector":
        """Sets the value of numTrees."""
        return self._set(numTrees=value)

    def setOutputCol(self, value: str) -> "LaplacianScoreSelector":
        """Sets the value of outputCol."""
        return self._set(outputCol=value)

    def setPercentile(self, value: float) -> "LaplacianScoreSelector":
        """Sets the value of percentile."""
        return self._set(percentile=value)

    def setRadius(self, value: float) -> "LaplacianScoreSelector":
        """Sets the value of radius."""
        return self._set(radius=value)

    def setRecallSampleSize(self, value: int) -> "LaplacianScoreSelector":
        """Sets the value of recallSampleSize."""
        return self._set(recallSampleSize=value)

    def setRedundancyThreshold(self, value: float) -> "LaplacianScoreSelector":
        """Sets the value of redundancyThreshold."""
        return self._set(redundancyThreshold=value)

    def setRefinementRounds(self, value: int) -> "LaplacianScoreSelector":
        """Sets the value of refinementRounds."""
        return self._set(refinementRounds=value)

    def setScoreThreshold(self, value: float) -> "LaplacianScoreSelector":
        """Sets the value of scoreThreshold."""
        return self._set(scoreThreshold=value)

    def setSearchNeighbors(self, value: int) -> "LaplacianScoreSelector":
        """Sets the value of searchNeighbors."""
        return self._set(searchNeighbors=value)

    def setSeed(self, value: int) -> "LaplacianScoreSelector":
        """Sets the value of seed."""
        return self._set(seed=value)

    def setSelectionMode(self, value: str) -> "LaplacianScoreSelector":
        """Sets the value of selectionMode."""
        return self._set(selectionMode=value)

    def setVarianceWeighting(self, value: str) -> "LaplacianScoreSelector":
        """Sets the value of varianceWeighting."""
        return self._set(varianceWeighting=value)

    def setWeightKernel(self, value: str) -> "LaplacianScoreSelector":
        """Sets the value of weightKernel."""
        return self._set(weightKernel=value)

    def _create_model(self, java_model: Any) -> "LaplacianScoreSelectorModel":
        return LaplacianScoreSelectorModel(java_model)


@with_params_doc
class LaplacianScoreSelectorModel(JavaModel, _LaplacianScoreSelectorParams, _SelectorResults, JavaMLReadable, JavaMLWritable):
    """The fitted :class:`LaplacianScoreSelector`: the Java model lapscore.selection.LaplacianScoreSelectorModel.

    ``transform`` keeps the selected features; ``scores``, ``featureRanking``, ``selectedFeatures``
    and ``summary`` give the results, in a classic session and over Spark Connect alike.
    """

    def setAttachResults(self, value: bool) -> "LaplacianScoreSelectorModel":
        """Sets the value of attachResults."""
        return self._set(attachResults=value)

    def setFeaturesCol(self, value: str) -> "LaplacianScoreSelectorModel":
        """Sets the value of featuresCol."""
        return self._set(featuresCol=value)

    def setOutputCol(self, value: str) -> "LaplacianScoreSelectorModel":
        """Sets the value of outputCol."""
        return self._set(outputCol=value)


class _FisherScoreSelectorParams(_SelectorParams):
    """The params of FisherScoreSelector and FisherScoreSelectorModel, with their defaults."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self._setDefault(
            attachResults=False,
            featuresCol="features",
            handleInvalid="error",
            numBins=10,
            numTopFeatures=50,
            outputCol="selectedFeatures",
            percentile=0.1,
            selectionMode="numTopFeatures",
        )


@with_params_doc
class FisherScoreSelector(JavaEstimator, _FisherScoreSelectorParams, JavaMLReadable, JavaMLWritable):
    """Feature selection by the Fisher score (larger is better): the Java estimator
    lapscore.selection.FisherScoreSelector, whose Javadoc gives the maths.

    ``fit`` returns a :class:`FisherScoreSelectorModel`, whose ``transform`` keeps the selected features.
    """

    _input_kwargs: Dict[str, Any]

    @keyword_only
    def __init__(
        self,
        *,
        attachResults=False,
        featuresCol="features",
        handleInvalid="error",
        labelCol=None,
        numBins=10,
        numTopFeatures=50,
        outputCol="selectedFeatures",
        percentile=0.1,
        redundancyThreshold=None,
        scoreThreshold=None,
        selectionMode="numTopFeatures",
    ) -> None:
        super().__init__()
        self._java_obj = self._new_java_obj("lapscore.selection.FisherScoreSelector", self.uid)
        kwargs = self._input_kwargs
        self.setParams(**kwargs)

    @keyword_only
    def setParams(
        self,
        *,
        attachResults=False,
        featuresCol="features",
        handleInvalid="error",
        labelCol=None,
        numBins=10,
        numTopFeatures=50,
        outputCol="selectedFeatures",
        percentile=0.1,
        redundancyThreshold=None,
        scoreThreshold=None,
        selectionMode="numTopFeatures",
    ) -> "FisherScoreSelector":
        """Sets params for this estimator."""
        kwargs = self._input_kwargs
        return self._set(**kwargs)

    def setAttachResults(self, value: bool) -> "FisherScoreSelector":
        """Sets the value of attachResults."""
        return self._set(attachResults=value)

    def setFeaturesCol(self, value: str) -> "FisherScoreSelector":
        """Sets the value of featuresCol."""
        return self._set(featuresCol=value)

    def setHandleInvalid(self, value: str) -> "FisherScoreSelector":
        """Sets the value of handleInvalid."""
        return self._set(handleInvalid=value)

    def setLabelCol(self, value: str) -> "FisherScoreSelector":
        """Sets the value of labelCol."""
        return self._set(labelCol=value)

    def setNumBins(self, value: int) -> "FisherScoreSelector":
        """Sets the value of numBins."""
        return self._set(numBins=value)

    def setNumTopFeatures(self, value: int) -> "FisherScoreSelector":
        """Sets the value of numTopFeatures."""
        return self._set(numTopFeatures=value)

    def setOutputCol(self, value: str) -> "FisherScoreSelector":
        """Sets the value of outputCol."""
        return self._set(outputCol=value)

    def setPercentile(self, value: float) -> "FisherScoreSelector":
        """Sets the value of percentile."""
        return self._set(percentile=value)

    def setRedundancyThreshold(self, value: float) -> "FisherScoreSelector":
        """Sets the value of redundancyThreshold."""
        return self._set(redundancyThreshold=value)

    def setScoreThreshold(self, value: float) -> "FisherScoreSelector":
        """Sets the value of scoreThreshold."""
        return self._set(scoreThreshold=value)

    def setSelectionMode(self, value: str) -> "FisherScoreSelector":
        """Sets the value of selectionMode."""
        return self._set(selectionMode=value)

    def _create_model(self, java_model: Any) -> "FisherScoreSelectorModel":
        return FisherScoreSelectorModel(java_model)


@with_params_doc
class FisherScoreSelectorModel(JavaModel, _FisherScoreSelectorParams, _SelectorResults, JavaMLReadable, JavaMLWritable):
    """The fitted :class:`FisherScoreSelector`: the Java model lapscore.selection.FisherScoreSelectorModel.

    ``transform`` keeps the selected features; ``scores``, ``featureRanking``, ``selectedFeatures``
    and ``summary`` give the results, in a classic session and over Spark Connect alike.
    """

    def setAttachResults(self, value: bool) -> "FisherScoreSelectorModel":
        """Sets the value of attachResults."""
        return self._set(attachResults=value)

    def setFeaturesCol(self, value: str) -> "FisherScoreSelectorModel":
        """Sets the value of featuresCol."""
        return self._set(featuresCol=value)

    def setOutputCol(self, value: str) -> "FisherScoreSelectorModel":
        """Sets the value of outputCol."""
        return self._set(outputCol=value)


class _LocalKernelRegressionSelectorParams(_LocalKernelRegressionParams):
    """The params of LocalKernelRegressionSelector and LocalKernelRegressionSelectorModel, with their defaults."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self._setDefault(
            attachResults=False,
            blockSize=0,
            centerFeatures=False,
            distanceMeasure="euclidean",
            dropDuplicates=False,
            featuresCol="features",
            graphType="knn",
            handleInvalid="error",
            knnMethod="auto",
            leafSize=0,
            lkrLambda=0.1,
            maxClassSize=4096,
            maxEdges=20000000,
            maxRowsPerTask=0,
            numBins=10,
            numNeighbors=10,
            numTopFeatures=50,
            numTrees=0,
            outputCol="selectedFeatures",
            percentile=0.1,
            recallSampleSize=300,
            refinementRounds=20,
            searchNeighbors=0,
            seed=-1091842716,
            selectionMode="numTopFeatures",
        )


@with_params_doc
class LocalKernelRegressionSelector(JavaEstimator, _LocalKernelRegressionSelectorParams, JavaMLReadable, JavaMLWritable):
    """Feature selection by the LKR score (smaller is better): the Java estimator
    lapscore.selection.LocalKernelRegressionSelector, whose Javadoc gives the maths.

    ``fit`` returns a :class:`LocalKernelRegressionSelectorModel`, whose ``transform`` keeps the selected features.
    """

    _input_kwargs: Dict[str, Any]

    @keyword_only
    def __init__(
        self,
        *,
        attachResults=False,
        bandwidth=None,
        blockSize=0,
        centerFeatures=False,
        distanceMeasure="euclidean",
        dropDuplicates=False,
        featuresCol="features",
        graphType="knn",
        handleInvalid="error",
        knnMethod="auto",
        labelCol=None,
        leafSize=0,
        lkrLambda=0.1,
        maxClassSize=4096,
        maxEdges=20000000,
        maxRowsPerTask=0,
        numBins=10,
        numNeighbors=10,
        numTopFeatures=50,
        numTrees=0,
        outputCol="selectedFeatures",
        percentile=0.1,
        radius=None,
        recallSampleSize=300,
        redundancyThreshold=None,
        refinementRounds=20,
        scoreThreshold=None,
        searchNeighbors=0,
        seed=-1091842716,
        selectionMode="numTopFeatures",
    ) -> None:
        super().__init__()
        self._java_obj = self._new_java_obj("lapscore.selection.LocalKernelRegressionSelector", self.uid)
        kwargs = self._input_kwargs
        self.setParams(**kwargs)

    @keyword_only
    def setParams(
        self,
        *,
        attachResults=False,
        bandwidth=None,
        blockSize=0,
        centerFeatures=False,
        distanceMeasure="euclidean",
        dropDuplicates=False,
        featuresCol="features",
        graphType="knn",
        handleInvalid="error",
        knnMethod="auto",
        labelCol=None,
        leafSize=0,
        lkrLambda=0.1,
        maxClassSize=4096,
        maxEdges=20000000,
        maxRowsPerTask=0,
        numBins=10,
        numNeighbors=10,
        numTopFeatures=50,
        numTrees=0,
        outputCol="selectedFeatures",
        percentile=0.1,
        radius=None,
        recallSampleSize=300,
        redundancyThreshold=None,
        refinementRounds=20,
        scoreThreshold=None,
        searchNeighbors=0,
        seed=-1091842716,
        selectionMode="numTopFeatures",
    ) -> "LocalKernelRegressionSelector":
        """Sets params for this estimator."""
        kwargs = self._input_kwargs
        return self._set(**kwargs)

    def setAttachResults(self, value: bool) -> "LocalKernelRegressionSelector":
        """Sets the value of attachResults."""
        return self._set(attachResults=value)

    def setBandwidth(self, value: float) -> "LocalKernelRegressionSelector":
        """Sets the value of bandwidth."""
        return self._set(bandwidth=value)

    def setBlockSize(self, value: int) -> "LocalKernelRegressionSelector":
        """Sets the value of blockSize."""
        return self._set(blockSize=value)

    def setCenterFeatures(self, value: bool) -> "LocalKernelRegressionSelector":
        """Sets the value of centerFeatures."""
        return self._set(centerFeatures=value)

    def setDistanceMeasure(self, value: str) -> "LocalKernelRegressionSelector":
        """Sets the value of distanceMeasure."""
        return self._set(distanceMeasure=value)

    def setDropDuplicates(self, value: bool) -> "LocalKernelRegressionSelector":
        """Sets the value of dropDuplicates."""
        return self._set(dropDuplicates=value)

    def setFeaturesCol(self, value: str) -> "LocalKernelRegressionSelector":
        """Sets the value of featuresCol."""
        return self._set(featuresCol=value)

    def setGraphType(self, value: str) -> "LocalKernelRegressionSelector":
        """Sets the value of graphType."""
        return self._set(graphType=value)

    def setHandleInvalid(self, value: str) -> "LocalKernelRegressionSelector":
        """Sets the value of handleInvalid."""
        return self._set(handleInvalid=value)

    def setKnnMethod(self, value: str) -> "LocalKernelRegressionSelector":
        """Sets the value of knnMethod."""
        return self._set(knnMethod=value)

    def setLabelCol(self, value: str) -> "LocalKernelRegressionSelector":
        """Sets the value of labelCol."""
        return self._set(labelCol=value)

    def setLeafSize(self, value: int) -> "LocalKernelRegressionSelector":
        """Sets the value of leafSize."""
        return self._set(leafSize=value)

    def setLkrLambda(self, value: float) -> "LocalKernelRegressionSelector":
        """Sets the value of lkrLambda."""
        return self._set(lkrLambda=value)

    def setMaxClassSize(self, value: int) -> "LocalKernelRegressionSelector":
        """Sets the value of maxClassSize."""
        return self._set(maxClassSize=value)

    def setMaxEdges(self, value: int) -> "LocalKernelRegressionSelector":
        """Sets the value of maxEdges."""
        return self._set(maxEdges=value)

    def setMaxRowsPerTask(self, value: int) -> "LocalKernelRegressionSelector":
        """Sets the value of maxRowsPerTask."""
        return self._set(maxRowsPerTask=value)

    def setNumBins(self, value: int) -> "LocalKernelRegressionSelector":
        """Sets the value of numBins."""
        return self._set(numBins=value)

    def setNumNeighbors(self, value: int) -> "LocalKernelRegressionSelector":
        """Sets the value of numNeighbors."""
        return self._set(numNeighbors=value)

    def setNumTopFeatures(self, value: int) -> "LocalKernelRegressionSelector":
        """Sets the value of numTopFeatures."""
        return self._set(numTopFeatures=value)

    def setNumTrees(self, value: int) -> "LocalKernelRegressionSelector":
        """Sets the value of numTrees."""
        return self._set(numTrees=value)

    def setOutputCol(self, value: str) -> "LocalKernelRegressionSelector":
        """Sets the value of outputCol."""
        return self._set(outputCol=value)

    def setPercentile(self, value: float) -> "LocalKernelRegressionSelector":
        """Sets the value of percentile."""
        return self._set(percentile=value)

    def setRadius(self, value: float) -> "LocalKernelRegressionSelector":
        """Sets the value of radius."""
        return self._set(radius=value)

    def setRecallSampleSize(self, value: int) -> "LocalKernelRegressionSelector":
        """Sets the value of recallSampleSize."""
        return self._set(recallSampleSize=value)

    def setRedundancyThreshold(self, value: float) -> "LocalKernelRegressionSelector":
        """Sets the value of redundancyThreshold."""
        return self._set(redundancyThreshold=value)

    def setRefinementRounds(self, value: int) -> "LocalKernelRegressionSelector":
        """Sets the value of refinementRounds."""
        return self._set(refinementRounds=value)

    def setScoreThreshold(self, value: float) -> "LocalKernelRegressionSelector":
        """Sets the value of scoreThreshold."""
        return self._set(scoreThreshold=value)

    def setSearchNeighbors(self, value: int) -> "LocalKernelRegressionSelector":
        """Sets the value of searchNeighbors."""
        return self._set(searchNeighbors=value)

    def setSeed(self, value: int) -> "LocalKernelRegressionSelector":
        """Sets the value of seed."""
        return self._set(seed=value)

    def setSelectionMode(self, value: str) -> "LocalKernelRegressionSelector":
        """Sets the value of selectionMode."""
        return self._set(selectionMode=value)

    def _create_model(self, java_model: Any) -> "LocalKernelRegressionSelectorModel":
        return LocalKernelRegressionSelectorModel(java_model)


@with_params_doc
class LocalKernelRegressionSelectorModel(JavaModel, _LocalKernelRegressionSelectorParams, _SelectorResults, JavaMLReadable, JavaMLWritable):
    """The fitted :class:`LocalKernelRegressionSelector`: the Java model lapscore.selection.LocalKernelRegressionSelectorModel.

    ``transform`` keeps the selected features; ``scores``, ``featureRanking``, ``selectedFeatures``
    and ``summary`` give the results, in a classic session and over Spark Connect alike.
    """

    def setAttachResults(self, value: bool) -> "LocalKernelRegressionSelectorModel":
        """Sets the value of attachResults."""
        return self._set(attachResults=value)

    def setFeaturesCol(self, value: str) -> "LocalKernelRegressionSelectorModel":
        """Sets the value of featuresCol."""
        return self._set(featuresCol=value)

    def setOutputCol(self, value: str) -> "LocalKernelRegressionSelectorModel":
        """Sets the value of outputCol."""
        return self._set(outputCol=value)


class _SpecSelectorParams(_SpecParams):
    """The params of SpecSelector and SpecSelectorModel, with their defaults."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self._setDefault(
            attachResults=False,
            blockSize=0,
            distanceMeasure="euclidean",
            dropDuplicates=False,
            featuresCol="features",
            graphType="knn",
            handleInvalid="error",
            includeSelfLoops=False,
            knnMethod="auto",
            leafSize=0,
            maxEdges=20000000,
            maxEmbeddingSteps=300,
            maxRowsPerTask=0,
            numBins=10,
            numEigenvectors=10,
            numNeighbors=5,
            numTopFeatures=50,
            numTrees=0,
            outputCol="selectedFeatures",
            percentile=0.1,
            recallSampleSize=300,
            refinementRounds=20,
            searchNeighbors=0,
            seed=-1091842716,
            selectionMode="numTopFeatures",
            specVariant=3,
            weightKernel="heat",
        )


@with_params_doc
class SpecSelector(JavaEstimator, _SpecSelectorParams, JavaMLReadable, JavaMLWritable):
    """Feature selection by the SPEC score (larger is better): the Java estimator
    lapscore.selection.SpecSelector, whose Javadoc gives the maths.

    ``fit`` returns a :class:`SpecSelectorModel`, whose ``transform`` keeps the selected features.
    """

    _input_kwargs: Dict[str, Any]

    @keyword_only
    def __init__(
        self,
        *,
        attachResults=False,
        bandwidth=None,
        blockSize=0,
        distanceMeasure="euclidean",
        dropDuplicates=False,
        featuresCol="features",
        graphType="knn",
        handleInvalid="error",
        includeSelfLoops=False,
        knnMethod="auto",
        labelCol=None,
        leafSize=0,
        maxEdges=20000000,
        maxEmbeddingSteps=300,
        maxRowsPerTask=0,
        numBins=10,
        numEigenvectors=10,
        numNeighbors=5,
        numTopFeatures=50,
        numTrees=0,
        outputCol="selectedFeatures",
        percentile=0.1,
        radius=None,
        recallSampleSize=300,
        redundancyThreshold=None,
        refinementRounds=20,
        scoreThreshold=None,
        searchNeighbors=0,
        seed=-1091842716,
        selectionMode="numTopFeatures",
        specVariant=3,
        weightKernel="heat",
    ) -> None:
        super().__init__()
        self._java_obj = self._new_java_obj("lapscore.selection.SpecSelector", self.uid)
        kwargs = self._input_kwargs
        self.setParams(**kwargs)

    @keyword_only
    def setParams(
        self,
        *,
        attachResults=False,
        bandwidth=None,
        blockSize=0,
        distanceMeasure="euclidean",
        dropDuplicates=False,
        featuresCol="features",
        graphType="knn",
        handleInvalid="error",
        includeSelfLoops=False,
        knnMethod="auto",
        labelCol=None,
        leafSize=0,
        maxEdges=20000000,
        maxEmbeddingSteps=300,
        maxRowsPerTask=0,
        numBins=10,
        numEigenvectors=10,
        numNeighbors=5,
        numTopFeatures=50,
        numTrees=0,
        outputCol="selectedFeatures",
        percentile=0.1,
        radius=None,
        recallSampleSize=300,
        redundancyThreshold=None,
        refinementRounds=20,
        scoreThreshold=None,
        searchNeighbors=0,
        seed=-1091842716,
        selectionMode="numTopFeatures",
        specVariant=3,
        weightKernel="heat",
    ) -> "SpecSelector":
        """Sets params for this estimator."""
        kwargs = self._input_kwargs
        return self._set(**kwargs)

    def setAttachResults(self, value: bool) -> "SpecSelector":
        """Sets the value of attachResults."""
        return self._set(attachResults=value)

    def setBandwidth(self, value: float) -> "SpecSelector":
        """Sets the value of bandwidth."""
        return self._set(bandwidth=value)

    def setBlockSize(self, value: int) -> "SpecSelector":
        """Sets the value of blockSize."""
        return self._set(blockSize=value)

    def setDistanceMeasure(self, value: str) -> "SpecSelector":
        """Sets the value of distanceMeasure."""
        return self._set(distanceMeasure=value)

    def setDropDuplicates(self, value: bool) -> "SpecSelector":
        """Sets the value of dropDuplicates."""
        return self._set(dropDuplicates=value)

    def setFeaturesCol(self, value: str) -> "SpecSelector":
        """Sets the value of featuresCol."""
        return self._set(featuresCol=value)

    def setGraphType(self, value: str) -> "SpecSelector":
        """Sets the value of graphType."""
        return self._set(graphType=value)

    def setHandleInvalid(self, value: str) -> "SpecSelector":
        """Sets the value of handleInvalid."""
        return self._set(handleInvalid=value)

    def setIncludeSelfLoops(self, value: bool) -> "SpecSelector":
        """Sets the value of includeSelfLoops."""
        return self._set(includeSelfLoops=value)

    def setKnnMethod(self, value: str) -> "SpecSelector":
        """Sets the value of knnMethod."""
        return self._set(knnMethod=value)

    def setLabelCol(self, value: str) -> "SpecSelector":
        """Sets the value of labelCol."""
        return self._set(labelCol=value)

    def setLeafSize(self, value: int) -> "SpecSelector":
        """Sets the value of leafSize."""
        return self._set(leafSize=value)

    def setMaxEdges(self, value: int) -> "SpecSelector":
        """Sets the value of maxEdges."""
        return self._set(maxEdges=value)

    def setMaxEmbeddingSteps(self, value: int) -> "SpecSelector":
        """Sets the value of maxEmbeddingSteps."""
        return self._set(maxEmbeddingSteps=value)

    def setMaxRowsPerTask(self, value: int) -> "SpecSelector":
        """Sets the value of maxRowsPerTask."""
        return self._set(maxRowsPerTask=value)

    def setNumBins(self, value: int) -> "SpecSelector":
        """Sets the value of numBins."""
        return self._set(numBins=value)

    def setNumEigenvectors(self, value: int) -> "SpecSelector":
        """Sets the value of numEigenvectors."""
        return self._set(numEigenvectors=value)

    def setNumNeighbors(self, value: int) -> "SpecSelector":
        """Sets the value of numNeighbors."""
        return self._set(numNeighbors=value)

    def setNumTopFeatures(self, value: int) -> "SpecSelector":
        """Sets the value of numTopFeatures."""
        return self._set(numTopFeatures=value)

    def setNumTrees(self, value: int) -> "SpecSelector":
        """Sets the value of numTrees."""
        return self._set(numTrees=value)

    def setOutputCol(self, value: str) -> "SpecSelector":
        """Sets the value of outputCol."""
        return self._set(outputCol=value)

    def setPercentile(self, value: float) -> "SpecSelector":
        """Sets the value of percentile."""
        return self._set(percentile=value)

    def setRadius(self, value: float) -> "SpecSelector":
        """Sets the value of radius."""
        return self._set(radius=value)

    def setRecallSampleSize(self, value: int) -> "SpecSelector":
        """Sets the value of recallSampleSize."""
        return self._set(recallSampleSize=value)

    def setRedundancyThreshold(self, value: float) -> "SpecSelector":
        """Sets the value of redundancyThreshold."""
        return self._set(redundancyThreshold=value)

    def setRefinementRounds(self, value: int) -> "SpecSelector":
        """Sets the value of refinementRounds."""
        return self._set(refinementRounds=value)

    def setScoreThreshold(self, value: float) -> "SpecSelector":
        """Sets the value of scoreThreshold."""
        return self._set(scoreThreshold=value)

    def setSearchNeighbors(self, value: int) -> "SpecSelector":
        """Sets the value of searchNeighbors."""
        return self._set(searchNeighbors=value)

    def setSeed(self, value: int) -> "SpecSelector":
        """Sets the value of seed."""
        return self._set(seed=value)

    def setSelectionMode(self, value: str) -> "SpecSelector":
        """Sets the value of selectionMode."""
        return self._set(selectionMode=value)

    def setSpecVariant(self, value: int) -> "SpecSelector":
        """Sets the value of specVariant."""
        return self._set(specVariant=value)

    def setWeightKernel(self, value: str) -> "SpecSelector":
        """Sets the value of weightKernel."""
        return self._set(weightKernel=value)

    def _create_model(self, java_model: Any) -> "SpecSelectorModel":
        return SpecSelectorModel(java_model)


@with_params_doc
class SpecSelectorModel(JavaModel, _SpecSelectorParams, _SelectorResults, JavaMLReadable, JavaMLWritable):
    """The fitted :class:`SpecSelector`: the Java model lapscore.selection.SpecSelectorModel.

    ``transform`` keeps the selected features; ``scores``, ``featureRanking``, ``selectedFeatures``
    and ``summary`` give the results, in a classic session and over Spark Connect alike.
    """

    def setAttachResults(self, value: bool) -> "SpecSelectorModel":
        """Sets the value of attachResults."""
        return self._set(attachResults=value)

    def setFeaturesCol(self, value: str) -> "SpecSelectorModel":
        """Sets the value of featuresCol."""
        return self._set(featuresCol=value)

    def setOutputCol(self, value: str) -> "SpecSelectorModel":
        """Sets the value of outputCol."""
        return self._set(outputCol=value)


class _McfsSelectorParams(_SpectralScoreParams):
    """The params of McfsSelector and McfsSelectorModel, with their defaults."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self._setDefault(
            attachResults=False,
            blockSize=0,
            distanceMeasure="euclidean",
            dropDuplicates=False,
            featuresCol="features",
            graphType="knn",
            handleInvalid="error",
            includeSelfLoops=False,
            knnMethod="auto",
            leafSize=0,
            maxEdges=20000000,
            maxEmbeddingSteps=300,
            maxRowsPerTask=0,
            numBins=10,
            numEigenvectors=10,
            numNeighbors=5,
            numTopFeatures=50,
            numTrees=0,
            outputCol="selectedFeatures",
            percentile=0.1,
            recallSampleSize=300,
            refinementRounds=20,
            searchNeighbors=0,
            seed=-1091842716,
            selectionMode="numTopFeatures",
            weightKernel="heat",
        )


@with_params_doc
class McfsSelector(JavaEstimator, _McfsSelectorParams, JavaMLReadable, JavaMLWritable):
    """Feature selection by the MCFS score (larger is better): the Java estimator
    lapscore.selection.McfsSelector, whose Javadoc gives the maths.

    ``fit`` returns a :class:`McfsSelectorModel`, whose ``transform`` keeps the selected features.
    """

    _input_kwargs: Dict[str, Any]

    @keyword_only
    def __init__(
        self,
        *,
        attachResults=False,
        bandwidth=None,
        blockSize=0,
        distanceMeasure="euclidean",
        dropDuplicates=False,
        featuresCol="features",
        graphType="knn",
        handleInvalid="error",
        includeSelfLoops=False,
        knnMethod="auto",
        labelCol=None,
        leafSize=0,
        maxEdges=20000000,
        maxEmbeddingSteps=300,
        maxRowsPerTask=0,
        numBins=10,
        numEigenvectors=10,
        numNeighbors=5,
        numTopFeatures=50,
        numTrees=0,
        outputCol="selectedFeatures",
        percentile=0.1,
        radius=None,
        recallSampleSize=300,
        redundancyThreshold=None,
        refinementRounds=20,
        scoreThreshold=None,
        searchNeighbors=0,
        seed=-1091842716,
        selectionMode="numTopFeatures",
        weightKernel="heat",
    ) -> None:
        super().__init__()
        self._java_obj = self._new_java_obj("lapscore.selection.McfsSelector", self.uid)
        kwargs = self._input_kwargs
        self.setParams(**kwargs)

    @keyword_only
    def setParams(
        self,
        *,
        attachResults=False,
        bandwidth=None,
        blockSize=0,
        distanceMeasure="euclidean",
        dropDuplicates=False,
        featuresCol="features",
        graphType="knn",
        handleInvalid="error",
        includeSelfLoops=False,
        knnMethod="auto",
        labelCol=None,
        leafSize=0,
        maxEdges=20000000,
        maxEmbeddingSteps=300,
        maxRowsPerTask=0,
        numBins=10,
        numEigenvectors=10,
        numNeighbors=5,
        numTopFeatures=50,
        numTrees=0,
        outputCol="selectedFeatures",
        percentile=0.1,
        radius=None,
        recallSampleSize=300,
        redundancyThreshold=None,
        refinementRounds=20,
        scoreThreshold=None,
        searchNeighbors=0,
        seed=-1091842716,
        selectionMode="numTopFeatures",
        weightKernel="heat",
    ) -> "McfsSelector":
        """Sets params for this estimator."""
        kwargs = self._input_kwargs
        return self._set(**kwargs)

    def setAttachResults(self, value: bool) -> "McfsSelector":
        """Sets the value of attachResults."""
        return self._set(attachResults=value)

    def setBandwidth(self, value: float) -> "McfsSelector":
        """Sets the value of bandwidth."""
        return self._set(bandwidth=value)

    def setBlockSize(self, value: int) -> "McfsSelector":
        """Sets the value of blockSize."""
        return self._set(blockSize=value)

    def setDistanceMeasure(self, value: str) -> "McfsSelector":
        """Sets the value of distanceMeasure."""
        return self._set(distanceMeasure=value)

    def setDropDuplicates(self, value: bool) -> "McfsSelector":
        """Sets the value of dropDuplicates."""
        return self._set(dropDuplicates=value)

    def setFeaturesCol(self, value: str) -> "McfsSelector":
        """Sets the value of featuresCol."""
        return self._set(featuresCol=value)

    def setGraphType(self, value: str) -> "McfsSelector":
        """Sets the value of graphType."""
        return self._set(graphType=value)

    def setHandleInvalid(self, value: str) -> "McfsSelector":
        """Sets the value of handleInvalid."""
        return self._set(handleInvalid=value)

    def setIncludeSelfLoops(self, value: bool) -> "McfsSelector":
        """Sets the value of includeSelfLoops."""
        return self._set(includeSelfLoops=value)

    def setKnnMethod(self, value: str) -> "McfsSelector":
        """Sets the value of knnMethod."""
        return self._set(knnMethod=value)

    def setLabelCol(self, value: str) -> "McfsSelector":
        """Sets the value of labelCol."""
        return self._set(labelCol=value)

    def setLeafSize(self, value: int) -> "McfsSelector":
        """Sets the value of leafSize."""
        return self._set(leafSize=value)

    def setMaxEdges(self, value: int) -> "McfsSelector":
        """Sets the value of maxEdges."""
        return self._set(maxEdges=value)

    def setMaxEmbeddingSteps(self, value: int) -> "McfsSelector":
        """Sets the value of maxEmbeddingSteps."""
        return self._set(maxEmbeddingSteps=value)

    def setMaxRowsPerTask(self, value: int) -> "McfsSelector":
        """Sets the value of maxRowsPerTask."""
        return self._set(maxRowsPerTask=value)

    def setNumBins(self, value: int) -> "McfsSelector":
        """Sets the value of numBins."""
        return self._set(numBins=value)

    def setNumEigenvectors(self, value: int) -> "McfsSelector":
        """Sets the value of numEigenvectors."""
        return self._set(numEigenvectors=value)

    def setNumNeighbors(self, value: int) -> "McfsSelector":
        """Sets the value of numNeighbors."""
        return self._set(numNeighbors=value)

    def setNumTopFeatures(self, value: int) -> "McfsSelector":
        """Sets the value of numTopFeatures."""
        return self._set(numTopFeatures=value)

    def setNumTrees(self, value: int) -> "McfsSelector":
        """Sets the value of numTrees."""
        return self._set(numTrees=value)

    def setOutputCol(self, value: str) -> "McfsSelector":
        """Sets the value of outputCol."""
        return self._set(outputCol=value)

    def setPercentile(self, value: float) -> "McfsSelector":
        """Sets the value of percentile."""
        return self._set(percentile=value)

    def setRadius(self, value: float) -> "McfsSelector":
        """Sets the value of radius."""
        return self._set(radius=value)

    def setRecallSampleSize(self, value: int) -> "McfsSelector":
        """Sets the value of recallSampleSize."""
        return self._set(recallSampleSize=value)

    def setRedundancyThreshold(self, value: float) -> "McfsSelector":
        """Sets the value of redundancyThreshold."""
        return self._set(redundancyThreshold=value)

    def setRefinementRounds(self, value: int) -> "McfsSelector":
        """Sets the value of refinementRounds."""
        return self._set(refinementRounds=value)

    def setScoreThreshold(self, value: float) -> "McfsSelector":
        """Sets the value of scoreThreshold."""
        return self._set(scoreThreshold=value)

    def setSearchNeighbors(self, value: int) -> "McfsSelector":
        """Sets the value of searchNeighbors."""
        return self._set(searchNeighbors=value)

    def setSeed(self, value: int) -> "McfsSelector":
        """Sets the value of seed."""
        return self._set(seed=value)

    def setSelectionMode(self, value: str) -> "McfsSelector":
        """Sets the value of selectionMode."""
        return self._set(selectionMode=value)

    def setWeightKernel(self, value: str) -> "McfsSelector":
        """Sets the value of weightKernel."""
        return self._set(weightKernel=value)

    def _create_model(self, java_model: Any) -> "McfsSelectorModel":
        return McfsSelectorModel(java_model)


@with_params_doc
class McfsSelectorModel(JavaModel, _McfsSelectorParams, _SelectorResults, JavaMLReadable, JavaMLWritable):
    """The fitted :class:`McfsSelector`: the Java model lapscore.selection.McfsSelectorModel.

    ``transform`` keeps the selected features; ``scores``, ``featureRanking``, ``selectedFeatures``
    and ``summary`` give the results, in a classic session and over Spark Connect alike.
    """

    def setAttachResults(self, value: bool) -> "McfsSelectorModel":
        """Sets the value of attachResults."""
        return self._set(attachResults=value)

    def setFeaturesCol(self, value: str) -> "McfsSelectorModel":
        """Sets the value of featuresCol."""
        return self._set(featuresCol=value)

    def setOutputCol(self, value: str) -> "McfsSelectorModel":
        """Sets the value of outputCol."""
        return self._set(outputCol=value)
