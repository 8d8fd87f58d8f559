#!/usr/bin/python3
"""The plain numpy baseline of `bin/bench-wide`: the Laplacian Score of every column of a CSV (a
header, then numbers; the columns named by --label-col left out), on the exact kNN graph of its rows,
written as plainly as the paper states it (He, Cai and Niyogi, "Laplacian Score for Feature
Selection", NIPS 2005, section 2.1, equations 1-4) with the library's defaults:

  - the k nearest other rows of each row by Euclidean distance, found from the dense matrix of
    squared distances (one matrix product); {i, j} is an edge when either is among the other's k
    nearest (union);
  - the heat kernel S_ij = exp(-||x_i - x_j||^2 / t), t the mean squared distance over all pairs of
    distinct rows, (2 / (m - 1)) sum_i ||x_i - mean||^2, each edge's squared distance summed from the
    differences of its two rows;
  - D = diag(S 1), L = D - S, f~ = f - (f^T D 1 / 1^T D 1) 1, L_r = f~^T L f~ / f~^T D f~ (NaN when
    the denominator is 0).

Prints "read_seconds R" (reading the CSV, not part of the compute), "compute_seconds C" (from the
matrix in memory to the scores), then writes the scores as `feature,score` lines to --scores-out.
Needs Debian's python3-numpy and python3-scipy.
"""
import argparse
import time


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--input", required=True, help="a CSV with a header")
    parser.add_argument("--label-col", default=None)
    parser.add_argument("--k", type=int, default=5)
    parser.add_argument("--scores-out", required=True)
    args = parser.parse_args()

    import numpy as np
    from scipy import sparse

    start = time.perf_counter()
    with open(args.input) as csv:
        header = csv.readline().strip().split(",")
    keep = [c for c, name in enumerate(header) if name != args.label_col]
    x = np.loadtxt(args.input, delimiter=",", skiprows=1, usecols=keep, dtype=np.float64, ndmin=2)
    names = [header[c] for c in keep]
    read_seconds = time.perf_counter() - start

    start = time.perf_counter()
    m = x.shape[0]
    squares = np.einsum("ij,ij->i", x, x)
    distances = squares[:, None] + squares[None, :] - 2.0 * (x @ x.T)
    np.fill_diagonal(distances, np.inf)
    nearest = np.argpartition(distances, args.k, axis=1)[:, : args.k]
    rows = np.repeat(np.arange(m), args.k)
    knn = sparse.coo_matrix((np.ones(m * args.k), (rows, nearest.ravel())), shape=(m, m)).tocsr()
    edges = sparse.triu(knn + knn.T, k=1).tocoo()
    i, j = edges.row, edges.col
    centred = x - x.mean(axis=0)
    t = 2.0 / (m - 1) * np.einsum("ij,ij->", centred, centred)
    edge_squares = np.empty(len(i))
    for chunk in range(0, len(i), 256):
        difference = x[i[chunk : chunk + 256]] - x[j[chunk : chunk + 256]]
        edge_squares[chunk : chunk + 256] = np.einsum("ij,ij->i", difference, difference)
    w = np.exp(-edge_squares / t)
    s = sparse.coo_matrix((np.concatenate([w, w]), (np.concatenate([i, j]), np.concatenate([j, i]))), shape=(m, m)).tocsr()
    d = np.asarray(s.sum(axis=1)).ravel()
    f = x - (d @ x) / d.sum()
    lf = d[:, None] * f - s @ f
    numerators = np.einsum("ij,ij->j", f, lf)
    denominators = np.einsum("i,ij,ij->j", d, f, f)
    with np.errstate(invalid="ignore", divide="ignore"):
        scores = np.where(denominators > 0, numerators / denominators, np.nan)
    compute_seconds = time.perf_counter() - start

    with open(args.scores_out, "w") as out:
        out.write("feature,score\n")
        for name, score in zip(names, scores):
            out.write(f"{name},{score!r}\n")
    print(f"read_seconds {read_seconds:.6f}")
    print(f"compute_seconds {compute_seconds:.6f}")


if __name__ == "__main__":
    main()
