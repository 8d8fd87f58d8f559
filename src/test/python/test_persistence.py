"""Save and load of every estimator and model, alone, in a Pipeline, and inside a CrossValidator."""

import pytest
from pyspark.ml import Pipeline
from pyspark.ml.classification import LogisticRegression
from pyspark.ml.evaluation import MulticlassClassificationEvaluator
from pyspark.ml.tuning import CrossValidator, CrossValidatorModel, ParamGridBuilder

import lapscore_cases
from lapscore_cases import bits

STAGES = lapscore_cases.stages()


@pytest.mark.parametrize("estimator,model_class", STAGES, ids=lapscore_cases.stage_ids())
def test_estimator_model_and_pipelines_save_and_load(digits, tmp_path, estimator, model_class):
    lapscore_cases.assert_round_trips(estimator, model_class, digits, str(tmp_path))


def test_cross_validator_over_a_selector_param_saved_and_loaded(spark, digits, tmp_path):
    estimator, model_class = STAGES[0]
    selector = estimator(**lapscore_cases.fit_params(estimator))
    classifier = LogisticRegression(featuresCol="selected", labelCol=lapscore_cases.LABEL, maxIter=20)
    grid = ParamGridBuilder().addGrid(selector.numTopFeatures, [2, 16]).build()
    validator = CrossValidator(estimator=Pipeline(stages=[selector, classifier]), estimatorParamMaps=grid,
                               evaluator=MulticlassClassificationEvaluator(labelCol=lapscore_cases.LABEL,
                                                                           metricName="accuracy"),
                               numFolds=2, seed=3)
    validator.save(str(tmp_path / "validator"))
    loaded_validator = CrossValidator.load(str(tmp_path / "validator"))
    assert [dict((param.name, value) for param, value in grid_point.items())
            for grid_point in loaded_validator.getEstimatorParamMaps()] == [{"numTopFeatures": 2}, {"numTopFeatures": 16}]

    fitted = loaded_validator.fit(digits)
    assert fitted.avgMetrics[1] > fitted.avgMetrics[0], "16 pixels classify digits better than 2"
    best = fitted.bestModel.stages[0]
    assert type(best) is model_class and best.getNumTopFeatures() == 16
    fitted.save(str(tmp_path / "fitted"))
    loaded = CrossValidatorModel.load(str(tmp_path / "fitted"))
    assert type(loaded.bestModel.stages[0]) is model_class
    assert bits(loaded.bestModel.stages[0].scores) == bits(best.scores)
    assert loaded.avgMetrics == fitted.avgMetrics
