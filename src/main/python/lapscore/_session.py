"""A SparkSession that has the library's jar, in one call.

The wheel carries the jar built with it (``lapscore/jars/``), so the Python classes and the Java
classes they drive always come from the same build, and nothing is downloaded when a session starts.
A cluster gets the jar from ``spark.jars`` like any other: the driver serves it to the executors.
"""

import os
from typing import Dict, List, Optional

from pyspark import SparkConf
from pyspark.sql import SparkSession

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


def jar_path() -> str:
    """The path of the library's jar: the one the installed wheel carries, or, when Python imported
    this package from the jar itself (``--py-files``, ``spark.jars.packages``), that jar."""
    container = os.path.dirname(_PACKAGE_DIR)
    if container.endswith(".jar") and os.path.isfile(container):
        return container
    jar_dir = os.path.join(_PACKAGE_DIR, "jars")
    jars = sorted(name for name in os.listdir(jar_dir) if name.endswith(".jar")) if os.path.isdir(jar_dir) else []
    if len(jars) != 1:
        raise FileNotFoundError(
            "lapscore was imported from %s, which holds no jar of the library: install its wheel, "
            "or start Spark with the jar on spark.jars" % _PACKAGE_DIR
        )
    return os.path.join(jar_dir, jars[0])


def _jar_list(*lists: Optional[str]) -> List[str]:
    return [jar for jars in lists if jars for jar in jars.split(",") if jar]


def start(
    master: Optional[str] = None, app_name: str = "lapscore", conf: Optional[Dict[str, str]] = None
) -> SparkSession:
    """A SparkSession with the library's jar on ``spark.jars``.

    :param master: Spark's master URL, e.g. ``local[*]`` or ``spark://host:7077``; ``None`` keeps
        what ``spark-submit`` or ``spark-defaults.conf`` set (``local[*]`` when nothing does).
    :param app_name: the application's name in Spark's UI.
    :param conf: further Spark settings, e.g. ``{"spark.driver.memory": "8g"}``; the jars of a
        ``spark.jars`` given here, or by ``spark-submit --jars``, are kept beside the library's.

    A session that is already running cannot take a jar any more, so one that lacks the library's
    jar is an error, not a session whose first ``fit`` fails.
    """
    jar = jar_path()
    running = SparkSession.getActiveSession()
    if running is not None:
        if jar not in _jar_list(running.sparkContext.getConf().get("spark.jars")):
            raise RuntimeError(
                "a SparkSession without the lapscore jar is already running: stop it first "
                "(spark.stop()), or start it with spark.jars=%s" % jar
            )
        return running
    settings = dict(conf or {})
    jars = _jar_list(SparkConf().get("spark.jars"), settings.get("spark.jars"))
    settings["spark.jars"] = ",".join(jars + ([] if jar in jars else [jar]))
    builder = SparkSession.builder.appName(app_name)
    if master is not None:
        builder = builder.master(master)
    for key, value in settings.items():
        builder = builder.config(key, value)
    return builder.getOrCreate()
