# Generated from the Java params by PythonApiTest (src/test/java/lapscore/python); do not edit.
# After changing a score, a param or the version, regenerate with ./mvnw -q -o test -Dtest=PythonApiTest -Dregenerate=true
"""Feature selection for Spark ML by the Laplacian Score and related graph scores, from PySpark.

The classes in :mod:`lapscore.selection` are the Python face of the Java estimators and models of
the same names, in the library's jar: the same params, defaults and docs. They are ``JavaEstimator``
and ``JavaModel`` subclasses, so they work in a ``pyspark.ml.Pipeline``, save and load, and run
unchanged over Spark Connect when the server has the jar.

The wheel carries the jar: :func:`start` returns a session that has it, and :func:`jar_path` gives
its path for ``spark-submit --jars``. The jar carries this package too, so
``spark.jars.packages`` with the library's Maven coordinates needs no wheel.
"""

from lapscore._session import jar_path, start
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

__version__ = "0.1.0.dev0"

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
    "jar_path",
    "start",
]
