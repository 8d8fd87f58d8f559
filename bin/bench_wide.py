"""The wide-table benchmark run by bin/bench-wide (which says what it does); standard library only.

For each shape m x d: `lapscore generate` writes the rows (seed 3, 20 informative features, 5
clusters) as CSV, and as Parquet or LibSVM where the shape's formats ask for them (LibSVM converted
from the CSV here); `lapscore fit --label-col cluster` ranks each file, timed whole with its peak
resident memory (/usr/bin/time); bin/numpy-lapscore.py computes the scores from the CSV in memory.
Every fit's scores must equal the baseline's to 1e-9. A fit of the first 10 rows of the same
columns is the fixed cost of starting (JVM, Spark, reading a schema of d columns).

A sparse shape m x d@density (20000x100000@0.005) is drawn by bin/sparse-table.py (TF-IDF-like
LibSVM, seed 3) and fitted with --distance cosine, the baseline keeping the rows sparse; beside
it, pynndescent's sparse mode (bin/pynndescent-knn.py, cosine, n_neighbors 6 and 30) on the same
rows, with its recall@5 against the baseline's exact neighbours on every 20th row.
"""
import argparse
import csv
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time

HOME = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LAPSCORE = os.path.join(HOME, "bin", "lapscore")
BASELINE = os.path.join(HOME, "bin", "numpy-lapscore.py")
SPARSE_TABLE = os.path.join(HOME, "bin", "sparse-table.py")
PYNNDESCENT = os.path.join(HOME, "bin", "pynndescent-knn.py")
DOCS = os.path.join(HOME, "docs", "performance.md")
FORMATS = {"2000x20000": ["csv", "parquet"], "1000x10000": ["libsvm", "csv"], "200x50000": ["csv"]}


def timed(command, log):
    """Runs command; returns (seconds, peak resident GiB) from /usr/bin/time, its output in log."""
    with open(log, "w") as out:
        subprocess.run(["/usr/bin/time", "-f", "TIME %e %M"] + command, stdout=out, stderr=subprocess.STDOUT, check=True)
    with open(log) as out:
        seconds, kib = re.findall(r"^TIME ([0-9.]+) ([0-9]+)$", out.read(), re.M)[-1]
    return float(seconds), int(kib) / 2**20


def generate(rows, dims, path, log):
    return timed([LAPSCORE, "generate", "--rows", str(rows), "--dims", str(dims), "--informative", "20", "--clusters", "5",
                  "--seed", "3", "--output", path], log)[0]


def to_libsvm(csv_path, libsvm_path):
    """The CSV's rows as LibSVM lines: the cluster as the label, feature c as index c + 1."""
    with open(csv_path) as source, open(libsvm_path, "w") as target:
        reader = csv.reader(source)
        header = next(reader)
        label = header.index("cluster")
        for row in reader:
            features = [value for c, value in enumerate(row) if c != label]
            target.write(row[label] + " " + " ".join(f"{c + 1}:{value}" for c, value in enumerate(features)) + "\n")


def scores(path):
    with open(path) as out:
        return {row["feature"]: float(row["score"]) for row in csv.DictReader(out)}


def largest_difference(ours, baseline, from_csv):
    """Largest |ours - baseline| over the features; a LibSVM file converted from the CSV names feature c + 1 what the CSV's
    header names column c (from_csv)."""
    if from_csv:
        names = list(baseline)
        ours = {names[int(name[1:]) - 1]: score for name, score in ours.items()}
    both = [(ours[name], baseline[name]) for name in baseline]
    assert len(ours) == len(baseline), (len(ours), len(baseline))
    return max(0.0 if a != a and b != b else abs(a - b) for a, b in both)


def baseline(path, scores_out, extra=()):
    """Runs the numpy baseline; returns its compute seconds."""
    output = subprocess.run([sys.executable, BASELINE, "--input", path, "--scores-out", scores_out, *extra],
                            check=True, capture_output=True, text=True).stdout
    return float(re.search(r"compute_seconds ([0-9.]+)", output).group(1))


def fit_line(shape_label, fmt, path, label, fixed, compute, baseline_scores, folder, extra=(), from_csv=False):
    """Fits path whole, compares its scores with the baseline's, and returns the table line."""
    ours = os.path.join(folder, f"scores-{fmt}.csv")
    log = os.path.join(folder, f"fit-{fmt}.log")
    whole, peak = timed([LAPSCORE, "fit", "--input", path, "--label-col", label, "--num-features", "20", "--scores-out", ours, *extra],
                        log)
    difference = largest_difference(scores(ours), scores(baseline_scores), from_csv)
    with open(log) as text:
        steps = re.search(r"^Seconds: (.*?)(?: \(|$)", text.read(), re.M).group(1)
    print(f"{shape_label} {fmt}: fit {whole:.1f} s, {peak:.1f} GiB, |difference| {difference:.1e}", file=sys.stderr)
    return (f"| {shape_label} | {fmt} | {whole:.1f} | {fixed:.1f} | {compute:.1f} | {whole / compute:.1f} |"
            f" {(whole - fixed) / compute:.1f} | {peak:.1f} | {difference:.0e} | {steps} |")


def run_sparse_shape(shape, work):
    """The sparse shape: our fit and pynndescent's sparse mode against the sparse numpy baseline."""
    size, density = shape.split("@")
    rows, dims = (int(part) for part in size.split("x"))
    folder = os.path.join(work, shape.replace("@", "-"))
    os.makedirs(folder)
    table = os.path.join(folder, "table.libsvm")
    start = time.perf_counter()
    subprocess.run([sys.executable, SPARSE_TABLE, "--rows", str(rows), "--dims", str(dims), "--density", density, "--seed", "3",
                    "--output", table], check=True)
    print(f"{shape}: sparse table {time.perf_counter() - start:.1f} s", file=sys.stderr)
    baseline_scores = os.path.join(folder, "numpy-scores.csv")
    exact_lists = os.path.join(folder, "numpy-neighbours.txt")
    compute = baseline(table, baseline_scores, ["--distance", "cosine", "--neighbours-out", exact_lists])
    print(f"{shape}: numpy compute {compute:.1f} s", file=sys.stderr)
    small = os.path.join(folder, "ten-rows.libsvm")
    with open(table) as source, open(small, "w") as target:
        for _ in range(10):
            target.write(source.readline())
    fixed, _ = timed([LAPSCORE, "fit", "--input", small, "--label-col", "label", "--distance", "cosine", "--num-features", "20"],
                     os.path.join(folder, "fit-ten-rows.log"))
    label = f"{rows:,} x {dims:,}, {float(density) * 100:g} % non-zero"
    line = fit_line(label, "libsvm", table, "label", fixed, compute, baseline_scores, folder, ["--distance", "cosine"])
    with open(exact_lists) as lists:
        exact = {int(row): set(map(int, others)) for row, *others in (entry.split() for entry in lists)}
    queries = os.path.join(folder, "queries.bin")
    asked = list(range(0, rows, 20))
    with open(queries, "wb") as out:
        out.write(struct.pack(f"<{len(asked)}q", *asked))
    others = []
    for neighbors in (6, 30):
        output = subprocess.run([sys.executable, PYNNDESCENT, "--libsvm", table, "--metric", "cosine", "--queries", queries, "--k", "5",
                                 "--neighbors", str(neighbors), "--threads", str(os.cpu_count() or 1), "--seed", "3"],
                                check=True, capture_output=True, text=True).stdout.splitlines()
        seconds = float(output[0].split()[1])
        compile_seconds = float(output[1].split()[1])
        found = {int(row): set(map(int, rest)) for row, *rest in (entry.split() for entry in output[2:])}
        recall = sum(len(found[row] & exact[row]) for row in asked) / (5.0 * len(asked))
        print(f"{shape}: pynndescent n_neighbors {neighbors}: {seconds:.1f} s, recall@5 {recall:.4f}", file=sys.stderr)
        others.append(f"| pynndescent, sparse, cosine, n_neighbors {neighbors} | {seconds:.1f} (+{compile_seconds:.1f} numba compile)"
                      f" | {recall:.4f} |")
    return [line], others


def run_shape(shape, work):
    rows, dims = (int(part) for part in shape.split("x"))
    folder = os.path.join(work, shape)
    os.makedirs(folder)
    table_csv = os.path.join(folder, "table.csv")
    lines = []
    seconds = generate(rows, dims, table_csv, os.path.join(folder, "generate-csv.log"))
    print(f"{shape}: generate csv {seconds:.1f} s", file=sys.stderr)
    baseline_scores = os.path.join(folder, "numpy-scores.csv")
    compute = baseline(table_csv, baseline_scores, ["--label-col", "cluster"])
    print(f"{shape}: numpy compute {compute:.1f} s", file=sys.stderr)
    small = os.path.join(folder, "ten-rows.csv")
    with open(table_csv) as source, open(small, "w") as target:
        for _ in range(11):
            target.write(source.readline())
    fixed, _ = timed([LAPSCORE, "fit", "--input", small, "--label-col", "cluster", "--num-features", "20"],
                     os.path.join(folder, "fit-ten-rows.log"))
    for fmt in FORMATS.get(shape, ["csv"]):
        path = table_csv
        if fmt == "parquet":
            path = os.path.join(folder, "table.parquet")
            seconds = generate(rows, dims, path, os.path.join(folder, "generate-parquet.log"))
            print(f"{shape}: generate parquet {seconds:.1f} s", file=sys.stderr)
        elif fmt == "libsvm":
            path = os.path.join(folder, "table.libsvm")
            to_libsvm(table_csv, path)
        label = "label" if fmt == "libsvm" else "cluster"
        lines.append(fit_line(f"{rows:,} x {dims:,}", fmt, path, label, fixed, compute, baseline_scores, folder,
                              from_csv=fmt == "libsvm"))
    return lines


def processor():
    """The processor's model name and the cores this process sees, as the tables name the machine."""
    model = os.uname().machine
    try:
        with open("/proc/cpuinfo") as info:
            model = next((line.split(":", 1)[1].strip() for line in info if line.startswith("model name")), model)
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores"


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--shapes", default="2000x20000,1000x10000,200x50000,20000x100000@0.005")
    parser.add_argument("--write-docs", action="store_true", help="replace the wide table of docs/performance.md")
    parser.add_argument("--keep", action="store_true", help="keep the generated files (printed folder)")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="lapscore-bench-wide-")
    try:
        lines = ["| rows x features | format | whole fit (s) | fit of 10 rows (s) | numpy compute (s) | fit / numpy |"
                 " (fit - 10 rows) / numpy | peak resident (GiB) | largest score difference | the fit's steps (s) |",
                 "|---|---|---|---|---|---|---|---|---|---|"]
        others = []
        for shape in args.shapes.split(","):
            if "@" in shape:
                ours, theirs = run_sparse_shape(shape, work)
                lines += ours
                others += theirs
            else:
                lines += run_shape(shape, work)
        if others:
            lines += ["", "The sparse rows' k nearest neighbours by pynndescent, on the same file in the same run (the fit above"
                      " searches exactly, recall 1):", "", "| search | seconds | recall@5 |", "|---|---|---|"] + others
    finally:
        if args.keep:
            print(f"files kept in {work}", file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)
    lines.insert(0, f"Written by `bin/bench-wide --shapes {args.shapes}`, on {processor()}:\n")
    table = "\n".join(lines)
    print(table)
    if args.write_docs:
        write_section("wide", table)


def write_section(name, table):
    """Replaces what lies between docs/performance.md's markers <!-- begin:NAME --> and <!-- end:NAME --> with table."""
    with open(DOCS) as page:
        text = page.read()
    begin, end = f"<!-- begin:{name} -->", f"<!-- end:{name} -->"
    text = re.sub(re.escape(begin) + ".*?" + re.escape(end), lambda _: begin + "\n" + table + "\n" + end, text, flags=re.S)
    with open(DOCS, "w") as page:
        page.write(text)


if __name__ == "__main__":
    main()
