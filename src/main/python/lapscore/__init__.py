"""Feature selection for Spark ML by the Laplacian Score and related graph scores, from PySpark.

The classes in :mod:`lapscore.selection` are the Python face of the Java estimators and models of
the same names (``lapscore.selection.LaplacianScoreSelector`` and so on, in the library's jar): the
same params, defaults and docs, generated from the Java declarations. They are ``JavaEstimator`` and
``JavaModel`` subclasses, so they work in a ``pyspark.ml.Pipeline``, save and load, and run
unchanged over Spark Connect when the server has the jar.

The jar carries this package: ``pyspark --packages io.github.lapscore:spark-laplacian-score:VERSION``
puts it on the Python path (with ``--jars``, pass the jar to ``--py-files`` too).
"""

from lapscore.selection import (
    FisherScoreSelector,
    FisherScoreSelectorModel,
    LaplacianScoreSelector,
    LaplacianScoreSelectorModel,
    LocalKernelRegressionSelector,
    LocalKernelRegressionSelectorModel,
    McfsSelector,
    McfsSelectorModel,
    SpecSelector,
    SpecSelectorModel,
)

__all__ = [
    "FisherScoreSelector",
    "FisherScoreSelectorModel",
    "LaplacianScoreSelector",
    "LaplacianScoreSelectorModel",
    "LocalKernelRegressionSelector",
    "LocalKernelRegressionSelectorModel",
    "McfsSelector",
    "McfsSelectorModel",
    "SpecSelector",
    "SpecSelectorModel",
]
