#!/usr/bin/env bash
# Starts the Jupyter server of docker-compose.yml. The Python notebooks run on the image's Python 3
# kernel with the wheel installed below. The Java kernel's spec (kernel.json, in the
# image) puts the image's Spark jars, the mounted runnable jar (the library and XChart) and the
# kernel on the class path of the kernel's JVM, which is the notebooks' Spark driver: the same
# Spark the workers run. Refuses to start without that jar rather than fail in the first cell.
#
# The token: JUPYTER_TOKEN if it is set and not empty (Jupyter reads it itself), otherwise one that
# Jupyter generates at each start and prints in its log (docker compose logs jupyter). No token is
# ever passed on the command line: an empty one there would turn authentication off.
# The server listens on every interface of the container, because Docker forwards the published
# port (127.0.0.1:8888 on the host) to the container's own address; remote access stays off, so
# Jupyter keeps checking that each request's Host header names a loopback address or localhost,
# and a web page that reaches 127.0.0.1:8888 under another name (DNS rebinding) is refused.
set -euo pipefail
app_jar=/opt/lapscore/target/spark-laplacian-score-app.jar
if [ ! -f "$app_jar" ]; then
  echo "start-jupyter: $app_jar is missing; run ./mvnw -DskipTests package on the host first" >&2
  exit 1
fi
# The Python notebooks: PySpark from the image's Spark, and the lapscore wheel that bin/python-wheel
# builds on the host (target/dist), installed for this user at each start, so a rebuilt wheel needs no new image.
py4j_zip="$(ls /opt/spark/python/lib/py4j-*-src.zip | head -n 1)"
export PYTHONPATH="/opt/spark/python:$py4j_zip${PYTHONPATH:+:$PYTHONPATH}"
wheel="$(ls /opt/lapscore/target/dist/lapscore-*.whl 2>/dev/null | head -n 1 || true)"
if [ -n "$wheel" ]; then
  pip3 install --user --no-deps --force-reinstall --quiet "$wheel"
else
  echo "start-jupyter: no wheel in target/dist, so the Python notebooks cannot import lapscore; run bin/python-wheel on the host" >&2
fi
if [ -z "${JUPYTER_TOKEN:-}" ]; then
  unset JUPYTER_TOKEN
  echo "start-jupyter: no JUPYTER_TOKEN given; open the http://127.0.0.1:8888/tree?token=... address printed below" >&2
fi
exec jupyter notebook --ip=0.0.0.0 --port=8888 --no-browser \
  --ServerApp.allow_remote_access=False --notebook-dir=/opt/lapscore/notebooks
