#!/usr/bin/env bash
# Starts the Jupyter server of docker-compose.yml. Writes the Java kernel's spec first, at start
# rather than in the image, because its class path is the mounted runnable jar
# (/opt/lapscore/target/spark-laplacian-score-app.jar: the library and XChart) plus the image's own
# Spark jars, the same Spark the workers run.
set -euo pipefail
app_jar=/opt/lapscore/target/spark-laplacian-score-app.jar
if [ ! -f "$app_jar" ]; then
  echo "start-jupyter: $app_jar is missing; run ./mvnw -DskipTests package on the host first" >&2
  exit 1
fi
classpath="$app_jar"
for jar in /opt/spark/jars/*.jar; do
  classpath="$classpath;$jar"
done

spec_dir=/opt/jupyter/kernels/lapscore-java
mkdir -p "$spec_dir"
# The kernel (a JShell) runs the cells in its own JVM, the notebooks' Spark driver, so Spark's
# module options go before -jar; RJK_CLASSPATH is the cells' class path (entries separated by ';').
cat > "$spec_dir/kernel.json" <<JSON
{
  "argv": ["java", "@/opt/lapscore/conf/spark-jvm.options", "-Djava.awt.headless=true",
           "-Dlog4j2.configurationFile=/opt/lapscore/conf/log4j2.properties",
           "-jar", "/opt/rapaio-jupyter-kernel.jar", "{connection_file}"],
  "display_name": "Java (spark-laplacian-score)",
  "language": "java",
  "interrupt_mode": "message",
  "env": {"RJK_CLASSPATH": "$classpath"}
}
JSON

exec jupyter notebook --ip=0.0.0.0 --port=8888 --no-browser \
  --IdentityProvider.token="${JUPYTER_TOKEN}" --notebook-dir=/opt/lapscore/notebooks
