"""The graph-spectral benchmark run by bin/bench-spectral (which says what it does); standard library only.

For each shape m x d: `lapscore generate` writes the rows (seed 3, its defaults: 20 clusters in 10
informative features, the rest noise of the same variance, as `lapscore bench` draws them) as CSV; `lapscore fit --label-col cluster` ranks them by the Laplacian Score, SPEC
(phi3) and MCFS with K = --eigenvectors and d = 20 selected features (MCFS's cardinality), each
timed whole, with the seconds of its graph, of its scores and, within those, of the spectral
embedding (and its Lanczos steps) as the fit prints them. Where the rows are few enough for an
all-pairs distance matrix (--baseline-rows), bin/numpy-lapscore.py computes the same scores on the
same rows (scipy's eigsh, scikit-learn's lars_path) in the same run, and the largest difference of
the scores is reported.
"""
import argparse
import csv
import os
import re
import shutil
import subprocess
import sys
import tempfile

from bench_wide import processor, write_section

HOME = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LAPSCORE = os.path.join(HOME, "bin", "lapscore")
BASELINE = os.path.join(HOME, "bin", "numpy-lapscore.py")
SCORES = ["laplacian", "spec", "mcfs"]


def timed(command, log, check=True):
    """Runs command; returns (seconds, peak resident GiB) from /usr/bin/time, its output in log."""
    with open(log, "w") as out:
        subprocess.run(["/usr/bin/time", "-f", "TIME %e %M"] + command, stdout=out, stderr=subprocess.STDOUT, check=check)
    with open(log) as out:
        seconds, kib = re.findall(r"^TIME ([0-9.]+) ([0-9]+)$", out.read(), re.M)[-1]
    return float(seconds), int(kib) / 2**20


def scores(path):
    with open(path) as out:
        return {row["feature"]: float(row["score"]) for row in csv.DictReader(out)}


def largest_relative_difference(ours, baseline):
    """Largest |ours - baseline| / max(|baseline|) over the features (NaN against NaN counts 0)."""
    scale = max(abs(value) for value in baseline.values() if value == value)
    return max(0.0 if a != a and b != b else abs(a - b) / scale for a, b in ((ours[name], baseline[name]) for name in baseline))


def fit(path, score, eigenvectors, max_steps, folder):
    """Our fit of score: (whole seconds, peak GiB, graph s, scores s, embedding s, Lanczos steps, scores file), or
    (whole seconds, peak GiB, the fit's error line) when it was refused."""
    out = os.path.join(folder, f"scores-{score}.csv")
    log = os.path.join(folder, f"fit-{score}.log")
    whole, peak = timed([LAPSCORE, "fit", "--input", path, "--label-col", "cluster", "--score", score, "--num-features", "20",
                         "--eigenvectors", str(eigenvectors), "--max-embedding-steps", str(max_steps), "--scores-out", out],
                        log, check=False)
    with open(log) as text:
        printed = text.read()
    refused = re.search(r"^lapscore: (.*)$", printed, re.M)
    if refused:
        print(f"{os.path.basename(folder)} {score}: refused after {whole:.1f} s: {refused.group(1)}", file=sys.stderr)
        return whole, peak, refused.group(1)
    stages = dict((name, float(value)) for name, value in re.findall(r"([a-z][a-z ]*?) ([0-9.]+)",
                                                                        re.search(r"^Seconds: (.*)$", printed, re.M).group(1)))
    embedding = sum(float(value) for value in re.findall(r"^\[scores\] Spectral embedding: .*: ([0-9.]+) s$", printed, re.M))
    steps = re.search(r"after ([0-9]+) Lanczos steps", printed)
    graph = stages.get("graph", 0.0) + stages.get("weights", 0.0)
    print(f"{os.path.basename(folder)} {score}: fit {whole:.1f} s, graph {graph:.1f} s, scores {stages['scores']:.1f} s,"
          f" embedding {embedding:.1f} s", file=sys.stderr)
    where = " (one task)" if re.search(r"^\[scores\] Spectral embedding: .* in one task,", printed, re.M) else " (distributed)"
    return whole, peak, graph, stages["scores"], embedding, steps.group(1) + where if steps else "—", out


def baseline(path, score, eigenvectors, folder):
    """The numpy baseline of score: (its seconds by part, its scores file)."""
    out = os.path.join(folder, f"numpy-{score}.csv")
    printed = subprocess.run([sys.executable, BASELINE, "--input", path, "--label-col", "cluster", "--score", score,
                              "--eigenvectors", str(eigenvectors), "--num-features", "20", "--scores-out", out],
                             check=True, capture_output=True, text=True).stdout
    parts = dict((name, float(value)) for name, value in re.findall(r"^([a-z_]+) ([0-9.]+)$", printed, re.M))
    print(f"{os.path.basename(folder)} {score}: numpy {parts}", file=sys.stderr)
    return parts, out


def run_shape(shape, eigenvectors, max_steps, baseline_rows, work):
    rows, dims = (int(part) for part in shape.split("x"))
    folder = os.path.join(work, shape)
    os.makedirs(folder)
    table = os.path.join(folder, "table.csv")
    timed([LAPSCORE, "generate", "--rows", str(rows), "--dims", str(dims), "--seed", "3", "--output", table],
          os.path.join(folder, "generate.log"))
    lines = []
    for score in SCORES:
        result = fit(table, score, eigenvectors, max_steps, folder)
        if len(result) == 3:
            lines.append(f"| {rows:,} x {dims:,} | {score} | {result[0]:.1f} | refused: {result[2]} | | | | {result[1]:.1f} | | |")
            continue
        whole, peak, graph, scored, embedding, steps, ours = result
        numpy_cells = "not run (all-pairs distances of this many rows)"
        difference = "—"
        if rows <= baseline_rows:
            parts, theirs = baseline(table, score, eigenvectors, folder)
            spectral = parts.get("embedding_seconds", 0.0) + parts.get("regression_seconds", 0.0)
            numpy_cells = (f"{parts['compute_seconds']:.1f} (graph {parts['graph_seconds']:.1f}"
                           + (f", embedding {parts['embedding_seconds']:.1f}, scores {parts['regression_seconds']:.1f}" if spectral else "")
                           + ")")
            difference = f"{largest_relative_difference(scores(ours), scores(theirs)):.0e}"
        lines.append(f"| {rows:,} x {dims:,} | {score} | {whole:.1f} | {graph:.1f} | {scored:.1f} | "
                     f"{f'{embedding:.1f}' if embedding else '—'} | {steps} | {peak:.1f} | {numpy_cells} | {difference} |")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--shapes", default="100000x50,2000x20000")
    parser.add_argument("--eigenvectors", type=int, default=10)
    parser.add_argument("--max-embedding-steps", type=int, default=300)
    parser.add_argument("--baseline-rows", type=int, default=20000, help="most rows the numpy baseline is run on")
    parser.add_argument("--write-docs", action="store_true", help="replace the spectral table of docs/performance.md")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="lapscore-bench-spectral-")
    try:
        lines = ["| rows x features | score | whole fit (s) | graph (s) | scores (s) | of which embedding (s) | Lanczos steps |"
                 " peak resident (GiB) | numpy compute (s) | largest score difference / largest score |",
                 "|---|---|---|---|---|---|---|---|---|---|"]
        for shape in args.shapes.split(","):
            lines += run_shape(shape, args.eigenvectors, args.max_embedding_steps, args.baseline_rows, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    lines.insert(0, f"Written by `bin/bench-spectral --shapes {args.shapes} --eigenvectors {args.eigenvectors}"
                    f" --max-embedding-steps {args.max_embedding_steps}`, on {processor()}:\n")
    table = "\n".join(lines)
    print(table)
    if args.write_docs:
        write_section("spectral", table)


if __name__ == "__main__":
    main()
