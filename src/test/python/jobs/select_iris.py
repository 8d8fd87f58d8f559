"""A spark-submit job: rank the iris features and print the results as one JSON line, with where
Python found the lapscore package and the jar lapscore.start() gave the session."""

import json
import sys

from pyspark.ml.feature import VectorAssembler

import lapscore
import lapscore.selection
from lapscore.selection import LaplacianScoreSelector

spark = lapscore.start(app_name="select-iris")
iris = spark.read.csv(sys.argv[1], header=True, inferSchema=True)
measurements = [column for column in iris.columns if column != "species"]
data = VectorAssembler(inputCols=measurements, outputCol="features").transform(iris)
model = LaplacianScoreSelector(numTopFeatures=2, distanceMeasure="cosine").fit(data)
print("RESULT " + json.dumps({"module": lapscore.selection.__file__, "jar": lapscore.jar_path(),
                              "jars": spark.sparkContext.getConf().get("spark.jars"),
                              "scores": model.scores, "selected": model.selectedFeatures}))
spark.stop()
