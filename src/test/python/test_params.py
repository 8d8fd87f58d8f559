"""Every estimator's and model's params, defaults and docs in Python are the Java class's."""

import pydoc

import pytest

import lapscore_cases

STAGES = lapscore_cases.stages()
CLASSES = [cls for pair in STAGES for cls in pair]


def java_twin(spark, cls):
    """A new Java object of the class PySpark pairs with ``cls`` (its module + name)."""
    java_class = getattr(spark._jvm.lapscore.selection, cls.__name__)
    return java_class()


def python_instance(spark, cls):
    estimator_classes = [estimator for estimator, _ in STAGES]
    return cls() if cls in estimator_classes else cls(java_twin(spark, cls))


@pytest.mark.parametrize("cls", CLASSES, ids=[cls.__name__ for cls in CLASSES])
def test_params_defaults_and_docs_are_the_javas(spark, cls):
    python = python_instance(spark, cls)
    java = java_twin(spark, cls)
    java_params = {param.name(): param for param in java.params()}
    assert sorted(param.name for param in python.params) == sorted(java_params)
    for param in python.params:
        java_param = java_params[param.name]
        assert param.doc == java_param.doc(), param.name
        assert python.hasDefault(param) == java.hasDefault(java_param), param.name
        if java.hasDefault(java_param):
            assert python.getOrDefault(param) == java.getDefault(java_param).get(), param.name


@pytest.mark.parametrize("cls", CLASSES, ids=[cls.__name__ for cls in CLASSES])
def test_help_shows_every_params_doc(spark, cls):
    text = pydoc.render_doc(cls, renderer=pydoc.plaintext)
    shown = " ".join(word for line in text.splitlines() for word in line.strip().lstrip("|").split())
    for param in python_instance(spark, cls).params:
        assert " ".join(param.doc.split()) in shown, param.name


@pytest.mark.parametrize("estimator", [pair[0] for pair in STAGES], ids=lapscore_cases.stage_ids())
def test_every_java_setter_has_its_python_setter(spark, estimator):
    java_setters = {method.getName() for method in java_twin(spark, estimator).getClass().getMethods()
                    if method.getName().startswith("set") and method.getParameterCount() == 1}
    python = estimator()
    for param in python.params:
        setter = "set" + param.name[0].upper() + param.name[1:]
        assert (setter in java_setters) == hasattr(python, setter), setter
