"""A Spark Connect server on loopback, started with PySpark's own spark-submit (the same Spark
distribution as the classic tests) and the library's jar, and a Python client session on it."""

import os
import socket
import subprocess
import sys
import time

import pyspark
import pytest
from pyspark.sql import SparkSession

import lapscore

SERVER_CLASS = "org.apache.spark.sql.connect.service.SparkConnectServer"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(port: int, server: subprocess.Popen, log: str, seconds: float = 180) -> None:
    deadline = time.time() + seconds
    while time.time() < deadline:
        if server.poll() is not None:
            raise RuntimeError("the Connect server exited with %d: %s" % (server.returncode, open(log).read()[-3000:]))
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.5)
    raise RuntimeError("the Connect server did not listen on %d within %d s" % (port, seconds))


@pytest.fixture(scope="session")
def connect_server(tmp_path_factory):
    port = free_port()
    log = str(tmp_path_factory.mktemp("connect-server") / "server.log")
    spark_submit = os.path.join(os.path.dirname(pyspark.__file__), "bin", "spark-submit")
    command = [spark_submit, "--class", SERVER_CLASS, "--master", "local[2]", "--jars", lapscore.jar_path(),
               "--conf", "spark.connect.grpc.binding.address=127.0.0.1",
               "--conf", "spark.connect.grpc.binding.port=%d" % port,
               "--conf", "spark.driver.host=127.0.0.1", "--conf", "spark.ui.enabled=false",
               "--conf", "spark.sql.shuffle.partitions=4", "spark-internal"]
    environment = dict(os.environ, SPARK_LOCAL_IP="127.0.0.1", PYSPARK_PYTHON=sys.executable)
    with open(log, "w") as output:
        server = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT, env=environment)
    try:
        wait_for(port, server, log)
        yield "sc://127.0.0.1:%d" % port
    finally:
        server.terminate()
        server.wait(timeout=60)


@pytest.fixture(scope="session")
def spark(connect_server) -> SparkSession:
    session = SparkSession.builder.remote(connect_server).getOrCreate()
    yield session
    session.stop()
