"""The installed package: where it comes from, its version, the jar it carries and the Spark it needs."""

import importlib.metadata
import os
import re
import subprocess
import sys
import sysconfig
import zipfile

import pyspark
from pyspark.ml.wrapper import JavaEstimator, JavaModel

import lapscore
import lapscore.selection
import lapscore_cases


def built(key: str) -> str:
    """A line of the build.properties Maven wrote into the jar: its version, the Spark it was built for."""
    with zipfile.ZipFile(lapscore.jar_path()) as jar:
        properties = jar.read("lapscore/job/build.properties").decode()
    return re.search(r"^%s=(.*)$" % key, properties, re.MULTILINE).group(1).strip()


def test_the_package_is_the_installed_wheel_not_the_source_tree():
    site_packages = os.path.realpath(sysconfig.get_paths()["purelib"])
    assert os.path.realpath(lapscore.__file__).startswith(site_packages + os.sep), lapscore.__file__
    assert importlib.metadata.distribution("lapscore").read_text("RECORD") is not None


def test_the_version_is_the_jars_in_pep_440_spelling():
    maven = built("version")
    expected = maven.replace("-SNAPSHOT", ".dev0")
    assert lapscore.__version__ == expected
    assert importlib.metadata.version("lapscore") == expected
    assert os.path.basename(lapscore.jar_path()) == "spark-laplacian-score-%s.jar" % maven


def test_pyspark_is_the_spark_the_jar_was_built_for():
    pom = open(os.path.join(lapscore_cases.REPO, "pom.xml")).read()
    pinned = re.search(r"^pyspark\[connect\]==(\S+)$", open(os.path.join(os.path.dirname(__file__), "requirements.txt")).read(),
                       re.MULTILINE).group(1)
    assert pyspark.__version__ == built("spark") == pinned
    assert re.search(r"<spark.version>([^<]+)</spark.version>", pom).group(1) == pinned, "the default build's Spark"


def test_the_session_runs_the_jar_the_wheel_carries(spark):
    selector = spark._jvm.lapscore.selection.LaplacianScoreSelector()
    location = selector.getClass().getProtectionDomain().getCodeSource().getLocation().toString()
    assert location.endswith(os.path.basename(lapscore.jar_path())), location
    assert lapscore.start() is spark, "a second start() returns the running session"


def test_the_package_exports_every_estimator_model_and_helper():
    exported = set(lapscore.__all__)
    classes = {name for name in lapscore.selection.__all__}
    assert classes <= exported
    assert {"start", "jar_path"} <= exported
    for name in classes:
        cls = getattr(lapscore, name)
        assert issubclass(cls, (JavaEstimator, JavaModel)), name
    assert len(lapscore_cases.stages()) * 2 == len(classes)


def test_start_refuses_a_running_session_without_the_jar():
    """In a process of its own: a session started without the jar cannot take it any more."""
    code = ("from pyspark.sql import SparkSession\n"
            "import lapscore\n"
            "SparkSession.builder.master('local[1]').config('spark.ui.enabled', 'false').getOrCreate()\n"
            "lapscore.start()\n")
    finished = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                              env=dict(os.environ, SPARK_LOCAL_IP="127.0.0.1"))
    assert finished.returncode != 0
    assert ("RuntimeError: a SparkSession without the lapscore jar is already running: stop it first "
            "(spark.stop()), or start it with spark.jars=%s" % lapscore.jar_path()) in finished.stderr, finished.stderr[-2000:]
