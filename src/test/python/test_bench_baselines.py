"""bin/numpy-knn.py, the bench's plain numpy baseline, against every row's neighbours found by
measuring each pair's difference directly: the same k nearest other rows for the rows asked, on
more rows than one block of its distances holds (so that its blocks are stitched together)."""

import pathlib
import subprocess
import sys

import numpy as np

SCRIPT = pathlib.Path(__file__).resolve().parents[3] / "bin" / "numpy-knn.py"


def test_the_numpy_baseline_finds_each_rows_k_nearest_other_rows(tmp_path):
    rows, dims, k = 6000, 3, 7
    data = np.random.default_rng(5).standard_normal((rows, dims))
    queries = np.array([0, 1, 2999, 3000, 5998, 5999] + list(range(17, rows, 97)), dtype="<i8")
    data.astype("<f8").tofile(tmp_path / "rows.f64")
    queries.tofile(tmp_path / "queries.i64")

    output = subprocess.run(
        [sys.executable, str(SCRIPT), "--data", str(tmp_path / "rows.f64"), "--dims", str(dims),
         "--queries", str(tmp_path / "queries.i64"), "--k", str(k), "--threads", "1"],
        check=True, capture_output=True, text=True).stdout.splitlines()

    assert output[0].startswith("seconds ") and float(output[0].split()[1]) > 0
    found = {int(line.split()[0]): sorted(int(j) for j in line.split()[1:]) for line in output[1:]}
    assert sorted(found) == sorted(queries.tolist())
    for row in queries.tolist():
        distances = np.sqrt(((data - data[row]) ** 2).sum(axis=1))
        distances[row] = np.inf
        assert found[row] == sorted(np.argsort(distances)[:k].tolist()), f"row {row}"
