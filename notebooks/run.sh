#!/usr/bin/env bash
# Executes every notebook in notebooks/ headlessly (for CI) into target/notebooks/, outputs
# included, each on the kernel its metadata names, and fails when a cell fails or a chart cell
# shows no image. Works from a fresh clone: builds the jar when needed; for the Python notebooks,
# the Python environment .venv with this build's wheel installed (.ci/python-env --with-package),
# whose nbclient runs every notebook and whose ipykernel is the python3 kernel; for the Java one,
# fetches the Java kernel (rapaio-jupyter-kernel) from Maven Central through Maven and writes its
# spec target/notebooks-kernel/kernels/lapscore-java/kernel.json (also usable interactively, see
# "Jupyter notebooks" in docs/deployment.md). The cluster notebook connects to $SPARK_MASTER_URL (default local[2]).
#
#   notebooks/run.sh                                   every notebook, into target/notebooks/
#   notebooks/run.sh OUTPUT_DIR NOTEBOOK.ipynb ...     the ones named, into OUTPUT_DIR
set -euo pipefail
home="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$home"

jar="$home/target/spark-laplacian-score.jar"
classpath="$home/target/classpath.txt"
# The newest 3.0.x on Maven Central (3.0.2 to 3.0.4, in the kernel's GitHub releases, are not there).
kernel_version=3.0.1
kernel_home="$home/target/notebooks-kernel"
kernel_jar="$kernel_home/rapaio-jupyter-kernel-$kernel_version.jar"
kernel_name=lapscore-java

# The same rule as bin/lapscore: build on first use and whenever the sources are newer than the jar.
if [ ! -f "$jar" ] || [ ! -f "$classpath" ] \
   || [ -n "$(find "$home/src/main" "$home/pom.xml" -newer "$jar" -print -quit)" ]; then
  echo "notebooks: building the jar ..."
  ./mvnw -q -DskipTests package
fi

if [ ! -f "$kernel_jar" ]; then
  echo "notebooks: fetching rapaio-jupyter-kernel $kernel_version ..."
  ./mvnw -q dependency:copy -Dartifact="io.github.padreati:rapaio-jupyter-kernel:$kernel_version" \
    -DoutputDirectory="$kernel_home"
fi

python="$(.ci/python-env --with-package)"

# The kernel runs the cells in its own JVM (JShell in the same process), so Spark's JVM options go
# on the kernel's command line, and the charts are drawn without a display (headless).
# The library and Spark go on that JVM's class path (-cp, so the kernel is started by its main
# class, not -jar), not in the kernel's RJK_CLASSPATH: that one loads them in JShell's own class
# loader, which Spark's pool threads (e.g. adaptive query execution's) do not see, and Spark then
# misses its own classes ("The codec lz4 is not available"). JShell compiles the cells against the
# JVM's class path as well. Spark's jars come first so that Spark gets its own versions of the two
# libraries that the kernel's jar bundles too (commons-codec, commons-logging).
java="$(command -v "${JAVA_HOME:+$JAVA_HOME/bin/}java")"
spec_dir="$kernel_home/kernels/$kernel_name"
mkdir -p "$spec_dir"
cat > "$spec_dir/kernel.json" <<EOF
{
  "argv": [
    "$java",
    "@$home/conf/spark-jvm.options",
    "-Djava.awt.headless=true",
    "-Dlog4j2.configurationFile=$home/conf/log4j2.properties",
    "-cp", "$jar:$(cat "$classpath"):$kernel_jar",
    "org.rapaio.jupyter.kernel.MainApp",
    "{connection_file}"
  ],
  "display_name": "Java (spark-laplacian-score)",
  "language": "java",
  "interrupt_mode": "message"
}
EOF

# Local mode talks to itself only (the kernel inherits this; the cluster notebook's driver address).
export SPARK_LOCAL_IP="${SPARK_LOCAL_IP:-127.0.0.1}"
if [ $# -gt 0 ]; then
  output_dir="$1"
  shift
  notebooks=("$@")
else
  output_dir="$home/target/notebooks"
  notebooks=(notebooks/*.ipynb)
fi
JUPYTER_PATH="$kernel_home" "$python" notebooks/execute.py --output-dir "$output_dir" "${notebooks[@]}"
