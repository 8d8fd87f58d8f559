"""The fit inside a running session, for `bin/bench-small`: a PySpark session with the library's
jar (`lapscore.start`), the rows of a Parquet file (an array column `x`) turned into a cached
vector column as a notebook user holds them, fitted --warmups times to warm the JVM up, then --runs
times, each timed and its Spark jobs counted (a job group per fit). Prints "fit_seconds S" (the
median), "jobs J" and "rows R features D".
"""
import argparse
import statistics
import time

import lapscore
from pyspark.ml.functions import array_to_vector


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--input", required=True, help="Parquet with a column x of arrays of doubles")
    parser.add_argument("--warmups", type=int, default=2)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--driver-memory", default="6g", help="the session's heap (PySpark's default is 1g; the command line's"
                        " JVM takes a quarter of the machine's memory, 6 GB here)")
    args = parser.parse_args()
    spark = lapscore.start(master="local[*]", app_name="bench-small", conf={"spark.ui.enabled": "false", "spark.ui.showConsoleProgress": "false",
                                                                             "spark.driver.memory": args.driver_memory})
    spark.sparkContext.setLogLevel("ERROR")
    rows = spark.read.parquet(args.input).select(array_to_vector("x").alias("features")).cache()
    count = rows.count()
    dims = len(rows.first()["features"])
    seconds, jobs = [], []
    for run in range(args.warmups + args.runs):
        group = f"bench-small-fit-{run}"
        spark.sparkContext.setJobGroup(group, "one fit")
        start = time.perf_counter()
        lapscore.LaplacianScoreSelector(numTopFeatures=20).fit(rows)
        elapsed = time.perf_counter() - start
        if run >= args.warmups:
            seconds.append(elapsed)
            jobs.append(len(spark.sparkContext.statusTracker().getJobIdsForGroup(group)))
    print(f"fit_seconds {statistics.median(seconds):.4f}")
    print(f"jobs {max(jobs)}")
    print(f"rows {count} features {dims}")
    spark.stop()


if __name__ == "__main__":
    main()
