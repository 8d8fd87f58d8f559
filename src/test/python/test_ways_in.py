"""The documented ways to run a Python job with the library: spark-submit with the jar on --jars and
--py-files, and spark.jars.packages with the Maven coordinates, resolved from the local Maven
repository after ./mvnw install. Each job runs in its own spark-submit, from PySpark's own script."""

import hashlib
import json
import os
import subprocess
import sys

import pyspark
from pyspark.ml.feature import VectorAssembler

import lapscore
from lapscore.selection import LaplacianScoreSelector
import lapscore_cases
from lapscore_cases import bits

JOB = os.path.join(os.path.dirname(__file__), "jobs", "select_iris.py")
IRIS = os.path.join(lapscore_cases.REPO, "data", "iris.csv")
SPARK_SUBMIT = os.path.join(os.path.dirname(pyspark.__file__), "bin", "spark-submit")


def submit(*options):
    """Runs the job with these spark-submit options; its results and the module Python imported."""
    environment = dict(os.environ, PYSPARK_PYTHON=sys.executable, PYSPARK_DRIVER_PYTHON=sys.executable,
                       SPARK_LOCAL_IP="127.0.0.1")
    command = [SPARK_SUBMIT, "--master", "local[2]", "--conf", "spark.ui.enabled=false", *options, JOB, IRIS]
    finished = subprocess.run(command, env=environment, capture_output=True, text=True, timeout=600)
    lines = [line for line in finished.stdout.splitlines() if line.startswith("RESULT ")]
    assert finished.returncode == 0 and lines, finished.stderr[-3000:]
    return json.loads(lines[0][len("RESULT "):])


def in_process(spark):
    iris = spark.read.csv(IRIS, header=True, inferSchema=True)
    data = VectorAssembler(inputCols=iris.columns[:4], outputCol="features").transform(iris)
    return LaplacianScoreSelector(numTopFeatures=2, distanceMeasure="cosine").fit(data)


def test_spark_submit_with_the_jar_on_jars_and_py_files(spark):
    jar = lapscore.jar_path()
    result = submit("--jars", jar, "--py-files", jar)
    assert result["module"].startswith(jar + os.sep), "Python imported lapscore from the jar: " + result["module"]
    assert result["jar"] == jar and result["jars"].split(",").count(jar) == 1, result["jars"]
    model = in_process(spark)
    assert bits(result["scores"]) == bits(model.scores)
    assert result["selected"] == model.selectedFeatures == [2, 3]


def test_spark_jars_packages_from_the_local_maven_repository(spark, tmp_path):
    version = os.path.basename(lapscore.jar_path())[len("spark-laplacian-score-"):-len(".jar")]
    installed = os.path.expanduser(
        "~/.m2/repository/io/github/lapscore/spark-laplacian-score/%s/spark-laplacian-score-%s.jar" % (version, version))
    assert os.path.isfile(installed), "run ./mvnw -DskipTests install first (" + installed + " is missing)"
    digest = [hashlib.sha256(open(path, "rb").read()).hexdigest() for path in (installed, lapscore.jar_path())]
    assert digest[0] == digest[1], "the installed jar is not this build's: run ./mvnw -DskipTests install"

    result = submit("--conf", "spark.jars.packages=io.github.lapscore:spark-laplacian-score:" + version,
                    "--conf", "spark.jars.ivy=" + str(tmp_path / "ivy"))
    assert ".jar" + os.sep in result["module"] and str(tmp_path) in result["module"], result["module"]
    assert result["module"].startswith(result["jar"] + os.sep), result["jar"]
    assert bits(result["scores"]) == bits(in_process(spark).scores)
