#!/usr/bin/python3
"""The pynndescent baseline of `lapscore bench` and `bin/bench-wide`: the k-nearest-neighbour graph
of the rows in a raw file of little-endian float64 (rows x dims, row-major), or of a LibSVM file
read into a scipy CSR matrix (pynndescent's sparse mode), built by pynndescent's NNDescent with
--metric, and the k nearest neighbours of the rows asked for (a raw file of little-endian int64
row numbers).

Prints "seconds S" (the build, after a small warm-up build that compiles pynndescent's numba code),
"compile_seconds C" (that warm-up), then one line per asked row: the row, then its k nearest other
rows. Run by lapscore.bench.PynndescentBaseline; needs Debian's python3-pynndescent.
"""
import argparse
import os
import sys
import time


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--data", help="raw little-endian float64 rows (needs --dims)")
    source.add_argument("--libsvm", help="a LibSVM file, kept sparse")
    parser.add_argument("--dims", type=int)
    parser.add_argument("--metric", default="euclidean")
    parser.add_argument("--queries", required=True)
    parser.add_argument("--k", type=int, required=True)
    parser.add_argument("--neighbors", type=int, required=True, help="n_neighbors of the build (k + 1 or more)")
    parser.add_argument("--threads", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    args = parser.parse_args()
    os.environ.setdefault("NUMBA_NUM_THREADS", str(args.threads))

    import numpy as np
    from pynndescent import NNDescent

    from scipy import sparse

    if args.libsvm:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        data = __import__("numpy-lapscore").read_libsvm(args.libsvm)[0]
        warm_up = sparse.random(2000, data.shape[1], density=min(1.0, data.nnz / data.shape[0] / data.shape[1]),
                                format="csr", random_state=args.seed)
    else:
        data = np.fromfile(args.data, dtype="<f8").reshape(-1, args.dims)
        warm_up = np.random.default_rng(args.seed).standard_normal((2000, args.dims))
    queries = np.fromfile(args.queries, dtype="<i8")

    start = time.perf_counter()
    NNDescent(warm_up, metric=args.metric, n_neighbors=args.neighbors, random_state=args.seed, n_jobs=args.threads)
    compile_seconds = time.perf_counter() - start

    start = time.perf_counter()
    index = NNDescent(data, metric=args.metric, n_neighbors=args.neighbors, random_state=args.seed, n_jobs=args.threads)
    indices, _ = index.neighbor_graph
    seconds = time.perf_counter() - start

    print(f"seconds {seconds:.6f}")
    print(f"compile_seconds {compile_seconds:.6f}")
    for row in queries.tolist():
        others = [int(j) for j in indices[row] if j != row and j >= 0]
        print(row, *others[: args.k])
    sys.stdout.flush()


if __name__ == "__main__":
    main()
