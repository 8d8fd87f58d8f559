#!/usr/bin/python3
"""The plain numpy baseline of `lapscore bench`: the exact k-nearest-neighbour graph of the rows in a
raw file of little-endian float64 (rows x dims, row-major), every pair measured
(`nearest_dense` of bin/numpy-lapscore.py: squared distances by the BLAS numpy links, in blocks of
rows, the k nearest of each by argpartition), and the k nearest neighbours of the rows asked for (a
raw file of little-endian int64 row numbers).

Prints "seconds S" (the whole graph), then one line per asked row: the row, then its k nearest other
rows. Run by lapscore.bench.PythonBaselines with Debian's python3-numpy; --threads sets the BLAS's
threads.
"""
import argparse
import os
import sys
import time


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", required=True, help="raw little-endian float64 rows")
    parser.add_argument("--dims", type=int, required=True)
    parser.add_argument("--queries", required=True)
    parser.add_argument("--k", type=int, required=True)
    parser.add_argument("--threads", type=int, required=True)
    args = parser.parse_args()
    for variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[variable] = str(args.threads)

    import numpy as np

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    nearest_dense = __import__("numpy-lapscore").nearest_dense

    data = np.fromfile(args.data, dtype="<f8").reshape(-1, args.dims)
    queries = np.fromfile(args.queries, dtype="<i8")

    start = time.perf_counter()
    nearest = nearest_dense(data, args.k)
    seconds = time.perf_counter() - start

    print(f"seconds {seconds:.6f}")
    for row in queries.tolist():
        print(row, *[int(j) for j in nearest[row]])
    sys.stdout.flush()


if __name__ == "__main__":
    main()
