"""Fit and transform from Python give what the Java API gives on the same data, bit for bit."""

import pytest
from pyspark.sql import DataFrame

import lapscore_cases
from lapscore_cases import bits, same_values

STAGES = lapscore_cases.stages()


def java_fit(spark, estimator, params, data):
    """The same estimator built, set and fitted through its Java setters, as a Java user writes it."""
    java = getattr(spark._jvm.lapscore.selection, estimator.__name__)()
    for name, value in params.items():
        getattr(java, "set" + name[0].upper() + name[1:])(value)
    return java.fit(data._jdf)


@pytest.fixture(scope="module", params=STAGES, ids=lapscore_cases.stage_ids())
def fitted(request, spark, digits):
    estimator, model_class = request.param
    params = lapscore_cases.fit_params(estimator)
    model = estimator(**params).fit(digits)
    assert type(model) is model_class
    return model, java_fit(spark, estimator, params, digits)


def test_scores_ranking_and_selection_are_the_javas(fitted):
    model, java = fitted
    assert bits(model.scores) == bits(list(java.scores()))
    assert model.featureRanking == list(java.featureRanking())
    assert model.selectedFeatures == list(java.selectedFeatures())
    assert model.redundantWith == list(java.redundantWith())
    assert bits(model.redundancy) == bits(list(java.redundancy()))
    assert model.numFeatures == java.numFeatures() == 64
    assert len(model.selectedFeatures) == 5


def test_blank_pixels_have_no_score_and_rank_last(fitted):
    model, java = fitted
    blank = [feature for feature, score in enumerate(model.scores) if score != score]
    assert len(blank) >= 3, "pixels 0, 32 and 39 are 0 in every image"
    assert set(model.featureRanking[-len(blank):]) == set(blank)
    assert not set(blank) & set(model.selectedFeatures)
    assert model.numUnscoredFeatures == len(blank)
    assert model.unscoredReason == java.unscoredReason()
    assert model.unscoredReason.startswith("constant over the ")


def test_the_summary_is_the_java_models_and_the_fit_the_javas(fitted):
    model, java = fitted
    summary = model.summary
    own = {name: getattr(model._java_obj.summary(), name)() for name in summary}
    other = {name: getattr(java.summary(), name)() for name in summary if not name.endswith("Seconds")}
    assert same_values(summary, own)
    assert same_values({name: summary[name] for name in other}, other)
    assert summary["numRows"] == lapscore_cases.ROWS


def test_transform_keeps_the_selected_features_as_java_does(spark, fitted, digits):
    model, java = fitted
    python_rows = model.transform(digits).select("features", "selected").collect()
    java_rows = DataFrame(java.transform(digits._jdf), spark).select("selected").collect()
    assert len(python_rows) == len(java_rows) == lapscore_cases.ROWS
    for row, java_row in zip(python_rows, java_rows):
        expected = [row.features[feature] for feature in model.selectedFeatures]
        assert list(row.selected) == expected
        assert row.selected == java_row.selected
    names = model.transform(digits).schema["selected"].metadata["ml_attr"]["attrs"]
    kept = [attribute["name"] for group in names.values() for attribute in group]
    assert kept == ["p%d_%d" % divmod(feature, 8) for feature in model.selectedFeatures]
