"""The README's Python example is this suite's examples/select_iris.py, word for word, and it runs."""

import os
import subprocess
import sys

from pyspark.ml.feature import VectorAssembler

from lapscore.selection import LaplacianScoreSelector
import lapscore_cases

EXAMPLE = os.path.join(os.path.dirname(__file__), "examples", "select_iris.py")


def test_the_readme_shows_the_example_verbatim():
    readme = open(os.path.join(lapscore_cases.REPO, "README.md")).read()
    assert "```python\n" + open(EXAMPLE).read() + "```" in readme


def test_the_example_prints_the_ranking_and_the_scores(spark):
    finished = subprocess.run([sys.executable, EXAMPLE], cwd=lapscore_cases.REPO, capture_output=True, text=True,
                              timeout=600, env=dict(os.environ, SPARK_LOCAL_IP="127.0.0.1"))
    assert finished.returncode == 0, finished.stderr[-3000:]
    iris = spark.read.csv(os.path.join(lapscore_cases.REPO, "data", "iris.csv"), header=True, inferSchema=True)
    model = LaplacianScoreSelector(numTopFeatures=2).fit(
        VectorAssembler(inputCols=iris.columns[:4], outputCol="features").transform(iris))
    expected = ["%s %r" % (iris.columns[feature], model.scores[feature]) for feature in model.featureRanking]
    assert finished.stdout.splitlines() == expected
