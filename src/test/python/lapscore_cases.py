"""What the Python tests fit: the estimators (read from the package), the data and the settings.

The estimators are the ``JavaEstimator`` classes :mod:`lapscore.selection` exports, each with the
model class PySpark's convention names (the estimator's name + ``Model``), so a score added to the
library is tested here without a line changed.
"""

import os
import struct
from typing import Any, Dict, List, Tuple, Type

from pyspark.ml import Pipeline, PipelineModel
from pyspark.ml.feature import VectorAssembler
from pyspark.ml.wrapper import JavaEstimator
from pyspark.sql import DataFrame, SparkSession

import lapscore.selection

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
DIGITS_CSV = os.path.join(REPO, "data", "digits.csv")
LABEL = "digit"
ROWS = 400


def stages() -> List[Tuple[Type[Any], Type[Any]]]:
    """Every (estimator, model) class pair of the package."""
    pairs = []
    for name in lapscore.selection.__all__:
        estimator = getattr(lapscore.selection, name)
        if isinstance(estimator, type) and issubclass(estimator, JavaEstimator):
            pairs.append((estimator, getattr(lapscore.selection, name + "Model")))
    return pairs


def stage_ids() -> List[str]:
    return [estimator.__name__ for estimator, _ in stages()]


def digits(spark: SparkSession, rows: int = ROWS) -> DataFrame:
    """The first ``rows`` of scikit-learn's digits (8 x 8 pixels, 3 of them blank in every image),
    with the pixels in the vector column ``features`` and the label in ``digit``."""
    table = spark.read.csv(DIGITS_CSV, header=True, inferSchema=True).limit(rows)
    pixels = [column for column in table.columns if column != LABEL]
    return VectorAssembler(inputCols=pixels, outputCol="features").transform(table).select("features", LABEL)


def fit_params(estimator: Type[Any]) -> Dict[str, Any]:
    """The params a user sets so that the estimator runs on :func:`digits`: a label for the scores
    that need one (their ``labelCol`` has no default), and for the spectral scores a few eigenvectors
    of a graph dense enough to be connected."""
    instance = estimator()
    params: Dict[str, Any] = {"numTopFeatures": 5, "outputCol": "selected"}
    if not instance.hasDefault("labelCol"):
        params["labelCol"] = LABEL
    if instance.hasParam("numEigenvectors"):
        params.update(numEigenvectors=3, numNeighbors=30)
    if instance.hasParam("seed"):
        params["seed"] = 7
    return params


def results(model: Any) -> Dict[str, Any]:
    """Every result a user reads from a fitted model, as plain Python values."""
    return {
        "scores": model.scores,
        "featureRanking": model.featureRanking,
        "selectedFeatures": model.selectedFeatures,
        "redundantWith": model.redundantWith,
        "redundancy": model.redundancy,
        "numFeatures": model.numFeatures,
        "numUnscoredFeatures": model.numUnscoredFeatures,
        "unscoredReason": model.unscoredReason,
        "summary": model.summary,
    }


def bits(values: List[float]) -> List[bytes]:
    """Each double as its 8 bytes: equal lists are equal bit for bit, NaN and -0.0 included."""
    return [struct.pack(">d", value) for value in values]


def same_values(left: Dict[str, Any], right: Dict[str, Any]) -> bool:
    """Whether two dicts of results hold the same keys and values, doubles compared bit for bit,
    also inside lists and nested dicts (a summary)."""
    def same(a: Any, b: Any) -> bool:
        if isinstance(a, dict) and isinstance(b, dict):
            return same_values(a, b)
        if isinstance(a, list) and isinstance(b, list):
            return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
        return bits([a]) == bits([b]) if isinstance(a, float) or isinstance(b, float) else a == b
    return left.keys() == right.keys() and all(same(left[key], right[key]) for key in left)


def assert_round_trips(estimator: Type[Any], model_class: Type[Any], data: DataFrame, directory: str) -> None:
    """Saves and loads the estimator with :func:`fit_params`, the model it fits, an unfitted
    ``Pipeline`` of it and the fitted ``PipelineModel``; each comes back as its own class with the
    same params, results and output."""
    params = fit_params(estimator)
    selector = estimator(**params)
    selector.save(os.path.join(directory, "estimator"))
    loaded_selector = estimator.load(os.path.join(directory, "estimator"))
    assert type(loaded_selector) is estimator and loaded_selector.uid == selector.uid
    for name, value in params.items():
        assert loaded_selector.getOrDefault(name) == value, name

    model = loaded_selector.fit(data)
    output = model.transform(data).select("selected").collect()
    model.save(os.path.join(directory, "model"))
    loaded = model_class.load(os.path.join(directory, "model"))
    assert type(loaded) is model_class and loaded.uid == model.uid
    assert same_values(results(loaded), results(model))
    assert loaded.transform(data).select("selected").collect() == output

    Pipeline(stages=[estimator(**params)]).save(os.path.join(directory, "pipeline"))
    pipeline = Pipeline.load(os.path.join(directory, "pipeline"))
    assert type(pipeline.getStages()[0]) is estimator
    pipeline.fit(data).save(os.path.join(directory, "fitted"))
    fitted = PipelineModel.load(os.path.join(directory, "fitted"))
    assert type(fitted.stages[0]) is model_class
    assert bits(fitted.stages[0].scores) == bits(model.scores)
    assert fitted.transform(data).select("selected").collect() == output
