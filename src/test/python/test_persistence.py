"""Save and load of every estimator and model, alone, in a Pipeline, and inside a CrossValidator."""

import pytest
from pyspark.ml import Pipeline, PipelineModel
from pyspark.ml.classification import LogisticRegression
from pyspark.ml.evaluation import MulticlassClassificationEvaluator
from pyspark.ml.tuning import CrossValidator, CrossValidatorModel, ParamGridBuilder

import lapscore_cases
from lapscore_cases import bits, same_values

STAGES = lapscore_cases.stages()


@pytest.mark.parametrize("estimator,model_class", STAGES, ids=lapscore_cases.stage_ids())
def test_estimator_and_model_save_and_load(spark, digits, tmp_path, estimator, model_class):
    params = lapscore_cases.fit_params(estimator)
    selector = estimator(**params)
    selector.save(str(tmp_path / "estimator"))
    loaded_selector = estimator.load(str(tmp_path / "estimator"))
    assert type(loaded_selector) is estimator and loaded_selector.uid == selector.uid
    for name, value in params.items():
        assert loaded_selector.getOrDefault(name) == value, name

    model = loaded_selector.fit(digits)
    model.write().save(str(tmp_path / "model"))
    loaded = model_class.load(str(tmp_path / "model"))
    assert type(loaded) is model_class and loaded.uid == model.uid
    assert bits(loaded.scores) == bits(model.scores)
    assert loaded.selectedFeatures == model.selectedFeatures
    assert same_values(loaded.summary, model.summary)
    assert loaded.transform(digits).select("selected").collect() == model.transform(digits).select("selected").collect()


@pytest.mark.parametrize("estimator,model_class", STAGES, ids=lapscore_cases.stage_ids())
def test_pipeline_and_pipeline_model_round_trip(spark, digits, tmp_path, estimator, model_class):
    pipeline = Pipeline(stages=[estimator(**lapscore_cases.fit_params(estimator))])
    pipeline.save(str(tmp_path / "pipeline"))
    loaded_pipeline = Pipeline.load(str(tmp_path / "pipeline"))
    assert type(loaded_pipeline.getStages()[0]) is estimator

    fitted = loaded_pipeline.fit(digits)
    fitted.save(str(tmp_path / "fitted"))
    loaded = PipelineModel.load(str(tmp_path / "fitted"))
    assert type(loaded.stages[0]) is model_class
    assert bits(loaded.stages[0].scores) == bits(fitted.stages[0].scores)
    assert loaded.transform(digits).select("selected").collect() == fitted.transform(digits).select("selected").collect()


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
