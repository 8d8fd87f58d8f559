"""Fits every estimator on the digits in a classic session and prints every result as one JSON
line: the reference the Spark Connect tests compare with, from a process of its own."""

import json

import lapscore
import lapscore_cases

spark = lapscore.start(master="local[2]", conf={"spark.driver.host": "127.0.0.1", "spark.ui.enabled": "false"})
digits = lapscore_cases.digits(spark)
reference = {}
for estimator, _ in lapscore_cases.stages():
    model = estimator(**lapscore_cases.fit_params(estimator)).fit(digits)
    reference[estimator.__name__] = lapscore_cases.results(model)
print("RESULTS " + json.dumps(reference))
spark.stop()
