"""Bad params and bad input reach Python as an exception whose message is the library's one line."""

import pytest
from pyspark.errors.exceptions.captured import CapturedException
from pyspark.errors import IllegalArgumentException
from pyspark.ml.linalg import Vectors

from lapscore.selection import FisherScoreSelector, LaplacianScoreSelector, SpecSelector


def java_message(spark, estimator, params, data):
    """The message of the Java exception the Java API throws for the same estimator, params and data
    (PySpark converts every Java exception a call raises; the Java one is the converted one's origin)."""
    java = getattr(spark._jvm.lapscore.selection, type(estimator).__name__)()
    try:
        for name, value in params.items():
            getattr(java, "set" + name[0].upper() + name[1:])(value)
        java.fit(data._jdf)
    except CapturedException as refused:
        return refused._origin.getMessage()
    raise AssertionError("the Java API accepted what Python refused")


def with_row(spark, digits, features):
    """The digits with one more row, whose features are ``features``."""
    extra = spark.createDataFrame([(features, 9)], digits.schema)
    return digits.union(extra)


NAN_ROW = Vectors.dense([float("nan")] + [0.0] * 63)

# Per case: the estimator, its params, and the data from the session and the digits.
CASES = {
    "bad param": (LaplacianScoreSelector, {"numNeighbors": 0}, lambda spark, digits: digits),
    "missing column": (LaplacianScoreSelector, {"featuresCol": "pixels"}, lambda spark, digits: digits),
    "missing label": (FisherScoreSelector, {}, lambda spark, digits: digits),
    "NaN cell": (LaplacianScoreSelector, {}, lambda spark, digits: with_row(spark, digits, NAN_ROW)),
    "null vector": (LaplacianScoreSelector, {}, lambda spark, digits: with_row(spark, digits, None)),
    "embedding not converged": (SpecSelector, {"numNeighbors": 10, "numEigenvectors": 3, "maxEmbeddingSteps": 2},
                                lambda spark, digits: digits),
}


@pytest.mark.parametrize("case", CASES)
def test_the_python_exception_carries_the_librarys_one_line_message(spark, digits, case):
    estimator_class, params, make_data = CASES[case]
    data = make_data(spark, digits)
    with pytest.raises(Exception) as raised:
        estimator_class(**params).fit(data)
    message = str(raised.value)
    assert message == java_message(spark, estimator_class(), params, data)
    assert "\n" not in message and "Py4J" not in message and "\tat " not in message, message
    assert isinstance(raised.value, IllegalArgumentException), type(raised.value)


def test_the_row_to_blame_is_named(spark, digits):
    with pytest.raises(Exception) as raised:
        LaplacianScoreSelector().fit(with_row(spark, digits, None))
    message = str(raised.value)
    assert "'features'" in message and "row" in message, message
