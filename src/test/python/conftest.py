"""One classic PySpark session for the suite, started the way the README starts one: lapscore.start()."""

import pytest
from pyspark.sql import DataFrame, SparkSession

import lapscore
import lapscore_cases


@pytest.fixture(scope="session")
def spark() -> SparkSession:
    session = lapscore.start(
        master="local[2]",
        app_name="lapscore-pytest",
        conf={
            "spark.driver.host": "127.0.0.1",
            "spark.sql.shuffle.partitions": "4",
            "spark.ui.enabled": "false",
        },
    )
    yield session
    session.stop()


@pytest.fixture(scope="session")
def digits(spark: SparkSession) -> DataFrame:
    return lapscore_cases.digits(spark).cache()
