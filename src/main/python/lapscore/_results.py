"""How a fitted model's results reach Python, in a classic session and over Spark Connect alike.

Spark Connect answers attribute calls only for Spark's own classes, so the results are not read
with ``_call_java``. The model is asked to transform an empty DataFrame with ``attachResults`` set;
the output column's metadata then holds them under the key ``lapscore`` (the Java class
``lapscore.selection.base.ResultsMetadata`` writes it). Only the schema is computed: no Spark job
runs. A model's results never change, so they are read once per Python object.
"""

from typing import Any, Dict, List

from pyspark.ml.linalg import VectorUDT
from pyspark.sql import SparkSession
from pyspark.sql.types import StructField, StructType

RESULTS_KEY = "lapscore"
_NON_FINITE = ("NaN", "Infinity", "-Infinity")


class _SelectorResults:
    """Results of a fitted selector, read from the output column's metadata."""

    def _results(self) -> Dict[str, Any]:
        results = getattr(self, "_lapscore_results", None)
        if results is None:
            spark = SparkSession.active()
            features = self.getFeaturesCol()
            empty = spark.createDataFrame([], StructType([StructField(features, VectorUDT())]))
            transformed = self.transform(empty, {self.attachResults: True})
            results = transformed.schema[self.getOutputCol()].metadata[RESULTS_KEY]
            self._lapscore_results = results
        return results

    @property
    def scores(self) -> List[float]:
        """The score of every input feature, in input order; NaN for features with no score."""
        return [float(score) for score in self._results()["scores"]]

    @property
    def featureRanking(self) -> List[int]:
        """Feature indices from best to worst in the score's own order; NaN scores last."""
        return list(self._results()["featureRanking"])

    @property
    def selectedFeatures(self) -> List[int]:
        """Indices of the selected features, ascending (Spark's convention)."""
        return list(self._results()["selectedFeatures"])

    @property
    def redundantWith(self) -> List[int]:
        """Per feature, the kept feature it was dropped as redundant with, or -1."""
        return list(self._results()["redundantWith"])

    @property
    def redundancy(self) -> List[float]:
        """Per feature, its symmetric uncertainty with that feature, or NaN."""
        return [float(value) for value in self._results()["redundancy"]]

    @property
    def numUnscoredFeatures(self) -> int:
        """How many features have no score (NaN): constant over the rows the score reads; ranked last, never selected."""
        return int(self._results()["numUnscoredFeatures"])

    @property
    def unscoredReason(self) -> str:
        """Why those features have no score, e.g. "constant over the 62 rows"; empty when every feature has one."""
        return self._results()["unscoredReason"]

    @property
    def numFeatures(self) -> int:
        """Number of input features."""
        return len(self._results()["scores"])

    @property
    def summary(self) -> Dict[str, Any]:
        """What the fit did: graph size, parameters used, seconds per stage (the Java ``FitSummary``).

        Spark writes a metadata double that is not finite as a JSON string ("NaN", e.g. the recall of
        an exact graph); it is a float here, as in Java. No text component takes those values.
        """
        return {name: float(value) if value in _NON_FINITE else value for name, value in self._results()["summary"].items()}
