#!/usr/bin/env bash
# Starts the Jupyter server of docker-compose.yml. The Java kernel's spec (kernel.json, in the
# image) puts the image's Spark jars, the mounted runnable jar (the library and XChart) and the
# kernel on the class path of the kernel's JVM, which is the notebooks' Spark driver: the same
# Spark the workers run. Refuses to start without that jar rather than fail in the first cell.
set -euo pipefail
app_jar=/opt/lapscore/target/spark-laplacian-score-app.jar
if [ ! -f "$app_jar" ]; then
  echo "start-jupyter: $app_jar is missing; run ./mvnw -DskipTests package on the host first" >&2
  exit 1
fi
exec jupyter notebook --ip=0.0.0.0 --port=8888 --no-browser \
  --IdentityProvider.token="${JUPYTER_TOKEN}" --notebook-dir=/opt/lapscore/notebooks
