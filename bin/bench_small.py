"""The benchmark of small, wide tables run by bin/bench-small (which says what it does).

Whole commands: for each set, `lapscore fit --label-col label --self-loops true --scores-out` (JVM
start included, the JVM's default heap, class-data sharing as bin/lapscore sets it up) and
bin/skfeature-lapscore.py (a fresh Python process: imports, reading the CSV, construct_W,
lap_score) build the same graph (5 nearest neighbours and the row itself, the heat kernel at the
mean squared distance) and rank the features; --runs alternated runs of each, the median kept, and
the share of scikit-feature's 20 best features among the fit's 20 best as a check that both ranked
alike.

In a running session: bin/session_fit.py times one fit of rows cached as a vector column (the
median of 5 after 2 warm-ups, a 6 GB driver heap as the command line's) and counts its Spark jobs; bin/numpy-lapscore.py times the paper's
formula in numpy on the same rows in memory (reading excluded on both sides).
"""
import argparse
import csv
import gzip
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

from bench_wide import LAPSCORE, baseline, generate, processor, timed, write_section

HOME = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SKFEATURE = os.path.join(HOME, "bin", "skfeature-lapscore.py")
SESSION_FIT = os.path.join(HOME, "bin", "session_fit.py")
SETS = "colon,leukemia,lymphoma,nci9,Yale,warpPIE10P"


def best(path, column, count=20):
    """The `count` best features of a ranking CSV: `rank` 1, 2, ... by its `column` names."""
    with open(path) as lines:
        ranked = [(int(row["rank"]), row[column]) for row in csv.DictReader(lines) if row["rank"]]
    return {name for rank, name in sorted(ranked)[:count]}


def shape_of(path):
    """Rows x features of a gzipped CSV with a header and a label column."""
    with gzip.open(path, "rt") as lines:
        columns = len(next(lines).split(",")) - 1
        rows = sum(1 for line in lines if line.strip())
    return rows, columns


def whole_commands(folder, names, runs, work):
    lines = ["| set | rows x features | whole fit (s) | scikit-feature process (s) | fit / scikit-feature | same 20 best |"
             " the fit's steps (s) |", "|---|---|---:|---:|---:|---:|---|"]
    for name in names:
        path = os.path.join(folder, name + ".csv.gz")
        ours_out, theirs_out = os.path.join(work, name + "-scores.csv"), os.path.join(work, name + "-skf.csv")
        ours_log, theirs_log = os.path.join(work, name + "-fit.log"), os.path.join(work, name + "-skf.log")
        ours_cmd = [LAPSCORE, "fit", "--input", path, "--label-col", "label", "--self-loops", "true", "--scores-out", ours_out,
                    "--overwrite"]
        theirs_cmd = [sys.executable, SKFEATURE, "--input", path, "--label-col", "label", "--ranking-out", theirs_out]
        ours, theirs = [], []
        for run in range(runs):
            order = [(ours_cmd, ours_log, ours), (theirs_cmd, theirs_log, theirs)]
            for command, log, seconds in (order if run % 2 == 0 else order[::-1]):
                seconds.append(timed(command, log)[0])
        with open(ours_log) as text:
            steps = re.search(r"^Seconds: (.*?)(?: \(|$)", text.read(), re.M).group(1)
        same = len(best(ours_out, "feature") & best(theirs_out, "feature")) / 20
        rows, columns = shape_of(path)
        fit, skf = statistics.median(ours), statistics.median(theirs)
        print(f"{name}: fit {fit:.1f} s, scikit-feature {skf:.1f} s, same 20 best {same:.2f}", file=sys.stderr)
        lines.append(f"| {name} | {rows:,} x {columns:,} | {fit:.1f} | {skf:.1f} | {fit / skf:.1f} | {same:.2f} | {steps} |")
    return lines


def to_parquet(csv_path, label, parquet_path):
    """The features of a CSV as a Parquet file of one array column x, as session_fit.py reads it."""
    import pandas as pd
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pd.read_csv(csv_path)
    table.pop(label)
    values = table.to_numpy(dtype=float)
    pq.write_table(pa.table({"x": pa.array(list(values), type=pa.list_(pa.float64()))}), parquet_path)


def in_session(first_set, work):
    lines = ["| rows x features | one fit in a running session (s) | Spark jobs per fit | numpy in memory (s) | fit / numpy |",
             "|---|---:|---:|---:|---:|"]
    plain = os.path.join(work, "first.csv")
    with gzip.open(first_set, "rt") as source, open(plain, "w") as target:
        shutil.copyfileobj(source, target)
    generated = os.path.join(work, "generated.csv")
    generate(2000, 20000, generated, os.path.join(work, "generate.log"))
    for path, label in ((plain, "label"), (generated, "cluster")):
        parquet = path.replace(".csv", ".parquet")
        to_parquet(path, label, parquet)
        numpy = baseline(path, os.path.join(work, "numpy-scores.csv"), ["--label-col", label])
        output = subprocess.run([sys.executable, SESSION_FIT, "--input", parquet], check=True, stdout=subprocess.PIPE, text=True).stdout
        fit = float(re.search(r"fit_seconds ([0-9.]+)", output).group(1))
        jobs = int(re.search(r"jobs ([0-9]+)", output).group(1))
        rows, columns = map(int, re.search(r"rows ([0-9]+) features ([0-9]+)", output).groups())
        print(f"{rows} x {columns}: fit {fit:.3f} s in {jobs} jobs, numpy {numpy:.3f} s", file=sys.stderr)
        lines.append(f"| {rows:,} x {columns:,} | {fit:.2f} | {jobs} | {numpy:.2f} | {fit / numpy:.1f} |")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sets", required=True, help="folder of the benchmark sets (NAME.csv.gz, a header, a column label)")
    parser.add_argument("--names", default=SETS)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--write-docs", action="store_true", help="replace the small-table section of docs/performance.md")
    args = parser.parse_args()
    names = args.names.split(",")
    work = tempfile.mkdtemp(prefix="lapscore-bench-small-")
    try:
        whole = whole_commands(args.sets, names, args.runs, work)
        session = in_session(os.path.join(args.sets, names[0] + ".csv.gz"), work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    table = "\n".join([f"Written by `bin/bench-small --names {args.names} --runs {args.runs}`, on {processor()}:", ""] + whole
                      + ["", "In a running session, the rows cached:", ""] + session)
    print(table)
    if args.write_docs:
        write_section("small", table)


if __name__ == "__main__":
    main()
