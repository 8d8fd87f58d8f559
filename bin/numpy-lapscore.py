#!/usr/bin/python3
"""The plain numpy baseline of `bin/bench-wide` and `bin/bench-spectral`: the Laplacian Score of every feature of a CSV (a
header, then numbers; the columns named by --label-col left out) or of a LibSVM file (read into a
scipy CSR matrix and kept sparse), on the exact kNN graph of its rows, written as plainly as the
paper states it (He, Cai and Niyogi, "Laplacian Score for Feature Selection", NIPS 2005, section
2.1, equations 1-4) with the library's defaults:

  - the k nearest other rows of each row by Euclidean distance between the rows, or between the
    rows scaled to unit length for --distance cosine, found from the matrix of squared distances
    ||e_i||^2 + ||e_j||^2 - 2 e_i . e_j (one matrix product; for LibSVM, 1 000 rows at a time);
    {i, j} is an edge when either is among the other's k nearest (union);
  - the heat kernel S_ij = exp(-||e_i - e_j||^2 / t), t the mean squared distance over all pairs of
    distinct rows, (2 / (m - 1)) sum_i ||e_i - mean||^2, each edge's squared distance summed from the
    differences of its two rows;
  - D = diag(S 1), L = D - S, f~ = f - (f^T D 1 / 1^T D 1) 1, L_r = f~^T L f~ / f~^T D f~ (NaN when
    the denominator is 0); for LibSVM, f~^T L f~ = sum over edges of S_ij (f_i - f_j)^2 and
    f~^T D f~ = sum_i D_ii f_i^2 - (f^T D 1)^2 / 1^T D 1, so that no dense m x d matrix is formed.

With --score spec (a dense CSV only), Zhao and Liu's phi3 (ICML 2007, section 3) on the same graph:
the K largest eigenpairs of D^-1/2 S D^-1/2 by scipy's eigsh (ARPACK), the largest being the trivial
one, lambda_j = 1 - mu_j, fh = D^1/2 f / ||D^1/2 f||, phi3 = sum_{j=1..K} (2 - lambda_j) (fh . xi_j)^2.
With --score mcfs, Cai, Zhang and He's MCFS (KDD 2010, section 3): y_k = D^-1/2 xi_k regressed on
the centred features by scikit-learn's lars_path (method "lasso", Debian's python3-sklearn), the
coefficients taken at the breakpoint where the path goes from --num-features active features to
one more; MCFS = max_k |a_k|.

Prints "read_seconds R" (reading the file, not part of the compute), "compute_seconds C" (from the
matrix in memory to the scores; for spec and mcfs also "graph_seconds", "embedding_seconds" and
"regression_seconds", its parts), then writes the scores as `feature,score` lines to --scores-out
(LibSVM features named after their indices in the file, f1, f2, ..., as `lapscore fit` names them)
and, with --neighbours-out, every row's k nearest as `row n1 n2 ...` lines. Needs Debian's
python3-numpy and python3-scipy.
"""
import argparse
import time


def read_csv(path, label_col):
    import numpy as np

    with open(path) as csv:
        header = csv.readline().strip().split(",")
    keep = [c for c, name in enumerate(header) if name != label_col]
    x = np.loadtxt(path, delimiter=",", skiprows=1, usecols=keep, dtype=np.float64, ndmin=2)
    return x, [header[c] for c in keep]


def read_libsvm(path):
    import numpy as np
    from scipy import sparse

    pointers, indices, values = [0], [], []
    with open(path) as lines:
        for line in lines:
            for item in line.split()[1:]:
                index, value = item.split(":")
                indices.append(int(index) - 1)
                values.append(float(value))
            pointers.append(len(indices))
    dims = max(indices) + 1
    x = sparse.csr_matrix((np.array(values), np.array(indices), np.array(pointers)), shape=(len(pointers) - 1, dims))
    return x, [f"f{j + 1}" for j in range(dims)]


def nearest_dense(e, k):
    """Every row's k nearest other rows (in no order), all pairs, in blocks of rows of at most 256 MiB of distances."""
    import numpy as np

    m = e.shape[0]
    squares = np.einsum("ij,ij->i", e, e)
    nearest = np.empty((m, k), dtype=np.int64)
    step = max(1, (1 << 25) // m)
    for start in range(0, m, step):
        stop = min(m, start + step)
        distances = squares[start:stop, None] + squares[None, :] - 2.0 * (e[start:stop] @ e.T)
        distances[np.arange(stop - start), np.arange(start, stop)] = np.inf
        nearest[start:stop] = np.argpartition(distances, k, axis=1)[:, :k]
    return nearest


def nearest_sparse(e, k):
    import numpy as np

    m = e.shape[0]
    squares = np.asarray(e.multiply(e).sum(axis=1)).ravel()
    transposed = e.T.tocsc()
    nearest = np.empty((m, k), dtype=np.int64)
    for start in range(0, m, 1000):
        stop = min(m, start + 1000)
        distances = squares[start:stop, None] + squares[None, :] - 2.0 * (e[start:stop] @ transposed).toarray()
        distances[np.arange(stop - start), np.arange(start, stop)] = np.inf
        nearest[start:stop] = np.argpartition(distances, k, axis=1)[:, :k]
    return nearest


def scores_of(x, k, cosine):
    """The scores of every column of x (dense array or CSR matrix), every row's k nearest, the weights S and degrees d."""
    import numpy as np
    from scipy import sparse

    m = x.shape[0]
    is_sparse = sparse.issparse(x)
    if cosine:
        lengths = np.sqrt(np.asarray(x.multiply(x).sum(axis=1)).ravel()) if is_sparse else np.sqrt(np.einsum("ij,ij->i", x, x))
        e = sparse.diags(1.0 / lengths) @ x if is_sparse else x / lengths[:, None]
    else:
        e = x
    nearest = nearest_sparse(e.tocsr(), k) if is_sparse else nearest_dense(e, k)
    rows = np.repeat(np.arange(m), k)
    knn = sparse.coo_matrix((np.ones(m * k), (rows, nearest.ravel())), shape=(m, m)).tocsr()
    edges = sparse.triu(knn + knn.T, k=1).tocoo()
    i, j = edges.row, edges.col
    if is_sparse:
        mean = np.asarray(e.mean(axis=0)).ravel()
        t = 2.0 / (m - 1) * (e.multiply(e).sum() - m * mean @ mean)
        difference = e[i] - e[j]
        edge_squares = np.asarray(difference.multiply(difference).sum(axis=1)).ravel()
    else:
        centred = e - e.mean(axis=0)
        t = 2.0 / (m - 1) * np.einsum("ij,ij->", centred, centred)
        edge_squares = np.empty(len(i))
        for chunk in range(0, len(i), 256):
            difference = e[i[chunk : chunk + 256]] - e[j[chunk : chunk + 256]]
            edge_squares[chunk : chunk + 256] = np.einsum("ij,ij->i", difference, difference)
    w = np.exp(-edge_squares / t)
    s = sparse.coo_matrix((np.concatenate([w, w]), (np.concatenate([i, j]), np.concatenate([j, i]))), shape=(m, m)).tocsr()
    d = np.asarray(s.sum(axis=1)).ravel()
    if is_sparse:
        feature_difference = x[i] - x[j]
        numerators = feature_difference.multiply(feature_difference).T @ w
        weighted_sums = x.T @ d
        denominators = x.multiply(x).T @ d - weighted_sums ** 2 / d.sum()
    else:
        f = x - (d @ x) / d.sum()
        lf = d[:, None] * f - s @ f
        numerators = np.einsum("ij,ij->j", f, lf)
        denominators = np.einsum("i,ij,ij->j", d, f, f)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(denominators > 0, numerators / denominators, np.nan), nearest, s, d


def spectral_embedding(s, d, count):
    """The count smallest non-trivial eigenpairs (lambda_j, xi_j) of I - D^-1/2 S D^-1/2, ascending."""
    import numpy as np
    from scipy import sparse
    from scipy.sparse.linalg import eigsh

    scale = sparse.diags(1.0 / np.sqrt(d))
    values, vectors = eigsh(scale @ s @ scale, k=count + 1, which="LA", tol=0)
    order = np.argsort(-values)[1:]
    return 1.0 - values[order], vectors[:, order]


def spec_scores(x, d, values, vectors):
    import numpy as np

    weighted = np.sqrt(d)[:, None] * x
    with np.errstate(invalid="ignore", divide="ignore"):
        fh = weighted / np.linalg.norm(weighted, axis=0)
    alphas = vectors.T @ fh
    return ((2.0 - values)[:, None] * alphas ** 2).sum(axis=0)


def mcfs_scores(x, d, vectors, cardinality):
    import numpy as np
    from sklearn.linear_model import lars_path

    centred = x - x.mean(axis=0)
    scores = np.zeros(x.shape[1])
    for xi in vectors.T:
        y = xi / np.sqrt(d)
        _, _, coefs = lars_path(centred, y - y.mean(), method="lasso", max_iter=4 * cardinality + 10)
        active = (coefs != 0).sum(axis=0)
        chosen = coefs[:, -1]
        for j in range(coefs.shape[1] - 1):
            if active[j] == cardinality and active[j + 1] > cardinality:
                chosen = coefs[:, j]
                break
        scores = np.maximum(scores, np.abs(chosen))
    return scores


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--input", required=True, help="a CSV with a header, or a .libsvm file")
    parser.add_argument("--label-col", default=None)
    parser.add_argument("--k", type=int, default=5)
    parser.add_argument("--distance", choices=["euclidean", "cosine"], default="euclidean")
    parser.add_argument("--scores-out", required=True)
    parser.add_argument("--neighbours-out", default=None)
    parser.add_argument("--score", choices=["laplacian", "spec", "mcfs"], default="laplacian")
    parser.add_argument("--eigenvectors", type=int, default=10, help="K, for spec and mcfs")
    parser.add_argument("--num-features", type=int, default=20, help="the active features at which mcfs's paths stop")
    args = parser.parse_args()

    start = time.perf_counter()
    x, names = read_libsvm(args.input) if args.input.endswith(".libsvm") else read_csv(args.input, args.label_col)
    read_seconds = time.perf_counter() - start

    start = time.perf_counter()
    scores, nearest, s, d = scores_of(x, args.k, args.distance == "cosine")
    parts = {"graph_seconds": time.perf_counter() - start}
    if args.score != "laplacian":
        begin = time.perf_counter()
        values, vectors = spectral_embedding(s, d, args.eigenvectors)
        parts["embedding_seconds"] = time.perf_counter() - begin
        begin = time.perf_counter()
        scores = spec_scores(x, d, values, vectors) if args.score == "spec" else mcfs_scores(x, d, vectors, args.num_features)
        parts["regression_seconds"] = time.perf_counter() - begin
    compute_seconds = time.perf_counter() - start

    with open(args.scores_out, "w") as out:
        out.write("feature,score\n")
        for name, score in zip(names, scores):
            out.write(f"{name},{score!r}\n")
    if args.neighbours_out:
        with open(args.neighbours_out, "w") as out:
            for row, others in enumerate(nearest.tolist()):
                out.write(" ".join(str(v) for v in [row] + sorted(others)) + "\n")
    print(f"read_seconds {read_seconds:.6f}")
    print(f"compute_seconds {compute_seconds:.6f}")
    for name, seconds in parts.items():
        print(f"{name} {seconds:.6f}")


if __name__ == "__main__":
    main()
