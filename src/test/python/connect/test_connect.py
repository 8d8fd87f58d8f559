"""Every estimator from a Python client over Spark Connect: fit, transform, every result, save and
load, alone and in a Pipeline; the results equal a classic session's, bit for bit."""

import json
import os
import subprocess
import sys

import pytest

import lapscore_cases
from lapscore_cases import bits, same_values

STAGES = lapscore_cases.stages()


@pytest.fixture(scope="module")
def classic():
    """Every estimator's results from a classic session, in a process of its own."""
    script = os.path.join(os.path.dirname(__file__), "classic_results.py")
    # Without the variables a Connect session sets in this process, which would make the child a client too.
    environment = {name: value for name, value in os.environ.items()
                   if name not in ("SPARK_CONNECT_MODE_ENABLED", "SPARK_REMOTE")}
    environment.update(SPARK_LOCAL_IP="127.0.0.1", PYTHONPATH=os.path.dirname(lapscore_cases.__file__))
    finished = subprocess.run([sys.executable, script], capture_output=True, text=True, timeout=900, env=environment)
    lines = [line for line in finished.stdout.splitlines() if line.startswith("RESULTS ")]
    assert finished.returncode == 0 and lines, finished.stderr[-3000:]
    return json.loads(lines[0][len("RESULTS "):])


def test_the_session_is_a_connect_client(spark):
    assert type(spark).__module__.startswith("pyspark.sql.connect"), type(spark)


@pytest.mark.parametrize("estimator,model_class", STAGES, ids=lapscore_cases.stage_ids())
def test_fit_transform_and_results_equal_the_classic_sessions(spark, digits, classic, estimator, model_class):
    model = estimator(**lapscore_cases.fit_params(estimator)).fit(digits)
    assert type(model) is model_class
    results = lapscore_cases.results(model)
    expected = classic[estimator.__name__]
    assert bits(results["scores"]) == bits(expected["scores"])
    assert bits(results["redundancy"]) == bits(expected["redundancy"])
    for name in ("featureRanking", "selectedFeatures", "redundantWith", "numFeatures"):
        assert results[name] == expected[name], name
    timeless = [name for name in expected["summary"] if not name.endswith("Seconds")]
    assert same_values({name: results["summary"][name] for name in timeless},
                       {name: expected["summary"][name] for name in timeless})

    rows = model.transform(digits).select("features", "selected").collect()
    assert len(rows) == lapscore_cases.ROWS
    for row in rows:
        assert list(row.selected) == [row.features[feature] for feature in model.selectedFeatures]


@pytest.mark.parametrize("estimator,model_class", STAGES, ids=lapscore_cases.stage_ids())
def test_save_and_load_alone_and_in_a_pipeline(spark, digits, tmp_path, estimator, model_class):
    lapscore_cases.assert_round_trips(estimator, model_class, digits, str(tmp_path))


def test_the_server_answers_attribute_calls_for_sparks_own_classes_only(spark, digits):
    """Why the results travel in the output column's metadata: the server refuses ``_call_java``."""
    estimator, _ = STAGES[0]
    model = estimator(**lapscore_cases.fit_params(estimator)).fit(digits)
    with pytest.raises(Exception) as refused:
        model._call_java("scores")
    assert "ATTRIBUTE_NOT_ALLOWED" in str(refused.value), str(refused.value)
